import { createInstance } from "i18next";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { loadDictionary } from "~/infrastructure/dictionaries";
import { hasDictionary, i18nConfig, i18nResources, type Language } from "~/infrastructure/i18n";

/**
 * Renders its children in one fixed language, whatever the visitor's: the customer's
 * estimate page speaks the account's document language. The server has every dictionary;
 * the browser loaded this one before hydrating (the element carries `lang`), and loads it
 * here should a client-side navigation bring a language it has not seen yet.
 */
export function FixedLanguage({ language, children }: { language: Language; children: ReactNode }) {
  const [loaded, setLoaded] = useState(() => hasDictionary(language));
  useEffect(() => {
    if (hasDictionary(language)) return setLoaded(true);
    let current = true;
    void loadDictionary(language).then(() => current && setLoaded(true));
    return () => {
      current = false;
    };
  }, [language]);
  const i18n = useMemo(() => {
    const instance = createInstance();
    void instance.init({ ...i18nConfig, resources: i18nResources(), lng: language, initImmediate: false });
    return instance;
    // `loaded` is the trigger: a new instance once the dictionary has arrived.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, loaded]);
  return (
    <I18nextProvider i18n={i18n}>
      <div lang={language} data-dictionary="">
        {children}
      </div>
    </I18nextProvider>
  );
}
