// The address the links of e-mails sent with no request behind them use when the server has no
// APP_URL (app/models/app-origin.server.ts): kept from the contractor's sign-in and registration
// (https behind Fly's proxy), not rewritten by the same address, per account, and shown in
// Settings with whether reminders and follow-ups are on. Route actions and loaders called the way
// Remix calls them, against this file's own database.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { appOrigins } from "#db/schema";
import { getDb } from "~/infrastructure/db.server";
import { env } from "~/infrastructure/env.server";
import { resetSignInLimits } from "~/infrastructure/rate-limit.server";
import { recordAppOrigin, storedAppOrigin } from "~/models/app-origin.server";
import { getUserByEmail } from "~/models/user.server";
import { action as loginAction } from "~/routes/login/route";
import { action as registerAction } from "~/routes/register/route";
import { action as settingsAction, loader as settingsLoader } from "~/routes/app.settings/route";
import { signedInAccount } from "./accounts";
import { formRequest } from "./requests";
import { runRoute } from "./route";

const config = env();
afterEach(() => {
  config.APP_URL = undefined;
  resetSignInLimits();
});

const email = () => `pro-${crypto.randomUUID()}@example.com`;

async function stored(accountId: string) {
  const db = await getDb();
  return db.select().from(appOrigins).where(eq(appOrigins.accountId, accountId)).get();
}

const signIn = (address: string, url: string, headers: Record<string, string> = {}) =>
  runRoute(loginAction, formRequest(url, { email: address, password: "secret1" }, headers));

describe("signing in keeps the address", () => {
  it("as the browser reached it: http directly, https behind the proxy; the same address is not written again", async () => {
    const { user } = await signedInAccount();
    const direct = await signIn(user.email, "http://192.168.1.20:3000/login");
    expect(direct.status).toBe(302);
    expect(await storedAppOrigin(user.id)).toBe("http://192.168.1.20:3000");

    // Fly's proxy speaks http to the app and says https in X-Forwarded-Proto.
    const proxied = await signIn(user.email, "http://pro-electric.fly.dev/login", { "X-Forwarded-Proto": "https" });
    expect(proxied.status).toBe(302);
    const first = await stored(user.id);
    expect(first?.origin).toBe("https://pro-electric.fly.dev");

    // The same address again: the row is left as it was.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await signIn(user.email, "http://pro-electric.fly.dev/login", { "X-Forwarded-Proto": "https" });
    expect(await stored(user.id)).toEqual(first);
  });

  it("not from a failed sign-in", async () => {
    const { user } = await signedInAccount();
    const wrong = await runRoute(
      loginAction,
      formRequest("https://somewhere.example/login", { email: user.email, password: "wrong-one" }),
    );
    expect(wrong.status).toBe(401);
    expect(await storedAppOrigin(user.id)).toBeNull();
  });

  it("from a registration, for the new account", async () => {
    const address = email();
    const created = await runRoute(
      registerAction,
      formRequest(
        "http://pro-electric.fly.dev/register",
        { name: "Rosa", email: address, password: "secret1", confirmPassword: "secret1" },
        { "X-Forwarded-Proto": "https" },
      ),
    );
    expect(created.status).toBe(302);
    const user = await getUserByEmail(address);
    expect(await storedAppOrigin(user!.id)).toBe("https://pro-electric.fly.dev");
  });
});

describe("Settings", () => {
  type Page = Awaited<ReturnType<typeof settingsLoader>>;
  const open = async (cookie: string, url = "http://localhost/app/settings") =>
    (await runRoute(settingsLoader, url, { cookie })).data as Page;

  it("shows the stored address links carry, and reminders on", async () => {
    const { user, cookie } = await signedInAccount();
    await recordAppOrigin(user.id, new Request("https://pro-electric.example/login", { method: "POST" }));
    const page = await open(cookie);
    expect(page.app.links).toEqual({ origin: "https://pro-electric.example", from: "signIn" });
  });

  it("writes nothing when opened; saving it keeps its address when none is stored yet (signed in before addresses were kept)", async () => {
    const { user, cookie } = await signedInAccount();
    const page = await open(cookie, "http://office.example:8080/app/settings");
    expect(page.app.links).toEqual({ origin: null, from: "signIn" });
    expect(await storedAppOrigin(user.id)).toBeNull();
    // The form as the page shows it, saved unchanged (a box ticked is "on", one not ticked is not sent).
    const fields = Object.entries(page.defaults).flatMap(([name, value]): [string, string][] =>
      typeof value === "boolean" ? (value ? [[name, "on"]] : []) : [[name, String(value ?? "")]],
    );
    const save = (url: string) =>
      runRoute(settingsAction, formRequest(url, { ...Object.fromEntries(fields), intent: "save" }, { Cookie: cookie }));
    expect((await save("http://office.example:8080/app/settings")).status).toBe(302);
    expect(await storedAppOrigin(user.id)).toBe("http://office.example:8080");
    // Saved through another address later: the kept one stays (sign-ins move it).
    expect((await save("http://other.example/app/settings")).status).toBe(302);
    expect((await open(cookie, "http://other.example/app/settings")).app.links.origin).toBe("http://office.example:8080");
  });

  it("shows APP_URL when the server has one", async () => {
    const { user, cookie } = await signedInAccount();
    await recordAppOrigin(user.id, new Request("https://pro-electric.example/login", { method: "POST" }));
    config.APP_URL = "http://tradedesk.example/";
    expect((await open(cookie)).app.links).toEqual({ origin: "http://tradedesk.example", from: "appUrl" });
  });
});
