import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig } from "~/services/i18n";

async function hydrate() {
  // Both dictionaries are bundled: the language of the server render is on <html lang>.
  await i18next.use(initReactI18next).init({
    ...i18nConfig,
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
