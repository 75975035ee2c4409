import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/ui/button";

/** "Questions? Contact …" with call and e-mail links: the foot of the customer's estimate and invoice pages. */
export function ShareContact({ company }: { company: { name: string; phone: string; email: string } }) {
  const { t } = useTranslation();
  return (
    <footer className="rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:ring-slate-800">
      <h2 className="font-semibold">{t("share.page.contactHeading")}</h2>
      <p className="mt-1 text-slate-600 dark:text-slate-400">{t("share.page.contact", { company: company.name })}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {company.phone ? (
          <a href={`tel:${company.phone.replace(/[^\d+]/g, "")}`} className={buttonClass("secondary")}>
            {t("share.page.call", { phone: company.phone })}
          </a>
        ) : null}
        {company.email ? (
          <a href={`mailto:${company.email}`} className={buttonClass("secondary")}>
            {t("share.page.email", { email: company.email })}
          </a>
        ) : null}
      </div>
    </footer>
  );
}
