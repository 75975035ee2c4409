// The page and its hydration data as app/entry.server.tsx writes them (decision 025): one
// string render, Remix's data read first and written after the page. They must be what
// Remix's own streaming render writes (its default entry: renderToPipeableStream, whole page
// on onAllReady), to the byte, or the browser would hydrate something else.
import { PassThrough } from "node:stream";
import {
  createRequestHandler,
  type AppLoadContext,
  type EntryContext,
  type LoaderFunctionArgs,
  type ServerBuild,
} from "@remix-run/node";
import { Links, Meta, Outlet, RemixServer, Scripts, useLoaderData } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import handleRequest from "./entry.server";
import { hydrationScripts, readHydrationData } from "./infrastructure/hydration-data.server";
import { loadContextFor } from "../server/load-context";

type Entry = ServerBuild["entry"]["module"]["default"];

/**
 * Remix's default document entry, streaming, answered once everything (the data too) is
 * ready, with the request's nonce given to Remix and React (as TradeDesk's entry did before).
 */
const streamingEntry: Entry = (request, status, headers, context: EntryContext, loadContext: AppLoadContext) =>
  new Promise((resolve, reject) => {
    const nonce = loadContext.cspNonce as string | undefined;
    const body = new PassThrough();
    const chunks: Buffer[] = [];
    body.on("data", (chunk: Buffer) => chunks.push(chunk));
    body.on("end", () => {
      headers.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(Buffer.concat(chunks).toString("utf8"), { status, headers }));
    });
    const { pipe } = renderToPipeableStream(<RemixServer context={context} url={request.url} nonce={nonce} />, {
      nonce,
      onAllReady: () => pipe(body),
      onShellError: reject,
    });
  });

function Document() {
  return (
    <html lang="en">
      <head>
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
}

/** A page whose loader's data has what a script must escape, and optionally a value that comes later. */
function pageModule(options: { later?: boolean; scripts?: boolean } = {}) {
  return {
    loader: async (_args: LoaderFunctionArgs) => ({
      name: "Ana </script><script>alert(1)</script> & Peña \u2028 ☃",
      totals: [1250, 99, 0],
      when: new Date("2026-11-27T10:00:00Z"),
      ...(options.later ? { later: new Promise<string>((resolve) => setTimeout(() => resolve("arrived"), 20)) } : {}),
    }),
    default: function Page() {
      const data = useLoaderData<{ name: string; totals: number[] }>();
      return (
        <main>
          <h1>{data.name}</h1>
          <p>{data.totals.join(", ")}</p>
        </main>
      );
    },
  };
}

function build(entry: Entry, page: ReturnType<typeof pageModule>, scripts = true): ServerBuild {
  const asset = { hasAction: false, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false, imports: [] };
  return {
    mode: "production",
    entry: { module: { default: entry } },
    routes: {
      root: { id: "root", path: "", module: { default: scripts ? Document : () => <Outlet /> } },
      page: { id: "page", parentId: "root", path: "page", module: page },
    },
    assets: {
      entry: { module: "/entry.js", imports: [] },
      routes: {
        root: { ...asset, id: "root", path: "", module: "/root.js", hasLoader: false },
        page: { ...asset, id: "page", parentId: "root", path: "page", module: "/page.js", hasLoader: true },
      },
      url: "/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v3_singleFetch: true, v3_lazyRouteDiscovery: true },
    isSpaMode: false,
  } as unknown as ServerBuild;
}

async function render(entry: Entry, page: ReturnType<typeof pageModule>, context: AppLoadContext, scripts = true) {
  const response = await createRequestHandler(build(entry, page, scripts), "production")(
    new Request("http://localhost/page"),
    context,
  );
  return { status: response.status, html: await response.text() };
}

describe("entry.server", () => {
  it("writes the page and its hydration data exactly as Remix's streaming render does", async () => {
    const context = loadContextFor("GET", "n0nce+/=");
    const page = pageModule();
    const ours = await render(handleRequest as Entry, page, context);
    const remix = await render(streamingEntry, page, context);
    expect(ours.status).toBe(200);
    expect(ours.html).toBe(remix.html);
    // The data is there, escaped, and nothing in it closes the script.
    expect(ours.html).toContain('<script nonce="n0nce+/=">window.__remixContext.streamController.enqueue(');
    expect(ours.html).toContain("\\u003c/script\\u003e");
    expect(ours.html).toContain("window.__remixContext.streamController.close();</script><!--/$--><!--/$-->");
    expect(ours.html.match(/<\/script><script>alert/g)).toBeNull();
  });

  it("waits for a value that comes later, and writes it as Remix does", async () => {
    const context = loadContextFor("GET", "abc");
    const page = pageModule({ later: true });
    const ours = await render(handleRequest as Entry, page, context);
    const remix = await render(streamingEntry, page, context);
    expect(ours.html).toContain("arrived");
    expect(ours.html).toBe(remix.html);
  });

  it("answers a page that fails to render with Remix's error page and a 500, as before", async () => {
    const context = loadContextFor("GET", "abc");
    const page = {
      ...pageModule(),
      default: function Broken(): never {
        throw new Error("the page broke");
      },
    };
    // Remix logs the error (and React, for the streaming render); kept out of the test's output.
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const ours = await render(handleRequest as Entry, page, context);
    const remix = await render(streamingEntry, page, context);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
    expect(ours.status).toBe(500);
    expect(ours.html).toContain("Application Error");
    expect(ours.html).toBe(remix.html);
  });

  it("writes no data for a page without Remix's scripts", async () => {
    const context = loadContextFor("GET", "abc");
    const page = pageModule();
    const ours = await render(handleRequest as Entry, page, context, false);
    const remix = await render(streamingEntry, page, context, false);
    expect(ours.html).not.toContain("streamController");
    expect(ours.html).toBe(remix.html);
  });
});

describe("hydration data", () => {
  const stream = (parts: (string | Uint8Array)[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(typeof part === "string" ? new TextEncoder().encode(part) : part);
        controller.close();
      },
    });

  it("keeps each chunk, and a character split between two chunks whole", async () => {
    const snowman = new TextEncoder().encode("☃");
    const chunks = await readHydrationData(stream(["[1,", snowman.slice(0, 2), snowman.slice(2), "]"]));
    expect(chunks).toEqual(["[1,", "", "☃", "]"]);
  });

  it("opens a boundary per chunk, a script only for a chunk with text, and closes them all", () => {
    expect(hydrationScripts(["a", ""], 'x"y')).toBe(
      '<!--$--><script nonce="x&quot;y">window.__remixContext.streamController.enqueue("a");</script>' +
        "<!--$-->" +
        '<!--$--><script nonce="x&quot;y">window.__remixContext.streamController.close();</script>' +
        "<!--/$--><!--/$--><!--/$-->",
    );
    expect(hydrationScripts([])).toBe("<!--$--><script>window.__remixContext.streamController.close();</script><!--/$-->");
  });
});
