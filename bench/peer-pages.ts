// TradeDesk's answers saved for the minimal Remix app of bench/peer to serve again, so that
// each page is compared with the peer rendering the same HTML (docs/performance.md).
// A page is saved as what TradeDesk sent inside its <body> plus what it sent after </html>
// (its hydration data, written after the page), and the peer's route /page/<name> renders
// that markup through Remix (bench/peer/app/routes/page.$name.tsx); a JSON answer is saved
// whole and served by the peer's resource route /json/<name>.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Where the pages are saved; the peer's server reads them from PEER_PAGES_DIR. */
export const PEER_PAGES_DIR = path.resolve(import.meta.dirname, "../data/bench/peer-pages");

/** A file name for a page's path: /app/customers?q=garcia -> app-customers-q-garcia. */
export function pageName(page: string): string {
  return page.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || "root";
}

/**
 * The markup the peer is to render for a whole HTML document: everything inside its <body>,
 * TradeDesk's scripts included, and anything after </html>. The peer writes its own <head>,
 * <body> and scripts around it.
 */
export function bodyMarkup(document: string): string {
  const open = /<body[^>]*>/i.exec(document);
  const close = document.lastIndexOf("</body>");
  if (!open || close < open.index) throw new Error("The page has no <body>…</body>");
  const htmlEnd = document.indexOf("</html>", close);
  const after = htmlEnd >= 0 ? document.slice(htmlEnd + "</html>".length) : "";
  return document.slice(open.index + open[0].length, close) + after;
}

/**
 * Saves one of TradeDesk's answers under `name` (letters, digits, `-` and `_`) and returns
 * the peer's path that serves it: /page/<name> for HTML, /json/<name> for JSON.
 */
export function savePeerPage(name: string, body: string, contentType: string, dir = PEER_PAGES_DIR): string {
  if (!/^[\w-]+$/.test(name)) throw new Error(`Not a page name: ${name}`);
  mkdirSync(dir, { recursive: true });
  if (contentType.startsWith("application/json")) {
    writeFileSync(path.join(dir, `${name}.json`), body);
    return `/json/${name}`;
  }
  if (!contentType.startsWith("text/html")) throw new Error(`${name}: the peer serves HTML and JSON, not ${contentType}`);
  writeFileSync(path.join(dir, `${name}.html`), bodyMarkup(body));
  return `/page/${name}`;
}
