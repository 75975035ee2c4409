import { Writable } from "node:stream";
import { type AppLoadContext, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { StylesheetTextProvider } from "~/components/app-stylesheet";
import { NonceProvider } from "~/components/nonce";
import { stylesheetText } from "~/services/first-visit-stylesheet.server";
import stylesheet from "~/tailwind.css?url";
import { fallbackLanguage, isLanguage } from "~/services/i18n";
import { i18nServer, serverI18n } from "~/services/i18n.server";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The root loader already chose the language (account setting, cookie or browser).
  const rootData = remixContext.staticHandlerContext.loaderData?.root as { locale?: string } | undefined;
  const locale = isLanguage(rootData?.locale) ? rootData.locale : await i18nServer.getLocale(request);
  // One instance per language, made on first use and shared by every render.
  const instance = await serverI18n(isLanguage(locale) ? locale : fallbackLanguage);

  const nonce = typeof loadContext?.cspNonce === "string" ? loadContext.cspNonce : undefined;
  // A browser's first page carries the stylesheet (the root loader decided, and set its cookie).
  const inline = (rootData as { inlineStylesheet?: boolean } | undefined)?.inlineStylesheet && loadContext.clientDir;
  const stylesheetRules = inline ? stylesheetText(inline, stylesheet) : null;

  // No route streams deferred data into its HTML, so the page is rendered whole and answered
  // as one body: one chunk through the adapter and the compression, instead of about thirty
  // through a Node stream, a web stream and back (docs/performance.md). Crawlers, which
  // used to be the only ones to wait for the whole page, get the same.
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const page = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        // Without this the timer would keep the request's data alive for ABORT_DELAY.
        clearTimeout(timeout);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <StylesheetTextProvider value={stylesheetRules}>
          <I18nextProvider i18n={instance}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </I18nextProvider>
        </StylesheetTextProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(page);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    // React renders (and calls back) on a later turn of the event loop, after this line.
    const timeout = setTimeout(abort, ABORT_DELAY);
  });
}
