// The team (decision 029): an owner invites by e-mail (a real SMTP server on loopback), the
// invited person joins from the link with a name and password and is signed in with their
// role; roles change, members are removed and signed out at once; bad input changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "~/infrastructure/env.server";
import { getDb } from "~/infrastructure/db.server";
import { loader as apiMe } from "~/routes/api.auth.me/route";
import { action as apiLogin } from "~/routes/api.auth.login/route";
import { loader as apiInvoices } from "~/routes/api.invoices/route";
import { action as joinApi, loader as joinInfo } from "~/routes/api.join.$token/route";
import { loader as teamApi } from "~/routes/api.team/route";
import { action as invitationsApi } from "~/routes/api.team.invitations/route";
import { action as invitationApi } from "~/routes/api.team.invitations.$id/route";
import { action as memberApi } from "~/routes/api.team.$id/route";
import { action as joinPage, loader as joinPageLoader } from "~/routes/join.$token/route";
import { action as teamPage } from "~/routes/app.settings_.team/route";
import { accountSettings, invitations } from "#db/schema";
import { eq } from "drizzle-orm";
import { signedInAccount, signedInMember } from "./accounts";
import { changedTables, tableChecksums } from "./db-checksum";
import { apiRequest, cookiesFrom, formRequest } from "./requests";
import { runRoute } from "./route";
import { mailText } from "./mime";
import { startSmtpServer } from "./smtp-server";

const ORIGIN = "http://localhost";
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  env().SMTP_URL = smtp.url;
  env().APP_URL = ORIGIN;
});
afterAll(async () => {
  env().SMTP_URL = undefined;
  env().APP_URL = undefined;
  await smtp.close();
});

const call = (
  handler: unknown,
  path: string,
  method: string,
  cookie: string | null,
  body?: unknown,
  params: Record<string, string> = {},
) => runRoute(handler, apiRequest(`${ORIGIN}${path}`, method, cookie, body), { params });

const bodyOf = async (response: Response) => JSON.parse(await response.clone().text()) as Record<string, unknown>;

/** The /join/{token} link, subject and text of the latest e-mail to `address`. */
function linkSentTo(address: string): { token: string; text: string; subject: string } {
  const mail = [...smtp.received].reverse().find((m) => m.to.includes(address));
  if (!mail) throw new Error(`no e-mail to ${address}`);
  const { subject, text } = mailText(mail.raw);
  const token = /\/join\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  if (!token) throw new Error(`no join link in the e-mail to ${address}`);
  return { token, text, subject };
}

async function unchanged<T>(run: () => Promise<T>): Promise<T> {
  const before = await tableChecksums();
  const result = await run();
  expect(changedTables(before, await tableChecksums())).toEqual([]);
  return result;
}

describe("inviting, joining, roles and removing, through the API", () => {
  it("takes a technician from the invitation e-mail to a signed-in member with only their role's access", async () => {
    const owner = await signedInAccount("Olivia Owner");
    const address = `tech-${crypto.randomUUID()}@example.com`;
    const invited = await call(invitationsApi, "/api/team/invitations", "POST", owner.cookie, {
      email: address,
      role: "technician",
    });
    expect(invited.status).toBe(201);
    const invitation = await bodyOf(invited);
    expect(invitation).toMatchObject({ email: address, role: "technician" });
    expect(new Date(String(invitation.expiresAt)).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    const { token, text, subject } = linkSentTo(address);
    expect(subject).toBe("Olivia Owner invited you to Your Trade Company on TradeDesk");
    expect(text).toContain("Olivia Owner invited you to join Your Trade Company on TradeDesk as Technician.");
    const team = await bodyOf(await call(teamApi, "/api/team", "GET", owner.cookie));
    expect(team.invitations).toEqual([
      { id: invitation.id, email: address, role: "technician", expiresAt: invitation.expiresAt },
    ]);

    const info = await call(joinInfo, `/api/join/${token}`, "GET", null, undefined, { token });
    expect(await bodyOf(info)).toMatchObject({ email: address, role: "technician", hasLogin: false });

    // A short password creates nothing.
    await unchanged(async () => {
      const short = await call(joinApi, `/api/join/${token}`, "POST", null, { name: "Tomás", password: "12345" }, { token });
      expect(short.status).toBe(400);
    });
    const joined = await call(
      joinApi,
      `/api/join/${token}`,
      "POST",
      null,
      { name: "Tomás Técnico", password: "secret12" },
      { token },
    );
    expect(joined.status).toBe(201);
    expect(await bodyOf(joined)).toMatchObject({
      name: "Tomás Técnico",
      email: address,
      role: "technician",
      accountId: owner.user.id,
    });
    const techCookie = cookiesFrom(joined);
    const me = await bodyOf(await call(apiMe, "/api/auth/me", "GET", techCookie));
    expect(me).toMatchObject({ email: address, role: "technician", accountId: owner.user.id });
    expect((await call(apiInvoices, "/api/invoices", "GET", techCookie)).status).toBe(403);

    // The link works once.
    const again = await call(joinApi, `/api/join/${token}`, "POST", null, { name: "Someone", password: "secret12" }, { token });
    expect(again.status).toBe(404);

    const members = (await bodyOf(await call(teamApi, "/api/team", "GET", owner.cookie))).members as {
      id: string;
      role: string;
      name: string;
    }[];
    expect(members.map((m) => [m.name, m.role])).toEqual([
      ["Olivia Owner", "owner"],
      ["Tomás Técnico", "technician"],
    ]);
    const tech = members[1];

    // Roles: a made-up one is refused; the last owner cannot step down; the technician becomes office.
    expect((await call(memberApi, `/api/team/${tech.id}`, "PUT", owner.cookie, { role: "admin" }, { id: tech.id })).status).toBe(
      400,
    );
    const ownerMember = members[0];
    const demote = await call(
      memberApi,
      `/api/team/${ownerMember.id}`,
      "PUT",
      owner.cookie,
      { role: "office" },
      { id: ownerMember.id },
    );
    expect(demote.status).toBe(409);
    expect(await bodyOf(demote)).toEqual({ message: "The account needs at least one owner" });
    const promoted = await call(memberApi, `/api/team/${tech.id}`, "PUT", owner.cookie, { role: "office" }, { id: tech.id });
    expect(await bodyOf(promoted)).toMatchObject({ id: tech.id, role: "office" });
    expect((await call(apiInvoices, "/api/invoices", "GET", techCookie)).status).toBe(200);

    // Removed: signed out at once, and signing in again finds no account.
    expect((await call(memberApi, `/api/team/${tech.id}`, "DELETE", owner.cookie, undefined, { id: tech.id })).status).toBe(200);
    expect((await call(apiMe, "/api/auth/me", "GET", techCookie)).status).toBe(401);
    const login = await call(apiLogin, "/api/auth/login", "POST", null, { email: address, password: "secret12" });
    expect(login.status).toBe(403);
    expect(await bodyOf(login)).toEqual({
      message: "This login is no longer part of an account. Ask the account's owner for a new invitation.",
    });

    // Invited again, the same login joins with its own password.
    expect(
      (await call(invitationsApi, "/api/team/invitations", "POST", owner.cookie, { email: address, role: "technician" })).status,
    ).toBe(201);
    const second = linkSentTo(address).token;
    const wrong = await call(joinApi, `/api/join/${second}`, "POST", null, { password: "not-it" }, { token: second });
    expect(wrong.status).toBe(401);
    const back = await call(joinApi, `/api/join/${second}`, "POST", null, { password: "secret12" }, { token: second });
    expect(back.status).toBe(201);
    expect(await bodyOf(back)).toMatchObject({ name: "Tomás Técnico", role: "technician" });
  });

  it("refuses bad invitations with a clear message and keeps nothing", async () => {
    const owner = await signedInAccount("Bad Input Owner");
    const other = await signedInAccount("Other Business");
    const cases: [unknown, number, string][] = [
      [{}, 400, "Email is required"],
      [{ email: "not-an-address", role: "office" }, 400, "Please enter a valid email address"],
      [{ email: "a@example.com", role: "owner" }, 400, "Choose Office or Technician"],
      [{ email: "a@example.com", role: "office", extra: 1 }, 400, ""],
      [{ email: owner.user.email, role: "office" }, 409, `${owner.user.email} is already a member of this account`],
      [{ email: other.user.email, role: "office" }, 409, "already signs in to another TradeDesk account"],
    ];
    for (const [body, status, message] of cases) {
      await unchanged(async () => {
        const answer = await call(invitationsApi, "/api/team/invitations", "POST", owner.cookie, body);
        expect(answer.status, JSON.stringify(body)).toBe(status);
        expect(String((await bodyOf(answer)).message)).toContain(message);
      });
    }
    // An office member may not invite; withdrawing another account's invitation is 404.
    const office = await signedInMember(owner.user.id, "office");
    await unchanged(async () => {
      const answer = await call(invitationsApi, "/api/team/invitations", "POST", office.cookie, {
        email: "x@example.com",
        role: "office",
      });
      expect(answer.status).toBe(403);
    });
    const made = await bodyOf(
      await call(invitationsApi, "/api/team/invitations", "POST", other.cookie, {
        email: `o-${crypto.randomUUID()}@example.com`,
        role: "office",
      }),
    );
    await unchanged(async () => {
      expect(
        (
          await call(invitationApi, `/api/team/invitations/${made.id}`, "DELETE", owner.cookie, undefined, {
            id: String(made.id),
          })
        ).status,
      ).toBe(404);
    });
  });

  it("withdrawn and expired links create nothing (404 and 410)", async () => {
    const owner = await signedInAccount("Link Owner");
    const address = `w-${crypto.randomUUID()}@example.com`;
    const made = await bodyOf(
      await call(invitationsApi, "/api/team/invitations", "POST", owner.cookie, { email: address, role: "office" }),
    );
    const { token } = linkSentTo(address);
    expect(
      (await call(invitationApi, `/api/team/invitations/${made.id}`, "DELETE", owner.cookie, undefined, { id: String(made.id) }))
        .status,
    ).toBe(200);
    await unchanged(async () => {
      expect(
        (await call(joinApi, `/api/join/${token}`, "POST", null, { name: "Late", password: "secret12" }, { token })).status,
      ).toBe(404);
    });

    const expiring = `e-${crypto.randomUUID()}@example.com`;
    await call(invitationsApi, "/api/team/invitations", "POST", owner.cookie, { email: expiring, role: "office" });
    const expired = linkSentTo(expiring).token;
    const db = await getDb();
    await db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.email, expiring));
    await unchanged(async () => {
      const answer = await call(
        joinApi,
        `/api/join/${expired}`,
        "POST",
        null,
        { name: "Late", password: "secret12" },
        { token: expired },
      );
      expect(answer.status).toBe(410);
      const page = await runRoute(joinPageLoader, `${ORIGIN}/join/${expired}`, { params: { token: expired } });
      expect(page.status).toBe(410);
    });
  });
});

describe("joining from the page, in the account's document language", () => {
  it("e-mails the invitation in Spanish and signs the new member in from the form", async () => {
    const owner = await signedInAccount("Dueña Española");
    const db = await getDb();
    await db
      .update(accountSettings)
      .set({ documentLanguage: "es", companyName: "Electricidad Sol" })
      .where(eq(accountSettings.accountId, owner.user.id));
    const address = `es-${crypto.randomUUID()}@example.com`;
    expect(
      (await call(invitationsApi, "/api/team/invitations", "POST", owner.cookie, { email: address, role: "technician" })).status,
    ).toBe(201);
    const { token, text, subject } = linkSentTo(address);
    expect(subject).toBe("Dueña Española le invitó a Electricidad Sol en TradeDesk");
    expect(text).toContain("Dueña Española le invitó a unirse a Electricidad Sol en TradeDesk como Técnico");

    const mismatch = await runRoute(
      joinPage,
      formRequest(`${ORIGIN}/join/${token}`, { name: "Ana", password: "secret12", confirmPassword: "secret13" }),
      { params: { token } },
    );
    expect(mismatch.status).toBe(400);
    const joined = await runRoute(
      joinPage,
      formRequest(`${ORIGIN}/join/${token}`, { name: "Ana Técnica", password: "secret12", confirmPassword: "secret12" }),
      { params: { token } },
    );
    expect(joined.status).toBe(302);
    // A technician starts where their role lets them.
    expect(joined.headers.get("Location")).toBe("/app/my-day");
    const me = await bodyOf(await call(apiMe, "/api/auth/me", "GET", cookiesFrom(joined)));
    expect(me).toMatchObject({ name: "Ana Técnica", role: "technician", accountId: owner.user.id });
  });
});

describe("the team page refuses what it cannot do, and changes nothing", () => {
  it("an invitation already withdrawn, a member of no such id, and a made-up role", async () => {
    const owner = await signedInAccount("Page Owner");
    const post = (fields: Record<string, string>) =>
      runRoute(teamPage, formRequest(`${ORIGIN}/app/settings/team`, fields, { Cookie: owner.cookie }));
    for (const [fields, status, description] of [
      [{ intent: "revoke", invitationId: crypto.randomUUID() }, 404, "team.errors.invitationNotFound"],
      [{ intent: "remove", memberId: crypto.randomUUID() }, 404, "team.errors.notFound"],
      [{ intent: "role", memberId: crypto.randomUUID(), role: "admin" }, 400, "team.errors.roleInvalid"],
    ] as const) {
      await unchanged(async () => {
        const answer = await post(fields);
        expect(answer.status, JSON.stringify(fields)).toBe(status);
        expect(answer.data).toMatchObject({ toast: { type: "error", description } });
      });
    }
  });
});
