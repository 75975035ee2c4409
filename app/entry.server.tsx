import { type AppLoadContext, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { StylesheetTextProvider } from "~/components/app-stylesheet";
import { NonceProvider } from "~/components/nonce";
import { stylesheetText } from "~/infrastructure/first-visit-stylesheet.server";
import { hydrationScripts, readHydrationData } from "~/infrastructure/hydration-data.server";
import stylesheet from "~/tailwind.css?url";
import { fallbackLanguage, isLanguage } from "~/infrastructure/i18n";
import { i18nServer, serverI18n } from "~/infrastructure/i18n.server";

// What the Express server takes from this build (it imports nothing of app/ itself).
export { serverRuntime } from "./server-runtime.server";

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

  // The page is rendered whole, as one string, and answered as one body (decision 025): no
  // route defers data, so Remix's hydration data is read first and written after the page,
  // and React's streaming render, which encodes every piece of markup to bytes as it goes,
  // is not needed.
  const hydrationData = remixContext.serverHandoffStream ? await readHydrationData(remixContext.serverHandoffStream) : null;
  const context = hydrationData ? { ...remixContext, serverHandoffStream: undefined } : remixContext;
  const html = renderToString(
    <NonceProvider value={nonce}>
      <StylesheetTextProvider value={stylesheetRules}>
        <I18nextProvider i18n={instance}>
          <RemixServer context={context} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </StylesheetTextProvider>
    </NonceProvider>,
  );
  const scripts = hydrationData ? hydrationScripts(hydrationData, nonce, context.renderMeta?.didRenderScripts === true) : "";
  // React's streaming render starts a document (an <html> at the top) with its doctype; this one does not.
  const doctype = html.startsWith("<html") ? "<!DOCTYPE html>" : "";
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(doctype + html + scripts, { headers: responseHeaders, status: responseStatusCode });
}
