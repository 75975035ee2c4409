import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "~/locales/keys";
import { buttonClass } from "./ui/button";

/**
 * What a new job, appointment, estimate or recurring invoice dialog shows to an account with
 * no customers yet: why nothing can be made, Cancel, and the way to add the first customer.
 */
export function NoCustomersYet({
  message,
  addLabel,
  closeTo,
}: {
  message: TranslationKey;
  addLabel: TranslationKey;
  closeTo: string;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <p>{t(message)}</p>
      <div className="mt-6 flex justify-end gap-2">
        <Link to={closeTo} className={buttonClass("secondary")} preventScrollReset>
          {t("list.cancel")}
        </Link>
        <Link to="/app/customers/new" className={buttonClass("primary")}>
          {t(addLabel)}
        </Link>
      </div>
    </div>
  );
}
