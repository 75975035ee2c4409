// A route's answer read at once (status, Location, body text), for tests that compare
// many answers. The call itself is runRoute's (test/route.ts).
import { runRoute } from "./route";

export interface Answer {
  status: number;
  location: string | null;
  contentType: string | null;
  text: string;
  headers: Headers;
}

async function fromResponse(response: Response): Promise<Answer> {
  return {
    status: response.status,
    location: response.headers.get("Location"),
    contentType: response.headers.get("Content-Type"),
    text: Buffer.from(await response.arrayBuffer()).toString("utf8"),
    headers: response.headers,
  };
}

/** The answer of runRoute (test/route.ts), read; an error that is not a Response is thrown on. */
export async function callRoute(handler: unknown, request: Request, params: Record<string, string> = {}): Promise<Answer> {
  return fromResponse(await runRoute(handler, request, { params }));
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
