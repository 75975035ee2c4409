import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRegisterSchema } from "~/lib/auth-schemas";
import { createUser, EmailTakenError, toPublicUser } from "~/models/user.server";
import { apiError, json, readJsonObject, validationErrors } from "~/services/api.server";
import { createUserSession } from "~/services/session.server";

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
  try {
    const user = await createUser(parsed.data);
    return json(toPublicUser(user), { status: 201, headers: { "Set-Cookie": await createUserSession(request, user.id) } });
  } catch (error) {
    if (error instanceof EmailTakenError) return apiError(409, error.message);
    throw error;
  }
}
