import type { LoaderFunctionArgs } from "@remix-run/node";
import { getLogo } from "~/models/settings.server";
import { findShareLink } from "~/models/share.server";

/** GET /e/{token}/logo: the logo of the company that shared the estimate (/app/logo needs a session). */
export async function loader({ params }: LoaderFunctionArgs) {
  const link = await findShareLink(params.token ?? "");
  const logo = link ? await getLogo(link.userId) : undefined;
  if (!logo?.logo || !logo.mimeType) throw new Response("Not Found", { status: 404 });
  return new Response(new Uint8Array(logo.logo), {
    headers: {
      "Content-Type": logo.mimeType,
      "Cache-Control": "private, max-age=3600",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
