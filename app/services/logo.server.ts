import { getLogo } from "~/models/settings.server";

/** The account's logo for a public page (a shared estimate or invoice); 404 without an account or a logo. */
export async function logoResponse(accountId: string | undefined): Promise<Response> {
  const logo = accountId ? await getLogo(accountId) : undefined;
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
