import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRegisterSchema } from "~/lib/auth-schemas";
import { toPublicUser } from "~/models/user.server";
import { apiError, json, readJsonObject, validationErrors } from "~/services/api.server";
import { register } from "~/services/registration.server";
import { createUserSession } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "public" satisfies RouteAccess;

export const loader = () => apiError(405, "Use POST to register.");

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to register.");
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const parsed = apiRegisterSchema.safeParse(body);
  if (!parsed.success) {
    const errors = validationErrors(parsed.error);
    return apiError(400, errors[0]?.message ?? "Invalid request", errors);
  }
  const registered = await register(request, parsed.data);
  // A known address gets the answer a new one gets, without a session (its owner has been e-mailed).
  if (registered.kind === "existing") return json(registered.user, { status: 201 });
  const user = registered.user;
  return json(toPublicUser(user), { status: 201, headers: { "Set-Cookie": await createUserSession(request, user.id) } });
}
