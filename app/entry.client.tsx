import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { loadDictionary, pageLanguages } from "~/services/dictionaries";
import { i18nConfig, i18nResources } from "~/services/i18n";

async function hydrate() {
  // Only the dictionaries this page speaks are fetched: <html lang> (the language of the
  // server render) and any part in a fixed language (a shared estimate).
  await Promise.all(pageLanguages(document).map(loadDictionary));
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
