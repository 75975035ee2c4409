import { describe, expect, it } from "vitest";
import { isNarrowed, likePattern, loadListPage, pageCount, readListParams, readListQuery, withParams } from "./list-params";

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

describe("readListQuery and loadListPage", () => {
  const status = (value: string | null) => (value === "open" || value === "closed" ? value : "all");
  const spec = { sorts: ["newest", "oldest"] as const, defaultSort: "newest" as const, filters: { status } };

  it("reads search, sort, page and each filter, falling back on bad values", () => {
    expect(readListQuery(new URL("http://x/?q=ana&sort=oldest&page=2&status=open"), spec)).toEqual({
      q: "ana",
      sort: "oldest",
      page: 2,
      status: "open",
    });
    expect(readListQuery(new URL("http://x/?status=OPEN&sort=x"), spec)).toEqual({
      q: "",
      sort: "newest",
      page: 1,
      status: "all",
    });
    expect(readListQuery(new URL("http://x/?status=open"), { sorts: spec.sorts, defaultSort: "newest" })).toEqual({
      q: "",
      sort: "newest",
      page: 1,
    });
  });

  it("counts the account apart only when a search or filter narrows the list", async () => {
    const asked: unknown[] = [];
    const ask = {
      list: async (query: unknown) => {
        asked.push(query);
        return { items: ["a"], total: 1, page: 1, pageSize: 25 };
      },
      count: async () => 7,
    };
    const whole = await loadListPage(new URL("http://x/"), spec, ask);
    expect(whole).toMatchObject({ items: ["a"], total: 1, accountTotal: 1, params: { q: "", status: "all" } });
    const narrowed = await loadListPage(new URL("http://x/?status=closed"), spec, ask);
    expect(narrowed).toMatchObject({ total: 1, accountTotal: 7, params: { status: "closed" } });
    expect(asked).toEqual([
      { q: "", sort: "newest", page: 1, status: "all" },
      { q: "", sort: "newest", page: 1, status: "closed" },
    ]);
    expect(isNarrowed({ q: "x" })).toBe(true);
    expect(isNarrowed({ q: "" })).toBe(false);
    // A free-text filter (a category) is "" when absent: not narrowed; any text narrows.
    const category = { category: (value: string | null) => (value ?? "").slice(0, 100) };
    expect(isNarrowed({ q: "", category: "" } as { q: string }, category)).toBe(false);
    expect(isNarrowed({ q: "", category: "Labor" } as { q: string }, category)).toBe(true);
    expect(
      readListQuery(new URL("http://x/?category=Labor"), { sorts: ["name"], defaultSort: "name", filters: category }),
    ).toEqual({
      q: "",
      sort: "name",
      page: 1,
      category: "Labor",
    });
  });
});
