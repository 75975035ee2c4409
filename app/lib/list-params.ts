// Screen state in the URL (DESIGN.md): the search text, sort, filters and page of a list.

export const PAGE_SIZE = 25;
export const MAX_SEARCH_LENGTH = 100;

export interface ListParams<Sort extends string> {
  q: string;
  sort: Sort;
  page: number;
}

/** Reads q, sort and page from a URL; anything unexpected falls back to the default. */
export function readListParams<Sort extends string>(url: URL, sorts: readonly Sort[], defaultSort: Sort): ListParams<Sort> {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  const rawSort = url.searchParams.get("sort");
  const sort = sorts.includes(rawSort as Sort) ? (rawSort as Sort) : defaultSort;
  const rawPage = Number(url.searchParams.get("page"));
  const page = Number.isSafeInteger(rawPage) && rawPage > 0 ? Math.min(rawPage, 1_000_000) : 1;
  return { q, sort, page };
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The same URL search with some params changed (null removes one). Page resets unless given. */
export function withParams(search: string, changes: Record<string, string | number | null>): string {
  const params = new URLSearchParams(search);
  if (!("page" in changes)) params.delete("page");
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "" || (key === "page" && value === 1)) params.delete(key);
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}
