import type { ActionFunctionArgs } from "@remix-run/node";
import { readAiRequest } from "~/lib/ai-result";
import { getShellSettings } from "~/models/settings.server";
import { generateEstimate } from "~/services/ai.server";
import { json, methodNotAllowed, requireApiUser } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "estimates" satisfies RouteAccess;

const MAX_BODY = 20_000;

/** A failure is plain text, for the client to show as the error (docs/product/ai-estimates.md). */
function plainText(status: number, message: string): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/ai/estimate-generation with `{ jobDescription, location, jobType }`: the AI
 * estimate result (docs/product/ai-estimates.md), in the account's interface language. A refused
 * request is a 400, one past the account's hourly allowance a 429, and a failed analysis
 * a 502, all with a plain-text message.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request, access);
  const text = await request.text();
  if (text.length > MAX_BODY) return plainText(413, "Request body too large.");
  let body: unknown;
  try {
    body = text.trim() ? JSON.parse(text) : {};
  } catch {
    return plainText(400, "Request body is not valid JSON.");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return plainText(400, "Request body must be a JSON object.");
  const input = readAiRequest(body as Record<string, unknown>);
  if (!input.ok) return plainText(400, input.message);
  const { appLanguage } = await getShellSettings(user.accountId);
  const outcome = await generateEstimate(user.accountId, { ...input.value, language: appLanguage === "es" ? "es" : "en" });
  if (!outcome.ok) return plainText(outcome.code === "accountLimit" ? 429 : 502, outcome.message);
  return json(outcome.result);
}
