// Calls any route module's loader or action the way Remix does, as the browser of a
// signed-in account would (the Cookie of a real session, from signedInAccount() in
// test/accounts.ts), or with no session. Every route test goes through runRoute.
import { readToast } from "~/infrastructure/toast.server";
import { loadContextFor } from "../server/load-context";

/**
 * What the route answered, always as a Response: a Response it returned or threw (a
 * redirect, a 401, a 404) is that Response; data() and a plain value become a JSON
 * Response with data() status and headers. `data` is the value itself, unserialized
 * (Dates stay Dates), or null when the route answered with a Response.
 */
export type RouteResponse = Response & { data: unknown };

export interface RouteCall {
  /** The Cookie header of a signed-in account (`signedInAccount().cookie`); none by default. */
  cookie?: string | null;
  /** GET unless a body is given (then POST). */
  method?: string;
  /** The route's dynamic segments, `{ jobId: "…" }`. */
  params?: Record<string, string>;
  /** A form post: fields (a name twice as two pairs) or FormData (file uploads). */
  form?: Record<string, string> | [string, string][] | FormData;
  /** A JSON body: a value to stringify, or a string sent as it is. */
  json?: unknown;
  headers?: Record<string, string>;
}

type Handler = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;

const ORIGIN = "http://localhost";

function requestFor(url: string, call: RouteCall): Request {
  const headers = new Headers(call.headers);
  if (call.cookie) headers.set("Cookie", call.cookie);
  let body: BodyInit | undefined;
  if (call.form instanceof FormData) body = call.form;
  else if (call.form) {
    body = new URLSearchParams(call.form);
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  } else if (call.json !== undefined) {
    body = typeof call.json === "string" ? call.json : JSON.stringify(call.json);
    headers.set("Content-Type", "application/json");
  }
  return new Request(new URL(url, ORIGIN), { method: call.method ?? (body === undefined ? "GET" : "POST"), headers, body });
}

function withData(response: Response, data: unknown): RouteResponse {
  return Object.assign(response, { data });
}

function jsonResponse(data: unknown, text: string, init: ResponseInit | null | undefined): RouteResponse {
  const headers = new Headers(init?.headers);
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  return withData(new Response(text, { status: init?.status ?? 200, statusText: init?.statusText, headers }), data);
}

/**
 * Runs `handler` (a route's loader or action) for `request`: a Request built by the test,
 * or a path ("/app/jobs?q=x") or URL sent with `call`'s session, method and body. The load
 * context is the one server/app.ts gives. An error that is not a Response is thrown on, as
 * Remix would turn it into a 500.
 */
export async function runRoute(handler: unknown, request: Request | string, call: RouteCall = {}): Promise<RouteResponse> {
  const req = typeof request === "string" ? requestFor(request, call) : request;
  let result: unknown;
  try {
    result = await (handler as Handler)({ request: req, params: call.params ?? {}, context: loadContextFor(req.method, "test") });
  } catch (thrown) {
    if (thrown instanceof Response) return withData(thrown, null);
    throw thrown;
  }
  if (result instanceof Response) return withData(result, null);
  const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit | null } | null;
  if (wrapped && wrapped.type === "DataWithResponseInit")
    return jsonResponse(wrapped.data, JSON.stringify(wrapped.data) ?? "", wrapped.init);
  return jsonResponse(result, JSON.stringify(result) ?? "null", null);
}

/** The toast a route's answer sets (its Set-Cookie), read as the next request would read it. */
export async function toastOf(headers: Headers) {
  const cookie = headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  return (await readToast(new Request(ORIGIN, { headers: { Cookie: cookie } }))).toast;
}
