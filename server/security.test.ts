// The security middleware (server/security.ts) over real HTTP on loopback: same-origin posts, headers, form bodies, which pages read uploads.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routeManifest } from "../test/route-manifest";
import { formBodiesOnly, MAX_FORM_BYTES, sameOriginOnly, securityHeaders, UPLOAD_PATHS, uploadLimitFor } from "./security";
import { serve } from "../test/loopback-app";

describe("sameOriginOnly", () => {
  it("refuses a POST from another origin and lets same-origin and GET through", async () => {
    const base = await serve((app) => app.set("trust proxy", true).use(sameOriginOnly()));
    const host = new URL(base).host;
    expect((await fetch(`${base}/login`, { method: "POST", headers: { Origin: "https://evil.example" } })).status).toBe(403);
    expect((await fetch(`${base}/login`, { method: "POST", headers: { Origin: "null" } })).status).toBe(403);
    expect((await fetch(`${base}/login`, { method: "POST", headers: { Origin: `http://${host}` } })).status).toBe(200);
    // Same host, another scheme or port: another origin.
    expect((await fetch(`${base}/login`, { method: "POST", headers: { Origin: `https://${host}` } })).status).toBe(403);
    expect((await fetch(`${base}/login`, { method: "POST", headers: { Origin: `ws://${host}` } })).status).toBe(403);
    expect((await fetch(`${base}/login`, { method: "POST", headers: { Origin: "http://127.0.0.1" } })).status).toBe(403);
    // Behind Fly's proxy the page is https (X-Forwarded-Proto): then https is the same origin and http is not.
    const proxied = (origin: string) => ({ Origin: origin, "X-Forwarded-Proto": "https" });
    expect((await fetch(`${base}/login`, { method: "POST", headers: proxied(`https://${host}`) })).status).toBe(200);
    expect((await fetch(`${base}/login`, { method: "POST", headers: proxied(`http://${host}`) })).status).toBe(403);
    expect((await fetch(`${base}/login`, { method: "POST" })).status).toBe(200);
    expect((await fetch(`${base}/login`, { headers: { Origin: "https://evil.example" } })).status).toBe(200);
    const refused = await fetch(`${base}/api/customers`, { method: "DELETE", headers: { Origin: "https://evil.example" } });
    expect(await refused.json()).toEqual({ message: "Cross-site request refused." });
  });
});

describe("securityHeaders", () => {
  it("sends an enforced CSP with a fresh nonce per response in production", async () => {
    const base = await serve((app) => app.use(securityHeaders({ production: true })));
    const first = await fetch(base);
    const second = await fetch(base);
    const csp = first.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline' 'nonce");
    expect(csp).not.toBe(second.headers.get("content-security-policy"));
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    // Card payment forms are redirected to Stripe Checkout, and nowhere else.
    expect(csp).toContain("form-action 'self' https://checkout.stripe.com;");
    const standIn = await serve((app) =>
      app.use(securityHeaders({ production: true, checkoutOrigin: "https://checkout.stripe.com http://127.0.0.1:4242" })),
    );
    expect((await fetch(standIn)).headers.get("content-security-policy")).toContain(
      "form-action 'self' https://checkout.stripe.com http://127.0.0.1:4242;",
    );
  });
});

describe("formBodiesOnly", () => {
  it("lets form posts through and refuses other bodies to page actions with 415, oversize ones with 413", async () => {
    const base = await serve((app) => app.use(formBodiesOnly()));
    const post = (path: string, headers: Record<string, string>, body?: string) =>
      fetch(`${base}${path}`, { method: "POST", headers, body });
    expect((await post("/login", { "Content-Type": "application/x-www-form-urlencoded" }, "email=a")).status).toBe(200);
    const multipart = { "Content-Type": "multipart/form-data; boundary=abc" };
    // Only the upload pages read multipart bodies (with JavaScript on they post to the .data twin).
    for (const upload of [
      "/app/settings",
      "/app/settings.data",
      "/app/customers/import",
      "/app/customers/import.data?_data=x",
      "/app/price-book/import",
    ]) {
      expect((await post(upload, multipart, "--abc--")).status).toBe(200);
    }
    for (const page of ["/app/customers/new", "/app/customers/new.data", "/app/settings/security", "/login"]) {
      const refused = await post(page, multipart, "--abc\r\nbroken");
      expect(refused.status).toBe(415);
      expect((await refused.json()).message).toMatch(/takes no file/);
    }
    expect((await post("/app/customers/new", { "Content-Type": "application/json" }, "{}")).status).toBe(415);
    expect((await post("/app/customers/new", { "Content-Type": "text/plain" }, "name=x")).status).toBe(415);
    expect((await post("/app/customers/new", { "Content-Type": "multipart/form-data" }, "x")).status).toBe(415);
    expect((await fetch(`${base}/logout`, { method: "POST" })).status).toBe(415);
    const refused = await post("/app/customers/new", { "Content-Type": "application/json" }, "{}");
    expect((await refused.json()).message).toMatch(/application\/x-www-form-urlencoded/);
    expect((await post("/api/customers", { "Content-Type": "application/json" }, "{}")).status).toBe(200);
    expect((await fetch(`${base}/app/customers`)).status).toBe(200);
    const big = await post(
      "/app/settings",
      { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(MAX_FORM_BYTES + 1) },
      "x".repeat(MAX_FORM_BYTES + 1),
    );
    expect(big.status).toBe(413);
  });
});

describe("UPLOAD_PATHS", () => {
  it("names every page that renders a file form, and only those", async () => {
    // A file form is a multipart one: in the route itself or in a component it imports.
    const app = path.resolve(import.meta.dirname, "../app");
    const multipart = /encType="multipart\/form-data"/;
    const components = path.join(app, "components");
    const fileForms = readdirSync(components, { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && multipart.test(readFileSync(path.join(components, file), "utf8")))
      .map((file) =>
        file
          .replace(/\.tsx?$/, "")
          .split(path.sep)
          .join("/"),
      );
    expect(fileForms.length).toBeGreaterThan(0);
    const pages = (await routeManifest())
      .filter((route) => {
        const source = readFileSync(path.join(app, route.file), "utf8");
        return multipart.test(source) || fileForms.some((name) => source.includes(`"~/components/${name}"`));
      })
      .map((route) => route.path);
    expect(pages.sort()).toEqual([...UPLOAD_PATHS].sort());
  });
});

describe("uploadLimitFor", () => {
  it("gives photo uploads room for 20 files of 20 MB, the logo and imports 8 MB, and every other path none", () => {
    const files = 20 * 20 * 1024 * 1024 + 1024 * 1024;
    expect(uploadLimitFor("/app/jobs/abc/files")).toBe(files);
    expect(uploadLimitFor("/app/my-day/visits/abc/files")).toBe(files);
    expect(uploadLimitFor("/api/estimates/abc/files")).toBe(files);
    expect(uploadLimitFor("/request/volt-electric")).toBe(files);
    expect(uploadLimitFor("/app/settings")).toBe(MAX_FORM_BYTES);
    expect(uploadLimitFor("/app/jobs/abc/files/extra")).toBeUndefined();
    expect(uploadLimitFor("/app/jobs/abc")).toBeUndefined();
    expect(uploadLimitFor("/api/jobs/abc")).toBeUndefined();
    expect(uploadLimitFor("/api/files/abc")).toBeUndefined();
  });
});
