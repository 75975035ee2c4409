import type { LoaderFunctionArgs } from "@remix-run/node";
import { toPublicUser } from "~/models/user.server";
import { apiError, json } from "~/services/api.server";
import { getSessionUser } from "~/services/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  if (!user) return apiError(401, "Not authenticated");
  return json(toPublicUser(user));
}
