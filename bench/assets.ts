// What a page ships on first load: the scripts, module preloads and stylesheets its HTML
// names, plus every module those import statically (what the browser fetches before the
// page is interactive), each gzipped with node:zlib at the default level and summed. Inline
// scripts (Remix's hydration data and module bootstrap) are counted apart. Chunks loaded
// with import() are left out, except the dictionary of the page's language, which the entry
// awaits before hydrating.
import path from "node:path";
import { gzipSync } from "node:zlib";

export interface AssetFile {
  url: string;
  kind: "js" | "css";
  bytes: number;
  gzipBytes: number;
}

export interface PageAssets {
  page: string;
  status: number;
  htmlBytes: number;
  htmlGzipBytes: number;
  jsGzipBytes: number;
  inlineJsGzipBytes: number;
  cssGzipBytes: number;
  files: AssetFile[];
}

const gz = (text: string | Buffer) => gzipSync(text).length;

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    out[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? "";
  }
  return out;
}

/** Static import and re-export specifiers of an ES module (minified or not); dynamic import() is left out. */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /(?:^|[;\n}\s])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g,
    /(?:^|[;\n}\s])export\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*["']([^"']+)["']/g,
  ];
  for (const pattern of patterns) for (const m of code.matchAll(pattern)) found.add(m[1]);
  return [...found];
}

/** Specifiers of dynamic import("…") calls with a literal argument. */
export function dynamicImports(code: string): string[] {
  return [...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
}

export async function pageAssets(base: string, page: string, cookie?: string): Promise<PageAssets> {
  const response = await fetch(new URL(page, base), { headers: cookie ? { cookie } : {}, redirect: "manual" });
  const html = await response.text();
  const js = new Set<string>();
  const css = new Set<string>();
  let inlineJsGzipBytes = 0;

  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const a = attributes(m[0].slice(5, -1));
    const rel = (a.rel ?? "").toLowerCase().split(/\s+/);
    if (!a.href) continue;
    if (rel.includes("modulepreload")) js.add(new URL(a.href, new URL(page, base)).href);
    if (rel.includes("stylesheet")) css.add(new URL(a.href, new URL(page, base)).href);
  }
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const a = attributes(m[1]);
    if (a.src) {
      js.add(new URL(a.src, new URL(page, base)).href);
    } else if (m[2].trim()) {
      inlineJsGzipBytes += gz(m[2]);
      for (const specifier of staticImports(m[2])) js.add(new URL(specifier, new URL(page, base)).href);
    }
  }

  const files: AssetFile[] = [];
  const seen = new Set<string>();
  const bodies = new Map<string, string>();
  // Fetches the given modules and everything they import statically.
  const collect = async (start: Iterable<string>) => {
    const queue = [...start].filter((url) => !seen.has(url));
    for (const url of queue) seen.add(url);
    while (queue.length > 0) {
      const url = queue.shift()!;
      const body = await (await fetch(url)).text();
      bodies.set(url, body);
      files.push({ url: new URL(url).pathname, kind: "js", bytes: Buffer.byteLength(body), gzipBytes: gz(body) });
      for (const specifier of staticImports(body)) {
        const next = new URL(specifier, url).href;
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
  };
  await collect(js);
  // The entry fetches the dictionary of the page's language (<html lang>) with import()
  // before it hydrates: that chunk is part of the first load, the other language's is not.
  const lang = /<html\b[^>]*\blang="([\w-]+)"/i.exec(html)?.[1];
  if (lang) {
    const dictionary = new RegExp(`^${lang}-[\\w-]+\\.js$`);
    const dynamic = [...bodies].flatMap(([url, body]) =>
      dynamicImports(body)
        .map((specifier) => new URL(specifier, url).href)
        .filter((href) => dictionary.test(path.basename(new URL(href).pathname))),
    );
    await collect(dynamic);
  }
  for (const url of css) {
    const body = await (await fetch(url)).text();
    files.push({ url: new URL(url).pathname, kind: "css", bytes: Buffer.byteLength(body), gzipBytes: gz(body) });
  }
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const sum = (kind: AssetFile["kind"]) => files.filter((f) => f.kind === kind).reduce((s, f) => s + f.gzipBytes, 0);
  return {
    page,
    status: response.status,
    htmlBytes: Buffer.byteLength(html),
    htmlGzipBytes: gz(html),
    jsGzipBytes: sum("js"),
    inlineJsGzipBytes,
    cssGzipBytes: sum("css"),
    files,
  };
}
