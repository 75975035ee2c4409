/**
 * A path inside this app to go to after a form (sign-in, the language and theme switcher,
 * the notification bell); anything else becomes `fallback`.
 *
 * Browsers drop tabs and newlines from a URL and read a backslash as a slash, so
 * `/\t/evil.example` or `/\evil.example` would leave the site: a value with a control
 * character or a backslash is refused outright. What is left must resolve against this
 * origin to this origin (a relative path, not `//host`). The answer is the URL's own
 * serialization of it, so a Location header built from it is plain ASCII (`日本` is
 * percent-encoded) and never starts with `//`.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/app"): string {
  if (typeof to !== "string" || !to.startsWith("/")) return fallback;
  // C0 controls, DEL and C1 controls; a backslash is a slash to browsers.
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(to)) return fallback;
  const base = "http://origin.invalid";
  let url: URL;
  try {
    url = new URL(to, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  const path = url.pathname + url.search + url.hash;
  // `/.//evil.example` normalizes to `//evil.example`, which a browser reads as another host.
  if (!path.startsWith("/") || path.startsWith("//")) return fallback;
  return path;
}
