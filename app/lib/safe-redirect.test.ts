import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps a path inside the app, with its query and fragment", () => {
    expect(safeRedirect("/app/jobs?page=2")).toBe("/app/jobs?page=2");
    expect(safeRedirect("/app/customers#list")).toBe("/app/customers#list");
    expect(safeRedirect("/", "/app")).toBe("/");
  });

  it("refuses anything that leaves the origin", () => {
    for (const value of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/127.0.0.1:3701/phish",
      "/\n/evil.example",
      "/\r/evil.example",
      "/\u0000/evil.example",
      "/\u007f/evil.example",
      "/\u0085/evil.example",
      "/.//evil.example",
      "/%2e//evil.example",
      "/app/../..//evil.example",
      "javascript:alert(1)",
      "app",
      "",
    ]) {
      expect(safeRedirect(value), JSON.stringify(value)).toBe("/app");
    }
    expect(safeRedirect(null)).toBe("/app");
    expect(safeRedirect(undefined, "/")).toBe("/");
  });

  it("answers plain ASCII a Location header can carry", () => {
    expect(safeRedirect("/app/search?q=日本")).toBe("/app/search?q=%E6%97%A5%E6%9C%AC");
    expect(safeRedirect("/app/clientes/ñ")).toBe("/app/clientes/%C3%B1");
    expect(safeRedirect("/app/search?q=a b")).toBe("/app/search?q=a%20b");
    for (const value of ["/app/search?q=日本", "/app/ü?x=€#ß"]) {
      // Headers refuse characters above U+00FF: this must not throw.
      expect(() => new Headers({ Location: safeRedirect(value) })).not.toThrow();
      expect(safeRedirect(value)).toMatch(/^[\x21-\x7e]+$/);
    }
  });
});
