// Screen state in the URL (docs/product/README.md, "Lists"): the search text, sort, filters and page of a list.

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

/**
 * A list's filters: each URL param's reader. A reader answers "all" when the param is absent or
 * unknown, or, for a free-text filter (a category), "" when it is absent or empty.
 */
export type ListFilters = Record<string, (value: string | null) => string>;

export type ListQuery<Sort extends string, Filters extends ListFilters> = ListParams<Sort> & {
  [Name in keyof Filters]: ReturnType<Filters[Name]>;
};

export interface ListSpec<Sort extends string, Filters extends ListFilters> {
  sorts: readonly Sort[];
  defaultSort: Sort;
  filters?: Filters;
}

/** Reads search, sort, page and the list's filters from a URL (anything unexpected falls back to its default). */
export function readListQuery<Sort extends string, Filters extends ListFilters = Record<never, never>>(
  url: URL,
  spec: ListSpec<Sort, Filters>,
): ListQuery<Sort, Filters> {
  const filters = Object.fromEntries(
    Object.entries(spec.filters ?? {}).map(([name, read]) => [name, read(url.searchParams.get(name))]),
  );
  return { ...readListParams(url, spec.sorts, spec.defaultSort), ...filters } as ListQuery<Sort, Filters>;
}

/** True when a search or a filter narrows the list (then the account's total is counted apart). */
export function isNarrowed(query: { q: string }, filters: ListFilters = {}): boolean {
  return (
    query.q !== "" ||
    Object.keys(filters).some((name) => {
      const value = (query as Record<string, unknown>)[name];
      return value !== "all" && value !== "";
    })
  );
}

export interface ListPageData<Item> {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * One list screen's data: reads the query from the URL, asks the model for the page and,
 * when a search or filter narrows it, for the account's total (docs/decisions/009: unfiltered,
 * the page's total is the account's and is counted once).
 */
export async function loadListPage<Sort extends string, Filters extends ListFilters, Item>(
  url: URL,
  spec: ListSpec<Sort, Filters>,
  ask: {
    list: (query: ListQuery<Sort, Filters>) => Promise<ListPageData<Item>>;
    count: () => Promise<number>;
  },
): Promise<ListPageData<Item> & { params: ListQuery<Sort, Filters>; accountTotal: number }> {
  const params = readListQuery(url, spec);
  const [list, counted] = await Promise.all([ask.list(params), isNarrowed(params, spec.filters) ? ask.count() : undefined]);
  return {
    items: list.items,
    total: list.total,
    page: list.page,
    pageSize: list.pageSize,
    params,
    accountTotal: counted ?? list.total,
  };
}
