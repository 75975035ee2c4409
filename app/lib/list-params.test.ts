import { describe, expect, it } from "vitest";
import { likePattern, pageCount, readListParams, withParams } from "./list-params";

describe("readListParams", () => {
  const sorts = ["name", "newest"] as const;
  it("reads valid params and falls back on bad ones", () => {
    expect(readListParams(new URL("http://x/?q=%20ana%20&sort=newest&page=3"), sorts, "name")).toEqual({
      q: "ana",
      sort: "newest",
      page: 3,
    });
    expect(readListParams(new URL("http://x/?sort=drop&page=-2"), sorts, "name")).toEqual({ q: "", sort: "name", page: 1 });
    expect(readListParams(new URL("http://x/?page=1e9999"), sorts, "name").page).toBe(1);
    expect(readListParams(new URL("http://x/?page=2.5"), sorts, "name").page).toBe(1);
    expect(readListParams(new URL(`http://x/?q=${"a".repeat(500)}`), sorts, "name").q).toHaveLength(100);
  });
});

describe("likePattern", () => {
  it("escapes the LIKE wildcards", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});

describe("withParams", () => {
  it("changes params, drops empty ones and resets the page", () => {
    expect(withParams("?q=ana&page=3", { sort: "newest" })).toBe("?q=ana&sort=newest");
    expect(withParams("?q=ana", { q: "" })).toBe("");
    expect(withParams("?q=ana", { page: 2 })).toBe("?q=ana&page=2");
    expect(withParams("?q=ana&page=2", { page: 1 })).toBe("?q=ana");
  });
  it("counts pages", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(25)).toBe(1);
    expect(pageCount(26)).toBe(2);
  });
});
