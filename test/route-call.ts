// Calls a route's loader or action the way Remix does and reads whatever comes back
// (a Response, returned or thrown, data() with a status, or a plain value) as one answer.

export interface Answer {
  status: number;
  location: string | null;
  contentType: string | null;
  text: string;
  headers: Headers;
}

type Handler = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;

async function fromResponse(response: Response): Promise<Answer> {
  return {
    status: response.status,
    location: response.headers.get("Location"),
    contentType: response.headers.get("Content-Type"),
    text: Buffer.from(await response.arrayBuffer()).toString("utf8"),
    headers: response.headers,
  };
}

/** The answer; an error that is not a Response is thrown on, as Remix would turn it into a 500. */
export async function callRoute(handler: unknown, request: Request, params: Record<string, string> = {}): Promise<Answer> {
  let result: unknown;
  try {
    result = await (handler as Handler)({ request, params, context: { cspNonce: "test" } });
  } catch (thrown) {
    if (thrown instanceof Response) return fromResponse(thrown);
    throw thrown;
  }
  if (result instanceof Response) return fromResponse(result);
  const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit | null } | null;
  if (wrapped && wrapped.type === "DataWithResponseInit") {
    const headers = new Headers(wrapped.init?.headers);
    return {
      status: wrapped.init?.status ?? 200,
      location: headers.get("Location"),
      contentType: "application/json",
      text: JSON.stringify(wrapped.data) ?? "",
      headers,
    };
  }
  return { status: 200, location: null, contentType: "application/json", text: JSON.stringify(result) ?? "null", headers: new Headers() };
}

/** The parsed JSON message of an API answer, or undefined when it is not `{ message: string }`. */
export function jsonMessage(answer: Answer): string | undefined {
  if (!answer.contentType?.includes("application/json")) return undefined;
  try {
    const body = JSON.parse(answer.text) as { message?: unknown };
    return body && typeof body === "object" && typeof body.message === "string" && body.message ? body.message : undefined;
  } catch {
    return undefined;
  }
}
