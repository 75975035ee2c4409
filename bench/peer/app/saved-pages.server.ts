import { readFile } from "node:fs/promises";
import path from "node:path";

// TradeDesk's answers as the benchmark saved them (bench/peer-pages.ts): <name>.html, the
// markup of a page's <body> and what followed </html>; <name>.json, an API answer.
const dir = path.resolve(process.env.PEER_PAGES_DIR ?? "data/bench/peer-pages");

/** The saved file `<name>.<kind>`, read afresh each time; a 404 when there is none. */
export async function readSavedPage(name: string | undefined, kind: "html" | "json"): Promise<string> {
  if (!name || !/^[\w-]+$/.test(name)) throw new Response("Not found", { status: 404 });
  try {
    return await readFile(path.join(dir, `${name}.${kind}`), "utf8");
  } catch {
    throw new Response("Not found", { status: 404 });
  }
}
