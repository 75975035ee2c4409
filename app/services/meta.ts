import type { MetaArgs } from "@remix-run/node";
import { translate } from "~/infrastructure/i18n";
import type { TextKey } from "~/locales/keys";

/** A page title in the visitor's language: "Customers | TradeDesk". */
export function titleMeta(key: TextKey) {
  return ({ matches }: MetaArgs) => {
    const locale = (matches[0]?.data as { locale?: string } | undefined)?.locale ?? "en";
    return [{ title: `${translate(locale, key)} | TradeDesk` }];
  };
}
