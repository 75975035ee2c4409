import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { firstVisitStylesheet, stylesheetText } from "./first-visit-stylesheet.server";

const clientDir = mkdtempSync(path.join(os.tmpdir(), "client-"));
mkdirSync(path.join(clientDir, "assets"));
writeFileSync(path.join(clientDir, "assets", "tailwind-AbC123xy.css"), "body{color:red}");
writeFileSync(path.join(clientDir, "assets", "tailwind-Evil0000.css"), "a{}</style><script>alert(1)</script>");
const HREF = "/assets/tailwind-AbC123xy.css";

const request = (headers: Record<string, string>, method = "GET") => new Request("http://localhost/app", { method, headers });
const navigate = { "Sec-Fetch-Mode": "navigate" };

describe("firstVisitStylesheet", () => {
  it("inlines for a browser's navigation without this version's cookie, and names the version in its cookie", () => {
    expect(firstVisitStylesheet(request(navigate), clientDir, HREF)).toEqual({
      setCookie: "td_css=AbC123xy; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax",
    });
    // An earlier version's cookie: the browser has not had this one.
    const earlier = firstVisitStylesheet(request({ ...navigate, Cookie: "a=1; td_css=Old00000" }), clientDir, HREF);
    expect(earlier?.setCookie).toMatch(/^td_css=AbC123xy;/);
    expect(stylesheetText(clientDir, HREF)).toBe("body{color:red}");
  });

  it("links the file for a browser that had this version, for anything but a navigation, and without a production build", () => {
    expect(firstVisitStylesheet(request({ ...navigate, Cookie: "td_theme=x; td_css=AbC123xy" }), clientDir, HREF)).toBeNull();
    expect(firstVisitStylesheet(request({ "Sec-Fetch-Mode": "cors" }), clientDir, HREF)).toBeNull();
    expect(firstVisitStylesheet(request({}), clientDir, HREF)).toBeNull();
    expect(firstVisitStylesheet(request(navigate, "POST"), clientDir, HREF)).toBeNull();
    expect(firstVisitStylesheet(request(navigate), undefined, HREF)).toBeNull();
    // Vite's development address, and a file that is not there.
    expect(firstVisitStylesheet(request(navigate), clientDir, "/app/tailwind.css?t=1")).toBeNull();
    expect(firstVisitStylesheet(request(navigate), clientDir, "/assets/tailwind-Gone0000.css")).toBeNull();
  });

  it("inlines on the customer's pages at every visit, setting no cookie there", () => {
    for (const page of ["/e/abc123", "/i/abc123"]) {
      const visit = new Request(`http://localhost${page}`, { headers: navigate });
      expect(firstVisitStylesheet(visit, clientDir, HREF)).toEqual({ setCookie: null });
    }
  });

  it("never inlines a file that could close the <style> element", () => {
    expect(firstVisitStylesheet(request(navigate), clientDir, "/assets/tailwind-Evil0000.css")).toBeNull();
  });
});
