// Handing a link to the contractor's customer from the browser (docs/product/estimates.md, "Share links"):
// the share sheet where the browser has one; if the user cancels it, nothing happens; any
// other failure, or no share sheet, copies the link; if copying fails too, the link is
// shown so it can be copied by hand.

export type ShareOutcome = "shared" | "cancelled" | "copied" | "shown";

export interface ShareCapableNavigator {
  share?: (data: { title?: string; text?: string; url?: string }) => Promise<void>;
  clipboard?: { writeText?: (text: string) => Promise<void> };
}

export async function shareOrCopy(
  link: string,
  details: { title: string; text: string },
  nav: ShareCapableNavigator,
): Promise<ShareOutcome> {
  if (typeof nav.share === "function") {
    try {
      await nav.share({ title: details.title, text: details.text, url: link });
      return "shared";
    } catch (error) {
      if ((error as { name?: string } | null)?.name === "AbortError") return "cancelled";
    }
  }
  if (typeof nav.clipboard?.writeText === "function") {
    try {
      await nav.clipboard.writeText(link);
      return "copied";
    } catch {
      return "shown";
    }
  }
  return "shown";
}

/** An instant for people ("Nov 21, 2026, 3:04 PM") in a language and time zone (UTC when none or unknown). */
export function formatMoment(instant: Date | number | null | undefined, language: string, timeZone?: string | null): string {
  if (instant === null || instant === undefined) return "";
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return "";
  const options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };
  const tag = language === "es" ? "es-US" : "en-US";
  try {
    return new Intl.DateTimeFormat(tag, { ...options, timeZone: timeZone || "UTC" }).format(date);
  } catch {
    return new Intl.DateTimeFormat(tag, { ...options, timeZone: "UTC" }).format(date);
  }
}
