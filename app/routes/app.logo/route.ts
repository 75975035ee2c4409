import type { LoaderFunctionArgs } from "@remix-run/node";
import { getLogo } from "~/models/settings.server";
import { requireUser } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "member" satisfies RouteAccess;

/** The signed-in account's logo, with the content type it was stored with. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const logo = await getLogo(user.accountId);
  if (!logo?.logo || !logo.mimeType) throw new Response("Not Found", { status: 404 });
  return new Response(new Uint8Array(logo.logo), {
    headers: {
      "Content-Type": logo.mimeType,
      "Cache-Control": "private, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
