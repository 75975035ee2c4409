import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { messageKey } from "~/infrastructure/i18n";
import type { TranslationKey } from "~/locales/keys";
import { Button, buttonClass } from "./ui/button";
import { inputClass } from "./ui/forms";
import { RouteDialog } from "./ui/route-dialog";
import { ToastView } from "./ui/toast";
import { isPosting } from "./ui/submission";

export interface CsvImportReport {
  imported: { line: number; name: string }[];
  rejected: { line: number; name: string; reasons: string[] }[];
  error?: string;
}

/**
 * The CSV import dialog of a list (customers, price book): the file form, then the report
 * of what was imported and rejected (by line, with reasons).
 */
export function CsvImportDialog({
  title,
  help,
  closeTo,
  report,
}: {
  /** Dictionary keys of the dialog's title and its help text. */
  title: TranslationKey;
  help: TranslationKey;
  closeTo: string;
  report: CsvImportReport | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pending = isPosting(navigation);
  return (
    <RouteDialog title={t(title)} closeTo={closeTo} size="lg">
      {report && !report.error ? (
        <div data-testid="import-report">
          <p role="status" className="font-medium">
            {t("customers.import.summary", { imported: report.imported.length, rejected: report.rejected.length })}
          </p>
          {report.rejected.length > 0 ? (
            <section className="mt-4">
              <h3 className="text-sm font-semibold text-red-700 dark:text-red-300">{t("customers.import.rejectedList")}</h3>
              <ul className="mt-1 space-y-1 text-sm">
                {report.rejected.map((row) => (
                  <li key={row.line}>
                    <span className="font-medium">{t("customers.import.line", { line: row.line })}</span>
                    {row.name ? ` (${row.name})` : ""}: {row.reasons.map((reason) => t(messageKey(reason))).join("; ")}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {report.imported.length > 0 ? (
            <section className="mt-4">
              <h3 className="text-sm font-semibold text-green-700 dark:text-green-300">{t("customers.import.importedList")}</h3>
              <ul className="mt-1 max-h-48 space-y-0.5 overflow-y-auto text-sm">
                {report.imported.map((row) => (
                  <li key={row.line}>
                    {t("customers.import.line", { line: row.line })}: {row.name}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <div className="mt-6 flex justify-end">
            <Link to={closeTo} className={buttonClass("primary")}>
              {t("customers.import.back")}
            </Link>
          </div>
          {report.imported.length > 0 ? (
            <ToastView
              key={report.imported.length}
              toast={{
                type: "success",
                title: "customers.import.done",
                description: "customers.import.summary",
                values: { imported: String(report.imported.length), rejected: String(report.rejected.length) },
              }}
            />
          ) : null}
        </div>
      ) : (
        <Form method="post" encType="multipart/form-data" className="space-y-4">
          <p className="text-sm text-slate-600 dark:text-slate-400">{t(help)}</p>
          <label className="block">
            <span className="block text-sm font-medium">{t("customers.import.file")}</span>
            <input
              type="file"
              name="file"
              accept=".csv,.txt,text/csv,text/plain"
              required
              className={`mt-1 ${inputClass}`}
              aria-describedby={report?.error ? "import-error" : undefined}
            />
          </label>
          {report?.error ? (
            <p id="import-error" role="alert" className="text-sm text-red-600 dark:text-red-400">
              {t(messageKey(report.error))}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Link to={closeTo} className={buttonClass("secondary")}>
              {t("list.cancel")}
            </Link>
            <Button disabled={pending}>{pending ? t("customers.import.submitting") : t("customers.import.submit")}</Button>
          </div>
        </Form>
      )}
    </RouteDialog>
  );
}
