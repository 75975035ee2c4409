import type { ZodError } from "zod";
import { translate } from "./i18n";

/** A JSON failure in the shape SPEC.md section 7 gives: `{ message }`, plus `errors` for validation. */
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
  return error.issues.map((issue) => ({
    path: issue.path.join("."),
    message: translate("en", issue.message),
  }));
}

/**
 * The request's JSON body, or an error answer: a body that is not JSON, or not an
 * object, is the caller's mistake (400), never a crash.
 */
export async function readJsonObject(request: Request, maxBytes = 1_000_000): Promise<Record<string, unknown> | Response> {
  const text = await request.text();
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
