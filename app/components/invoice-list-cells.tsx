// The cells of the invoice list (app/routes/app.invoices/route.tsx) that show more than one value.
import { useTranslation } from "react-i18next";
import { LinkBadge } from "~/components/list-page";
import { shortNumber } from "~/lib/document-number";
import { useLocale } from "~/components/use-locale";
import { paymentState } from "~/lib/invoice-balance";
import { formatDocumentDate } from "~/lib/invoice-dates";
import { invoiceStatusClass, invoiceStatusLabelKey } from "~/lib/invoice-status";
import { formatMoney } from "~/lib/money";

interface InvoiceRow {
  invoiceNumber: string;
  title: string;
  job: { title: string } | null;
  estimate: { estimateNumber: string } | null;
  status: string;
  createdOn: string;
  dueDate: string | null;
  paidOn: string | null;
  total: number;
  amountPaid: number;
}

/** Number, title, and badges to the invoice's job and estimate. */
export function InvoiceTitleCell({ invoice }: { invoice: InvoiceRow }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="font-mono text-xs text-slate-500 dark:text-slate-400" data-testid="invoice-number">
        {invoice.invoiceNumber}
      </p>
      <p className="font-medium">{invoice.title}</p>
      {invoice.job || invoice.estimate ? (
        <div className="mt-1 flex flex-wrap gap-1">
          {invoice.job ? (
            <LinkBadge
              kind="job"
              search={invoice.job.title}
              label={t("invoices.jobBadge")}
              ariaLabel={t("invoices.jobLink", { title: invoice.job.title })}
            />
          ) : null}
          {invoice.estimate ? (
            <LinkBadge
              kind="estimate"
              search={invoice.estimate.estimateNumber}
              label={t("invoices.estimateBadge", { number: shortNumber(invoice.estimate.estimateNumber) })}
              ariaLabel={t("invoices.estimateLink", { number: invoice.estimate.estimateNumber })}
            />
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/** The status badge, and "partially paid" while a balance is left. */
export function InvoiceStatusCell({ invoice }: { invoice: InvoiceRow }) {
  const { t } = useTranslation();
  return (
    <>
      <span
        data-testid="invoice-status"
        className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ${invoiceStatusClass(invoice.status)}`}
      >
        {t(invoiceStatusLabelKey(invoice.status))}
      </span>
      {paymentState(invoice.total, invoice.amountPaid) === "partial" && invoice.status !== "cancelled" ? (
        <span
          data-testid="invoice-partial"
          className="mt-1 block whitespace-nowrap text-xs font-medium text-amber-700 dark:text-amber-400"
        >
          {t("invoices.payments.partiallyPaid")}
        </span>
      ) : null}
    </>
  );
}

/** Created, due (red when overdue) and paid dates. */
export function InvoiceDatesCell({ invoice }: { invoice: InvoiceRow }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const date = (day: string | null) => formatDocumentDate(day, locale);
  return (
    <dl className="grid grid-cols-[auto_auto] gap-x-2 text-xs">
      <dt>{t("invoices.created")}</dt>
      <dd data-testid="invoice-created">{date(invoice.createdOn)}</dd>
      {invoice.dueDate ? (
        <>
          <dt>{t("invoices.due")}</dt>
          <dd
            data-testid="invoice-due"
            className={invoice.status === "overdue" ? "font-medium text-red-700 dark:text-red-400" : ""}
          >
            {date(invoice.dueDate)}
          </dd>
        </>
      ) : null}
      {invoice.paidOn ? (
        <>
          <dt>{t("invoices.paid")}</dt>
          <dd data-testid="invoice-paid" className="font-medium text-green-700 dark:text-green-400">
            {date(invoice.paidOn)}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** The total, and the balance while part is paid. */
export function InvoiceTotalCell({ invoice, currency }: { invoice: InvoiceRow; currency: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      {formatMoney(invoice.total, locale, currency)}
      {invoice.amountPaid > 0 && invoice.amountPaid < invoice.total ? (
        <span data-testid="invoice-balance" className="block text-xs font-normal text-slate-600 dark:text-slate-400">
          {t("invoices.payments.balance")} {formatMoney(invoice.total - invoice.amountPaid, locale, currency)}
        </span>
      ) : null}
    </>
  );
}
