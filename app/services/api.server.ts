import type { ZodError, ZodTypeAny, z } from "zod";
import { messageKey, translate } from "~/infrastructure/i18n";
import { getSessionUser } from "~/infrastructure/session.server";
import { type Access, can, NO_ACCESS_MESSAGE, ownWorkOnly } from "~/lib/permissions";
import { isAccountMember } from "~/models/member.server";

/** A JSON failure in the API's shape (docs/product/api.md): `{ message }`, plus `errors` for validation. */
export function apiError(status: number, message: string, errors?: { path: string; message: string }[]): Response {
  return json(errors ? { message, errors } : { message }, { status });
}

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "no-store");
  return Response.json(body, { ...init, headers });
}

/** Validation failures as English messages (the API speaks English) with the field each belongs to. */
export function validationErrors(error: ZodError) {
  return error.issues.map((issue) =>
    issue.code === "unrecognized_keys"
      ? { path: issue.keys.join(","), message: `Unrecognized field(s): ${issue.keys.join(", ")}` }
      : { path: issue.path.join("."), message: translate("en", messageKey(issue.message)) },
  );
}

/** A 400 answer for a payload that failed its schema: the first message, and all of them. */
export function invalidPayload(error: ZodError): Response {
  const errors = validationErrors(error);
  return apiError(400, errors[0]?.message ?? "Invalid request", errors);
}

/**
 * The signed-in member of an API call, who must have `access`: without a session the call
 * answers 401 JSON, never a redirect; a role without it 403 `{ message }`.
 */
export async function requireApiUser(request: Request, access: Access) {
  const user = await getSessionUser(request);
  if (!user) throw apiError(401, "Not authenticated");
  if (!can(user.role, access)) throw apiError(403, NO_ACCESS_MESSAGE);
  return user;
}

/** The default and largest page of an API list: no default answer grows with the account. */
export const API_PAGE_SIZE = 50;
export const API_MAX_PAGE_SIZE = 1000;

/** ?page= (from 1) and ?pageSize= (1 to 1000, default 50) of an API list; anything else is the default. */
export function readApiPage(url: URL): { page: number; pageSize: number } {
  const rawPage = Number(url.searchParams.get("page"));
  const page = Number.isSafeInteger(rawPage) && rawPage > 0 ? Math.min(rawPage, 1_000_000) : 1;
  const rawSize = Number(url.searchParams.get("pageSize"));
  const pageSize = Number.isSafeInteger(rawSize) && rawSize > 0 ? Math.min(rawSize, API_MAX_PAGE_SIZE) : API_PAGE_SIZE;
  return { page, pageSize };
}

/**
 * One page of an API list: the items as a JSON array, the total in X-Total-Count and the
 * neighbouring pages in a Link header (rel="next", rel="prev"), the other parameters kept.
 */
export function jsonPage(items: unknown[], list: { total: number; page: number; pageSize: number; url: URL }): Response {
  const link = (page: number, rel: string) => {
    const target = new URL(list.url);
    target.searchParams.set("page", String(page));
    target.searchParams.set("pageSize", String(list.pageSize));
    return `<${target.pathname}${target.search}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (list.page * list.pageSize < list.total) links.push(link(list.page + 1, "next"));
  if (list.page > 1) links.push(link(list.page - 1, "prev"));
  const headers = new Headers({ "X-Total-Count": String(list.total) });
  if (links.length) headers.set("Link", links.join(", "));
  return json(items, { headers });
}

export const notFound = () => apiError(404, "Not found");
export const methodNotAllowed = (allowed: string) => apiError(405, `Method not allowed. Use ${allowed}.`, undefined);

/**
 * The request's JSON body, or an error answer: a body that is not JSON, or not an
 * object, is the caller's mistake (400), never a crash.
 */
export async function readJsonObject(request: Request, maxBytes = 1_000_000): Promise<Record<string, unknown> | Response> {
  let text: string;
  try {
    // The server caps the body as it streams (server/body-limit.ts): one past it fails here.
    text = await request.text();
  } catch {
    return apiError(400, "Request body could not be read.");
  }
  if (text.length > maxBytes) return apiError(413, "Request body too large.");
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
    return apiError(400, "Request body must be a JSON object.");
  } catch {
    return apiError(400, "Request body is not valid JSON.");
  }
}

/** What an API handler gets: the request, its URL, the signed-in user and the `{id}` of the path ("" when none). */
export type ApiCall = { request: Request; url: URL; user: Awaited<ReturnType<typeof requireApiUser>>; id: string };
type ApiMethod = "GET" | "POST" | "PUT" | "DELETE";
type ApiHandler = (call: ApiCall) => Promise<Response>;

/**
 * One API path: a handler per method it answers, each called with the signed-in member (401
 * JSON without one, 403 for a role without `access`). Any other method answers 405 naming the ones it has. The loader (GET,
 * HEAD) and the action (the rest) are the same function: export both.
 */
export function apiRoute(access: Access, methods: Partial<Record<ApiMethod, ApiHandler>>) {
  const names = Object.keys(methods);
  const allowed = names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}` : names[0];
  const handle = async ({ request, params }: { request: Request; params: { id?: string } }) => {
    const handler = methods[(request.method === "HEAD" ? "GET" : request.method) as ApiMethod];
    if (!handler) return methodNotAllowed(allowed);
    const user = await requireApiUser(request, access);
    return handler({ request, url: new URL(request.url), user, id: params.id ?? "" });
  };
  return { loader: handle, action: handle };
}

/**
 * The JSON body checked against its schema: the data, or the 400 (or 413) answer to give.
 * `async` for a schema with asynchronous checks (an id that must be the account's).
 */
export async function readApiBody<S extends ZodTypeAny>(
  request: Request,
  schema: S,
  { async = false } = {},
): Promise<z.output<S> | Response> {
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const parsed = async ? await schema.safeParseAsync(body) : schema.safeParse(body);
  return parsed.success ? (parsed.data as z.output<S>) : invalidPayload(parsed.error);
}

/**
 * GET of an API list: the page asked for (?page=, ?pageSize=, default 50) of what `list`
 * finds, each item given as `toApi` says, with X-Total-Count and Link (see jsonPage).
 */
export async function apiListPage<T>(
  url: URL,
  list: (page: { page: number; pageSize: number }) => Promise<{ items: T[]; total: number }>,
  toApi: (item: T) => unknown = (item) => item,
): Promise<Response> {
  const { page, pageSize } = readApiPage(url);
  const found = await list({ page, pageSize });
  return jsonPage(found.items.map(toApi), { total: found.total, page, pageSize, url });
}

/**
 * An API list's ?status=: absent, empty or "all" lists every status; a known one (read through
 * `normalize`, which may accept another spelling) filters; anything else answers 400 naming the
 * statuses, rather than a whole list that looks filtered.
 */
export function readApiStatus<S extends string>(
  url: URL,
  statuses: readonly S[],
  normalize: (value: string) => S | null = (value) => ((statuses as readonly string[]).includes(value) ? (value as S) : null),
): S | "all" | Response {
  const value = url.searchParams.get("status");
  if (value === null || value === "" || value === "all") return "all";
  const status = normalize(value);
  if (status) return status;
  return apiError(400, `status must be ${statuses.slice(0, -1).join(", ")} or ${statuses[statuses.length - 1]}.`);
}

/** 201 with what was made. */
export const created = (body: unknown) => json(body, { status: 201 });

/** A method that needs more than its path's access (a technician reads their work, only the office changes it). */
export function needs(access: Access, handler: ApiHandler): ApiHandler {
  return (call) => (can(call.user.role, access) ? handler(call) : Promise.resolve(apiError(403, NO_ACCESS_MESSAGE)));
}

export { ownWorkOnly };

/**
 * ?assignee= of a jobs or appointments list: `me` or a member's id; none for everyone's. A
 * technician always gets their own, whatever they ask. Anything else answers 400.
 */
export async function readAssignee(url: URL, user: ApiCall["user"]): Promise<string | undefined | Response> {
  const own = ownWorkOnly(user);
  if (own) return own;
  const wanted = url.searchParams.get("assignee")?.trim();
  if (!wanted) return undefined;
  if (wanted === "me") return user.memberId;
  if (wanted.length <= 100 && (await isAccountMember(user.accountId, wanted))) return wanted;
  return apiError(400, "assignee must be me or the id of a member of your team.");
}
