// Builds the requests a browser would send to route actions in integration tests.
export function formRequest(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });
}

export function jsonRequest(url: string, body: unknown, headers: Record<string, string> = {}) {
  return new Request(url, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "Content-Type": "application/json", ...headers },
  });
}

/** The cookies a response sets, as one Cookie header for the next request. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
}

/** What a route action returned: a Response, or Remix's data() wrapper. */
export function unwrap(result: unknown): { status: number; body: unknown; headers: Headers } {
  if (result instanceof Response) return { status: result.status, body: null, headers: result.headers };
  const wrapped = result as { type?: string; data: unknown; init?: ResponseInit | null };
  if (wrapped?.type === "DataWithResponseInit") {
    return { status: wrapped.init?.status ?? 200, body: wrapped.data, headers: new Headers(wrapped.init?.headers) };
  }
  return { status: 200, body: result, headers: new Headers() };
}

/** A JSON API request as a browser with this session cookie (or none) would send it. */
export function apiRequest(url: string, method: string, cookie: string | null, body?: unknown) {
  const headers: Record<string, string> = {};
  if (cookie) headers.Cookie = cookie;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return new Request(url, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

type RouteHandler = (args: { request: Request; params: Record<string, string>; context: never }) => Promise<Response>;

/** Runs a loader or action as Remix would; a thrown Response (a 401, a 404) is the answer too. */
export async function runRoute(handler: unknown, request: Request, params: Record<string, string> = {}): Promise<Response> {
  try {
    return await (handler as RouteHandler)({ request, params, context: {} as never });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
