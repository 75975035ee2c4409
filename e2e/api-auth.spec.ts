import { expect, test, type APIResponse } from "@playwright/test";
import { newUser } from "./utils";

/** The session cookie a response sets, as a Cookie header value. */
function sessionFrom(response: APIResponse): string {
  const cookie = response
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value)
    .find((value) => value.startsWith("td_session="));
  expect(cookie, "a td_session cookie is set").toBeTruthy();
  return cookie!.split(";")[0]!;
}

function expectPublicUser(body: Record<string, unknown>, user: { name: string; email: string }) {
  expect(body).toMatchObject({ name: user.name, email: user.email.toLowerCase() });
  expect(typeof body.id).toBe("string");
  for (const key of Object.keys(body)) expect(key.toLowerCase()).not.toContain("password");
}

// Each test talks to the API only; the request fixture sends no Origin header, so the
// server's same-origin check lets these through. Cookies are passed explicitly.
test.describe("/api/auth", () => {
  test("register answers 201 with the user, never the password", async ({ request }) => {
    const user = newUser("api");
    const response = await request.post("/api/auth/register", { data: user });
    expect(response.status()).toBe(201);
    expect(response.headers()["content-type"]).toContain("application/json");
    const body = await response.json();
    expectPublicUser(body, user);
    expect(JSON.stringify(body)).not.toContain(user.password);
    sessionFrom(response);
  });

  test("register with an e-mail already taken answers as for a new one, without a session", async ({ request }) => {
    const user = newUser("api-dup");
    expect((await request.post("/api/auth/register", { data: user })).status()).toBe(201);
    const again = await request.post("/api/auth/register", {
      data: { ...newUser("api-dup"), email: user.email.toUpperCase() },
    });
    expect(again.status()).toBe(201);
    expect(again.headers()["set-cookie"] ?? "").not.toMatch(/td_session=/);
    expect(await again.json()).toMatchObject({ email: user.email.toLowerCase() });
  });

  const badBodies: [label: string, data: unknown, message: RegExp][] = [
    ["no name", { email: "x@example.com", password: "secret12" }, /name/i],
    ["an invalid e-mail", { name: "X", email: "not-an-email", password: "secret12" }, /email/i],
    ["a short password", { name: "X", email: "short@example.com", password: "abc" }, /at least 6 characters/],
    ["a JSON array", [1, 2], /JSON object/],
  ];
  for (const [label, data, message] of badBodies) {
    test(`register with ${label} answers 400 with a message`, async ({ request }) => {
      const response = await request.post("/api/auth/register", { data });
      expect(response.status()).toBe(400);
      const body = await response.json();
      expect(typeof body.message).toBe("string");
      expect(body.message).toMatch(message);
    });
  }

  test("register with a body that is not JSON answers 400", async ({ request }) => {
    const response = await request.post("/api/auth/register", {
      headers: { "Content-Type": "application/json" },
      data: Buffer.from("{not json"),
    });
    expect(response.status()).toBe(400);
    expect((await response.json()).message).toBe("Request body is not valid JSON.");
  });

  test("login: wrong password 401, right password 200 with the user", async ({ request }) => {
    const user = newUser("api-login");
    expect((await request.post("/api/auth/register", { data: user })).status()).toBe(201);

    const wrong = await request.post("/api/auth/login", { data: { email: user.email, password: "wrong-password" } });
    expect(wrong.status()).toBe(401);
    expect(await wrong.json()).toEqual({ message: "Invalid email or password" });

    const unknown = await request.post("/api/auth/login", { data: { email: newUser().email, password: user.password } });
    expect(unknown.status()).toBe(401);

    const ok = await request.post("/api/auth/login", { data: { email: user.email, password: user.password } });
    expect(ok.status()).toBe(200);
    expectPublicUser(await ok.json(), user);
    sessionFrom(ok);
  });

  test("login with a missing field answers 400 with a message", async ({ request }) => {
    const response = await request.post("/api/auth/login", { data: { email: "someone@example.com" } });
    expect(response.status()).toBe(400);
    expect((await response.json()).message).toBe("Password is required");
  });

  test("me: 200 with the session cookie, 401 without; logout ends it", async ({ playwright, baseURL }) => {
    // Register in one context; ask in another that never received a cookie, so each
    // request carries exactly the Cookie header it is given.
    const api = await playwright.request.newContext({ baseURL });
    const user = newUser("api-me");
    const registered = await api.post("/api/auth/register", { data: user });
    expect(registered.status()).toBe(201);
    const session = sessionFrom(registered);

    const anonymous = await playwright.request.newContext({ baseURL });
    const noCookie = await anonymous.get("/api/auth/me");
    expect(noCookie.status()).toBe(401);
    expect(await noCookie.json()).toEqual({ message: "Not authenticated" });

    const me = await anonymous.get("/api/auth/me", { headers: { Cookie: session } });
    expect(me.status()).toBe(200);
    expectPublicUser(await me.json(), user);

    const logout = await anonymous.post("/api/auth/logout", { headers: { Cookie: session } });
    expect(logout.status()).toBe(200);
    const cleared = logout.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("td_session="));
    expect(cleared?.value).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);

    const after = await anonymous.get("/api/auth/me", { headers: { Cookie: session } });
    expect(after.status()).toBe(401);

    await api.dispose();
    await anonymous.dispose();
  });

  test("logging in again replaces the old session", async ({ playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    const user = newUser("api-rotate");
    const first = sessionFrom(await anonymous.post("/api/auth/register", { data: user }));
    // The cookie jar of this context now holds the first session; a sign-in replaces it.
    const second = sessionFrom(await anonymous.post("/api/auth/login", { data: { email: user.email, password: user.password } }));
    expect(second).not.toBe(first);
    expect((await anonymous.get("/api/auth/me", { headers: { Cookie: first } })).status()).toBe(401);
    expect((await anonymous.get("/api/auth/me", { headers: { Cookie: second } })).status()).toBe(200);
    await anonymous.dispose();
  });

  test("a cross-site POST is refused", async ({ request }) => {
    const response = await request.post("/api/auth/register", {
      data: newUser("api-csrf"),
      headers: { Origin: "https://evil.example" },
    });
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual({ message: "Cross-site request refused." });
  });

  test("GET on the mutating endpoints answers 405", async ({ request }) => {
    for (const path of ["/api/auth/login", "/api/auth/register", "/api/auth/logout"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(405);
      expect(typeof (await response.json()).message).toBe("string");
    }
  });
});
