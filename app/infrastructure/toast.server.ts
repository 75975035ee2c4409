import { createCookie, replace } from "@remix-run/node";
import { z } from "zod";
import type { TranslationKey } from "~/locales/keys";
import { messageKey } from "./i18n";
import { sessionSecrets } from "./session.server";

// A toast is stored as dictionary keys (plus values to fill in), so it is shown in
// the language of the page that displays it.
const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("success"),
  title: z.string().transform(messageKey),
  description: z.string().transform(messageKey).optional(),
  values: z.record(z.string(), z.string()).optional(),
});

export type Toast = z.infer<typeof toastSchema>;
/** A toast to set: its title and description are keys English has (tsc checks them). */
export type ToastInput = Omit<z.input<typeof toastSchema>, "title" | "description"> & {
  title: TranslationKey;
  description?: TranslationKey;
};

function toastCookie() {
  return createCookie("td_toast", {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secrets: sessionSecrets(),
  });
}

export async function toastHeader(toast: ToastInput): Promise<string> {
  return toastCookie().serialize(toastSchema.parse(toast));
}

/** Reads the pending toast; the returned header clears it so it shows once. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; header: string | null }> {
  const raw = await toastCookie().parse(request.headers.get("Cookie"));
  if (!raw) return { toast: null, header: null };
  const parsed = toastSchema.safeParse(raw);
  const header = await toastCookie().serialize("", { maxAge: 0 });
  return { toast: parsed.success ? parsed.data : null, header };
}

/**
 * Redirects after a form's success, with its toast. In the browser the answer takes the form's
 * place in the history (`replace`: X-Remix-Replace, for Remix's client-side navigation; a
 * page load follows a 302 as usual), so Back does not open the submitted form again.
 */
export async function redirectWithToast(url: string, toast: ToastInput, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return replace(url, { ...init, headers });
}
