// Registering with an address that already has an account (docs/decisions/011): the answer is
// the one a new address gets (no 409 telling an outsider the account exists), nobody is
// signed in to the existing account, and its owner is told by e-mail, through a real SMTP
// server on loopback.
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { accountSettings, sessions } from "#db/schema";
import { getSettings } from "~/models/settings.server";
import { getUserByEmail, verifyLogin } from "~/models/user.server";
import { action as apiRegister } from "~/routes/api.auth.register/route";
import { action as registerAction } from "~/routes/register/route";
import { getDb } from "~/infrastructure/db.server";
import { env } from "~/infrastructure/env.server";
import { noticeSettled, resetNotices } from "~/services/registration.server";
import { mailText } from "../../test/mime";
import { callRoute } from "../../test/route-call";
import { formRequest, jsonRequest } from "../../test/requests";

const received: { to: string[]; raw: Buffer }[] = [];
let smtp: SMTPServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  env().SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  env().SMTP_URL = undefined;
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

afterEach(async () => {
  received.length = 0;
  await resetNotices();
});

const ORIGIN = "http://localhost";
const newEmail = () => `owner-${crypto.randomUUID()}@example.com`;
const form = (email: string, name = "Rosa") =>
  formRequest(`${ORIGIN}/register`, { name, email, password: "secret1", confirmPassword: "secret1" });
const api = (email: string, name = "Kim") => jsonRequest(`${ORIGIN}/api/auth/register`, { name, email, password: "secret1" });

async function sessionCount(accountId: string) {
  const db = await getDb();
  return (await db.select().from(sessions).where(eq(sessions.userId, accountId))).length;
}

describe("/register with an address that has an account", () => {
  it("answers as for a new address, signs nobody in, changes nothing, and e-mails the owner", async () => {
    const email = newEmail();
    const first = await callRoute(registerAction, form(email));
    expect(first.status).toBe(302);
    const owner = (await getUserByEmail(email))!;
    const sessionsBefore = await sessionCount(owner.id);

    const again = await callRoute(registerAction, form(email.toUpperCase(), "Mallory"));
    expect(again.status).toBe(first.status);
    expect(again.location).toBe(first.location);
    expect(again.headers.getSetCookie().join("\n")).not.toMatch(/td_session=/);
    expect(await sessionCount(owner.id)).toBe(sessionsBefore);
    expect((await getUserByEmail(email))!.name).toBe("Rosa");
    expect(await verifyLogin(email, "secret1")).toBeTruthy();

    await noticeSettled();
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual([email]);
    const { subject, text } = mailText(received[0]!.raw);
    expect(subject).toBe("Someone tried to create a TradeDesk account with your e-mail");
    expect(text).toContain("Hello Rosa,");
    expect(text).toContain(email);
    expect(text).toContain(`${ORIGIN}/login`);
  });

  it("writes to a Spanish-speaking owner in Spanish, once an hour however often it is tried", async () => {
    const email = newEmail();
    await callRoute(registerAction, form(email, "Lupe"));
    const owner = (await getUserByEmail(email))!;
    await getSettings(owner.id);
    const db = await getDb();
    await db.update(accountSettings).set({ appLanguage: "es" }).where(eq(accountSettings.accountId, owner.id));
    for (let i = 0; i < 3; i++) {
      expect((await callRoute(registerAction, form(email))).status).toBe(302);
      await noticeSettled();
    }
    expect(received).toHaveLength(1);
    const { subject, text } = mailText(received[0]!.raw);
    expect(subject).toBe("Alguien intentó crear una cuenta de TradeDesk con su correo electrónico");
    expect(text).toContain("Hola, Lupe:");
  });
});

describe("POST /api/auth/register with an address that has an account", () => {
  it("answers 201 with a user of the same shape, without a session, and e-mails the owner", async () => {
    const email = newEmail();
    const created = await apiRegister({ request: api(email), params: {}, context: {} });
    expect(created.status).toBe(201);
    const user = await created.json();
    expect(created.headers.getSetCookie().join("\n")).toMatch(/td_session=/);

    const again = await apiRegister({ request: api(email, "Mallory"), params: {}, context: {} });
    expect(again.status).toBe(201);
    expect(again.headers.getSetCookie()).toEqual([]);
    const echo = await again.json();
    expect(Object.keys(echo).sort()).toEqual(Object.keys(user).sort());
    expect(echo).toMatchObject({ name: "Mallory", email });
    // Not the account's id: the answer gives nothing of the existing account away.
    expect(echo.id).not.toBe(user.id);
    expect(echo.id).toMatch(/^[0-9a-f-]{36}$/);

    await noticeSettled();
    expect(received.map((mail) => mail.to)).toEqual([[email]]);
  });
});
