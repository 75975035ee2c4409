import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { NonceProvider } from "~/components/nonce";
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
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={instance}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
