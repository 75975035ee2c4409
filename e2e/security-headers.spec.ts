import { expect, test, type APIResponse } from "@playwright/test";
import { newUser } from "./utils";

// What the production server itself sends (the suite's webServer is the production
// build): the Content-Security-Policy and the other headers, HSTS behind an HTTPS proxy,
// the session cookie's attributes, the cross-site refusal and GETs that change nothing.
// The request fixture talks HTTP only, so no browser quirk hides a missing header.

/** The directives of a CSP header by name: "script-src" → ["'self'", "'nonce-…'", …]. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name.toLowerCase(), values]),
  );
}

function setCookies(response: APIResponse): string[] {
  return response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "set-cookie")
    .map((header) => header.value);
}

async function registered(request: import("@playwright/test").APIRequestContext) {
  const user = newUser("sec");
  const response = await request.post("/api/auth/register", { data: user });
  expect(response.status(), await response.text()).toBe(201);
  const session = setCookies(response).find((cookie) => cookie.startsWith("td_session="));
  expect(session, "a td_session cookie").toBeTruthy();
  return { user, cookie: session!.split(";")[0] };
}

test.describe("security headers of the production server", () => {
  test("an enforced CSP with a fresh nonce per response, which the page's scripts carry", async ({ request }) => {
    const first = await request.get("/login");
    const second = await request.get("/login");
    expect(first.status()).toBe(200);
    const csp = first.headers()["content-security-policy"];
    expect(csp, "Content-Security-Policy (enforced, not Report-Only)").toBeTruthy();
    expect(first.headers()["content-security-policy-report-only"]).toBeUndefined();

    const policy = directives(csp);
    const scriptSrc = policy.get("script-src") ?? [];
    const nonce = scriptSrc.find((value) => value.startsWith("'nonce-"))?.slice(7, -1);
    expect(nonce, "script-src has a nonce").toMatch(/^[A-Za-z0-9+/=]{16,}$/);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(scriptSrc.some((value) => value === "*" || value.startsWith("http:") || value === "https:")).toBe(false);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    // "Pay now" on a shared invoice is redirected to Stripe Checkout after its post.
    expect(policy.get("form-action")).toEqual(["'self'", "https://checkout.stripe.com"]);

    const again = directives(second.headers()["content-security-policy"]).get("script-src") ?? [];
    const secondNonce = again.find((value) => value.startsWith("'nonce-"))?.slice(7, -1);
    expect(secondNonce).toBeTruthy();
    expect(secondNonce, "each response has its own nonce").not.toBe(nonce);

    // Every script the page has carries this response's nonce, so the policy lets the app run.
    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, tag).toContain(`nonce="${nonce}"`);
  });

  test("nosniff, a strict referrer policy, no framing and no X-Powered-By, on pages, the API and assets", async ({ request }) => {
    // The landing page ships no JavaScript (docs/performance.md); the sign-in page does.
    const page = await request.get("/login");
    const api = await request.get("/api/auth/me");
    const html = await page.text();
    const asset = /\/assets\/[^"']+\.js/.exec(html)?.[0];
    expect(asset, "a script asset on the sign-in page").toBeTruthy();
    const file = await request.get(asset!);
    expect(file.status()).toBe(200);
    for (const response of [page, api, file]) {
      const headers = response.headers();
      expect(headers["x-content-type-options"], response.url()).toBe("nosniff");
      expect(headers["referrer-policy"], response.url()).toBe("strict-origin-when-cross-origin");
      expect(headers["x-frame-options"], response.url()).toBe("DENY");
      expect(headers["content-security-policy"], response.url()).toContain("frame-ancestors 'none'");
      expect(headers["x-powered-by"], response.url()).toBeUndefined();
    }
    expect(api.status()).toBe(401);
  });

  test("HSTS for a year when the request came over HTTPS (the proxy says so), none over plain HTTP", async ({ request }) => {
    const secure = await request.get("/login", { headers: { "X-Forwarded-Proto": "https" } });
    expect(secure.headers()["strict-transport-security"]).toMatch(/^max-age=31536000(;|$)/);
    const plain = await request.get("/login");
    expect(plain.headers()["strict-transport-security"]).toBeUndefined();
  });

  test("the session cookie is __Host-, Secure, HttpOnly and SameSite=Lax over HTTPS; HttpOnly and Lax over HTTP", async ({
    request,
  }) => {
    const user = newUser("cookie");
    const secure = await request.post("/api/auth/register", { data: user, headers: { "X-Forwarded-Proto": "https" } });
    expect(secure.status()).toBe(201);
    const session = setCookies(secure).find((cookie) => cookie.includes("td_session="))!;
    expect(session).toMatch(/^__Host-td_session=/);
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).toMatch(/;\s*Path=\//i);
    expect(session).not.toMatch(/;\s*Domain=/i);

    const plain = await request.post("/api/auth/login", { data: { email: user.email, password: user.password } });
    expect(plain.status()).toBe(200);
    const cookie = setCookies(plain).find((value) => value.startsWith("td_session="))!;
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
  });

  test("a POST from another origin is refused with 403 and changes nothing", async ({ request }) => {
    const { cookie } = await registered(request);
    const before = (await (await request.get("/api/customers", { headers: { Cookie: cookie } })).json()) as unknown[];

    const api = await request.post("/api/customers", {
      headers: { Cookie: cookie, Origin: "https://evil.example" },
      data: { name: "Planted by another site" },
    });
    expect(api.status()).toBe(403);
    expect(await api.json()).toEqual({ message: "Cross-site request refused." });

    const form = await request.post("/app/customers/new", {
      headers: { Cookie: cookie, Origin: "https://evil.example" },
      form: { name: "Planted by a form" },
      maxRedirects: 0,
    });
    expect(form.status()).toBe(403);

    // No Origin, but the browser says the request is cross-site.
    const fetchSite = await request.post("/api/customers", {
      headers: { Cookie: cookie, "Sec-Fetch-Site": "cross-site" },
      data: { name: "Planted without an origin" },
    });
    expect(fetchSite.status()).toBe(403);

    const signOut = await request.post("/logout", { headers: { Cookie: cookie, Origin: "null" }, maxRedirects: 0 });
    expect(signOut.status()).toBe(403);

    const after = (await (await request.get("/api/customers", { headers: { Cookie: cookie } })).json()) as unknown[];
    expect(after).toEqual(before);
    expect((await request.get("/api/auth/me", { headers: { Cookie: cookie } })).status()).toBe(200);

    // The same POST from the app's own origin goes through.
    const origin = new URL(api.url()).origin;
    const own = await request.post("/api/customers", {
      headers: { Cookie: cookie, Origin: origin },
      data: { name: "Added here" },
    });
    expect(own.status()).toBe(201);
  });

  test("no GET changes data: GET /logout and GET /api/auth/logout keep the session", async ({ request }) => {
    const { cookie } = await registered(request);
    const page = await request.get("/logout", { headers: { Cookie: cookie }, maxRedirects: 0 });
    expect(page.status()).toBe(302);
    expect(setCookies(page).some((value) => value.startsWith("td_session="))).toBe(false);
    const api = await request.get("/api/auth/logout", { headers: { Cookie: cookie } });
    expect(api.status()).toBe(405);
    const me = await request.get("/api/auth/me", { headers: { Cookie: cookie } });
    expect(me.status()).toBe(200);

    // And the POST does end it, on the server.
    const signOut = await request.post("/api/auth/logout", { headers: { Cookie: cookie } });
    expect(signOut.status()).toBe(200);
    expect((await request.get("/api/auth/me", { headers: { Cookie: cookie } })).status()).toBe(401);
  });

  test("a malformed escape in the address gets the app's own 404, in JSON under /api", async ({ request }) => {
    const { cookie } = await registered(request);
    for (const method of ["GET", "DELETE"]) {
      const api = await request.fetch("/api/customers/%E0%A4%A", { method, headers: { Cookie: cookie } });
      expect(api.status(), method).toBe(404);
      expect(await api.json(), method).toEqual({ message: "Not found" });
    }
    const unknown = await request.get("/api/%ZZ", { headers: { Cookie: cookie } });
    expect(unknown.status()).toBe(404);
    expect((await unknown.json()).message).toBeTruthy();
    for (const path of ["/e/%E0%A4%A", "/app/customers/%E0%A4%A/edit"]) {
      const page = await request.get(path, { headers: { Cookie: cookie } });
      expect(page.status(), path).toBe(404);
      expect(await page.text(), path).toContain("404 Page Not Found");
    }
  });
});
