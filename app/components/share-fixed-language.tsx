import { createInstance } from "i18next";
import { useMemo, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { i18nConfig, type Language } from "~/services/i18n";

/**
 * Renders its children in one fixed language, whatever the visitor's: the customer's
 * estimate page speaks the account's document language. Both dictionaries are bundled,
 * so the instance is ready synchronously, on the server and in the browser alike.
 */
export function FixedLanguage({ language, children }: { language: Language; children: ReactNode }) {
  const i18n = useMemo(() => {
    const instance = createInstance();
    void instance.init({ ...i18nConfig, lng: language, initImmediate: false });
    return instance;
  }, [language]);
  return (
    <I18nextProvider i18n={i18n}>
      <div lang={language}>{children}</div>
    </I18nextProvider>
  );
}
