// The sign-in, registration and sign-out route actions and the /api/auth endpoints,
// called the way Remix calls them, against this file's own database.
import { describe, expect, it } from "vitest";
import { action as loginAction } from "~/routes/login/route";
import { action as logoutAction } from "~/routes/logout/route";
import { action as registerAction, loader as registerLoader } from "~/routes/register/route";
import { action as apiLogin } from "~/routes/api.auth.login/route";
import { action as apiLogout } from "~/routes/api.auth.logout/route";
import { loader as apiMe } from "~/routes/api.auth.me/route";
import { action as apiRegister } from "~/routes/api.auth.register/route";
import { getSettings } from "~/models/settings.server";
import { getUserByEmail } from "~/models/user.server";
import { cookiesFrom, formRequest, jsonRequest } from "./requests";
import { runRoute } from "./route";

const ORIGIN = "http://localhost";
const email = () => `pro-${crypto.randomUUID()}@example.com`;

async function register(fields: Record<string, string>) {
  return runRoute(registerAction, formRequest(`${ORIGIN}/register`, fields));
}

describe("/register", () => {
  it("signs the new user in and lands on /app with the welcome toast", async () => {
    const address = email();
    const result = await register({ name: "Rosa", email: address, password: "secret1", confirmPassword: "secret1" });
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/app");
    const cookies = result.headers.getSetCookie().join("\n");
    expect(cookies).toMatch(/td_session=/);
    expect(cookies).toMatch(/td_toast=/);
    expect(await getUserByEmail(address)).toBeTruthy();
  });

  it("refuses mismatched passwords with the Password mismatch toast and creates nothing", async () => {
    const address = email();
    const result = await register({ name: "Rosa", email: address, password: "secret1", confirmPassword: "secret2" });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      toast: { type: "error", title: "auth.passwordMismatchTitle", description: "auth.passwordMismatch" },
    });
    expect(await getUserByEmail(address)).toBeUndefined();
  });

  it("refuses a short password with its toast", async () => {
    const result = await register({ name: "Rosa", email: email(), password: "12345", confirmPassword: "12345" });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ toast: { title: "auth.passwordTooShortTitle", description: "auth.passwordTooShort" } });
  });

  // A taken e-mail is answered as a new one (app/services/registration.server.test.ts).
});

describe("/login and /logout", () => {
  it("signs in with the right password, returns to the page asked for, and signs out for real", async () => {
    const address = email();
    await register({ name: "Lee", email: address, password: "secret1", confirmPassword: "secret1" });

    const wrong = await runRoute(loginAction, formRequest(`${ORIGIN}/login`, { email: address, password: "nope123" }));
    expect(wrong.status).toBe(401);
    expect(wrong.data).toMatchObject({ toast: { title: "auth.loginFailed", description: "auth.invalidCredentials" } });

    const ok = await runRoute(
      loginAction,
      formRequest(`${ORIGIN}/login`, { email: address, password: "secret1", redirectTo: "/app/jobs" }),
    );
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/app/jobs");
    const cookie = cookiesFrom(new Response(null, { headers: ok.headers }));

    const me = await runRoute(apiMe, new Request(`${ORIGIN}/api/auth/me`, { headers: { Cookie: cookie } }));
    expect(me.status).toBe(200);

    const out = await runRoute(logoutAction, formRequest(`${ORIGIN}/logout`, {}, { Cookie: cookie }));
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/login");
    const after = await runRoute(apiMe, new Request(`${ORIGIN}/api/auth/me`, { headers: { Cookie: cookie } }));
    expect(after.status).toBe(401);
  });

  it("never redirects off-site after sign-in", async () => {
    const address = email();
    await register({ name: "Lee", email: address, password: "secret1", confirmPassword: "secret1" });
    const ok = await runRoute(
      loginAction,
      formRequest(`${ORIGIN}/login`, { email: address, password: "secret1", redirectTo: "https://evil.example/" }),
    );
    expect(ok.headers.get("Location")).toBe("/app");
  });
});

describe("/api/auth", () => {
  it("registers, reads the session user, signs in and out, with { message } failures", async () => {
    const address = email();
    const created = await runRoute(
      apiRegister,
      jsonRequest(`${ORIGIN}/api/auth/register`, { name: "Kim", email: address, password: "secret1" }),
    );
    expect(created.status).toBe(201);
    const user = await created.json();
    expect(user).toMatchObject({ name: "Kim", email: address });
    expect(user).not.toHaveProperty("passwordHash");
    expect(user).not.toHaveProperty("password");

    const short = await runRoute(
      apiRegister,
      jsonRequest(`${ORIGIN}/api/auth/register`, { name: "Kim", email: email(), password: "123" }),
    );
    expect(short.status).toBe(400);
    expect((await short.json()).message).toBe("Password must be at least 6 characters long");

    const wrong = await runRoute(apiLogin, jsonRequest(`${ORIGIN}/api/auth/login`, { email: address, password: "nope123" }));
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: "Invalid email or password" });

    const unknown = await runRoute(apiLogin, jsonRequest(`${ORIGIN}/api/auth/login`, { email: email(), password: "nope123" }));
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ message: "Invalid email or password" });

    const ok = await runRoute(apiLogin, jsonRequest(`${ORIGIN}/api/auth/login`, { email: address, password: "secret1" }));
    expect(ok.status).toBe(200);
    const cookie = cookiesFrom(ok);
    const me = await runRoute(apiMe, new Request(`${ORIGIN}/api/auth/me`, { headers: { Cookie: cookie } }));
    expect(await me.json()).toMatchObject({ id: user.id, email: address, accountId: user.id, role: "owner" });

    const out = await runRoute(
      apiLogout,
      new Request(`${ORIGIN}/api/auth/logout`, { method: "POST", headers: { Cookie: cookie } }),
    );
    expect(out.status).toBe(200);
    const gone = await runRoute(apiMe, new Request(`${ORIGIN}/api/auth/me`, { headers: { Cookie: cookie } }));
    expect(gone.status).toBe(401);
    expect(await gone.json()).toHaveProperty("message");
  });

  it("answers 400 with a message for bodies that are not what it expects", async () => {
    for (const body of ["{not json", "[1,2]", "null", JSON.stringify({ email: 5, password: {} })]) {
      const response = await runRoute(apiLogin, jsonRequest(`${ORIGIN}/api/auth/login`, body));
      expect(response.status, body).toBe(400);
      expect(typeof (await response.json()).message).toBe("string");
    }
    const response = await runRoute(
      apiRegister,
      jsonRequest(`${ORIGIN}/api/auth/register`, { name: "x".repeat(500), email: email(), password: "secret1" }),
    );
    expect(response.status).toBe(400);
  });
});

describe("a new account's time zone (docs/decisions/012-one-clock.md)", () => {
  const zoneOf = async (address: string) => {
    const user = await getUserByEmail(address);
    return (await getSettings(user!.id)).timeZone;
  };

  it("/register keeps the zone the browser sent, or none (UTC) when the field is empty", async () => {
    const chicago = email();
    expect(
      (
        await register({
          name: "Rosa",
          email: chicago,
          password: "secret1",
          confirmPassword: "secret1",
          timeZone: "America/Chicago",
        })
      ).status,
    ).toBe(302);
    expect(await zoneOf(chicago)).toBe("America/Chicago");
    const none = email();
    expect(
      (await register({ name: "Rosa", email: none, password: "secret1", confirmPassword: "secret1", timeZone: "" })).status,
    ).toBe(302);
    expect(await zoneOf(none)).toBeNull();
  });

  it("/register refuses a zone that does not exist, with the field's message, and creates nothing", async () => {
    for (const timeZone of ["Mars/Olympus_Mons", "+05:00", "x".repeat(100)]) {
      const address = email();
      const result = await register({ name: "Rosa", email: address, password: "secret1", confirmPassword: "secret1", timeZone });
      expect(result.status, timeZone).toBe(400);
      expect(JSON.stringify(result.data)).toContain("settings.errors.timeZoneInvalid");
      expect(await getUserByEmail(address)).toBeFalsy();
    }
  });

  it("/register without JavaScript offers every zone, preselected from the request's language region", async () => {
    const answer = await runRoute(
      registerLoader,
      new Request(`${ORIGIN}/register`, { headers: { "Accept-Language": "es-MX,es;q=0.9" } }),
    );
    expect(answer.data).toMatchObject({ guessedZone: "America/Mexico_City" });
    expect((answer.data as { timeZones: string[] }).timeZones).toContain("Pacific/Kiritimati");
    const plain = await runRoute(registerLoader, new Request(`${ORIGIN}/register`));
    expect(plain.data).toMatchObject({ guessedZone: "UTC" });
  });

  it("/api/auth/register takes an optional timeZone and refuses an unknown one", async () => {
    const address = email();
    const created = await runRoute(
      apiRegister,
      jsonRequest(`${ORIGIN}/api/auth/register`, {
        name: "Kim",
        email: address,
        password: "secret1",
        timeZone: "Pacific/Pago_Pago",
      }),
    );
    expect(created.status).toBe(201);
    expect(await zoneOf(address)).toBe("Pacific/Pago_Pago");
    const bare = email();
    expect(
      (await runRoute(apiRegister, jsonRequest(`${ORIGIN}/api/auth/register`, { name: "Kim", email: bare, password: "secret1" })))
        .status,
    ).toBe(201);
    expect(await zoneOf(bare)).toBeNull();
    const bad = email();
    const refused = await runRoute(
      apiRegister,
      jsonRequest(`${ORIGIN}/api/auth/register`, { name: "Kim", email: bad, password: "secret1", timeZone: "Nowhere/Land" }),
    );
    expect(refused.status).toBe(400);
    expect(await getUserByEmail(bad)).toBeFalsy();
    const wrongType = await runRoute(
      apiRegister,
      jsonRequest(`${ORIGIN}/api/auth/register`, { name: "Kim", email: email(), password: "secret1", timeZone: 5 }),
    );
    expect(wrongType.status).toBe(400);
  });
});
