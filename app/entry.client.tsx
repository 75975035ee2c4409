import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { loadDictionary, pageLanguages } from "~/infrastructure/dictionaries";
import { i18nConfig, i18nResources } from "~/infrastructure/i18n";

/**
 * Decodes the loaders' data the page carries before React starts hydrating.
 *
 * Remix does it the first time `<RemixBrowser>` renders, and suspends the whole document until
 * it is done. A click or a key press in that moment makes React hydrate at once, and such a
 * render cannot wait: React throws error #345 ("Root did not complete") and the click falls
 * through to a full page load. On a slow phone that moment is long enough to hit. Calling
 * `RemixBrowser` here only starts that decoding (it throws its promise before anything else
 * when there is no router yet) and waits for it, so hydration never suspends at the root.
 */
async function decodeLoaderData() {
  try {
    RemixBrowser({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
  }
}

async function hydrate() {
  // Only the dictionaries this page speaks are fetched: <html lang> (the language of the
  // server render) and any part in a fixed language (a shared estimate).
  await Promise.all([...pageLanguages(document).map(loadDictionary), decodeLoaderData()]);
  await i18next.use(initReactI18next).init({
    ...i18nConfig,
    resources: i18nResources(),
    lng: document.documentElement.lang || "en",
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
