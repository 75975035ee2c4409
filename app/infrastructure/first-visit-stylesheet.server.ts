// A browser's first page carries the stylesheet in its <head> (docs/performance.md, "The
// stylesheet on a first visit"). A cold page cannot paint before its stylesheet is there, and a
// linked one is only asked for once the page has started to load: one more round trip on a slow
// phone network. So a browser that has not had this version of the stylesheet gets it inline,
// with a low-priority prefetch of the file for the pages after, and a cookie naming the version;
// every later page links the file as usual. Other clients (scripts, the API, fetch()) never get
// it: only a navigation (Sec-Fetch-Mode: navigate) paints.
import { readFileSync } from "node:fs";
import path from "node:path";

/** Names the stylesheet version the browser was given (a file name's hash, not a secret). */
export const STYLESHEET_COOKIE = "td_css";
const YEAR_S = 365 * 24 * 60 * 60;

/** The built stylesheet's hash, from its address (`/assets/tailwind-<hash>.css`); null for any other address (development). */
function versionOf(href: string): string | null {
  return /^\/assets\/[\w.-]+-([\w-]{6,})\.css$/.exec(href)?.[1] ?? null;
}

function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return null;
}

/** The customer's pages (a shared estimate or invoice) set no cookie: their visitors are not the account's users. */
const CUSTOMER_PAGE = /^\/[ei]\//;

/**
 * Whether this request's page should carry the stylesheet inline: a browser's navigation to a
 * page, without the cookie of this version, on a production build (whose files are in
 * `clientDir`). Null when not; else the Set-Cookie that records it, which is null on the
 * customer's pages: they carry the stylesheet at every visit instead.
 */
export function firstVisitStylesheet(
  request: Request,
  clientDir: string | undefined,
  href: string,
): { setCookie: string | null } | null {
  const version = versionOf(href);
  if (!clientDir || !version || request.method !== "GET") return null;
  if (request.headers.get("Sec-Fetch-Mode") !== "navigate") return null;
  if (cookieValue(request.headers.get("Cookie"), STYLESHEET_COOKIE) === version) return null;
  if (stylesheetText(clientDir, href) === null) return null;
  if (CUSTOMER_PAGE.test(new URL(request.url).pathname)) return { setCookie: null };
  return { setCookie: `${STYLESHEET_COOKIE}=${version}; Path=/; Max-Age=${YEAR_S}; HttpOnly; SameSite=Lax` };
}

const texts = new Map<string, string | null>();

/** The built stylesheet's text, read once per process; null when the file is not there. */
export function stylesheetText(clientDir: string, href: string): string | null {
  const file = path.join(clientDir, href);
  if (!texts.has(file)) {
    let text: string | null = null;
    // Only a file inside the client build: the address comes from the build, never a request.
    if (file.startsWith(path.join(clientDir, "assets") + path.sep)) {
      try {
        // "</style" cannot occur in the minified CSS Tailwind writes; refuse the file if it ever does.
        const read = readFileSync(file, "utf8");
        text = /<\/style/i.test(read) ? null : read;
      } catch {
        text = null;
      }
    }
    texts.set(file, text);
  }
  return texts.get(file)!;
}
