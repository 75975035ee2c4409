import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatDocumentDate } from "~/lib/invoice-dates";
import {
  customerAddressLines,
  documentSettlement,
  formatQuantity,
  formatRatePercent,
  lineMarks,
  type DocumentData,
} from "~/lib/invoice-document";
import { invoiceStatusLabelKey } from "~/lib/invoice-status";
import { formatMoney } from "~/lib/money";

/** A figure's cell of the lines' table: a column from `sm` up, words in a line below it. */
const NUMBER_CELL = "px-3 py-2 text-right align-top tabular-nums whitespace-nowrap max-sm:block max-sm:p-0 max-sm:text-left";

/**
 * An estimate or invoice as a printable page, in the interface language. It always looks
 * like paper (dark text on white, whatever the theme), and the print stylesheet
 * (tailwind.css, .print-document) prints it alone, without the app around it.
 */
export function DocumentView({
  document: doc,
  logoUrl,
  headingLevel = 2,
}: {
  document: DocumentData;
  logoUrl: string | null;
  /** 1 when the document is the page (its print page), 2 inside a page or dialog. */
  headingLevel?: 1 | 2;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "es" ? "es" : "en";
  const money = (cents: number) => formatMoney(cents, language, doc.currency);
  const date = (day: string | null) => formatDocumentDate(day, language);
  const isInvoice = doc.kind === "invoice";
  const settlement = documentSettlement(doc);
  const label = "text-xs font-semibold uppercase tracking-wider text-slate-500";
  const addressLines = customerAddressLines(doc.customer);
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const Subheading = headingLevel === 1 ? "h2" : "h3";

  const meta: [string, string][] = [
    [t("invoices.document.number"), doc.number],
    [t(isInvoice ? "invoices.document.invoiceDate" : "invoices.document.estimateDate"), date(doc.issuedOn)],
  ];
  if (isInvoice) {
    if (doc.dueDate) meta.push([t("invoices.document.dueDate"), date(doc.dueDate)]);
    if (doc.paidOn) meta.push([t("invoices.document.paidDate"), date(doc.paidOn)]);
  } else {
    meta.push([
      t("invoices.document.validUntil"),
      doc.validUntil ? date(doc.validUntil) : t("invoices.document.validDaysShort", { days: doc.validDays }),
    ]);
  }

  const validity = doc.validUntil
    ? t("invoices.document.validUntilText", { date: date(doc.validUntil) })
    : t("invoices.document.validForDays", { days: doc.validDays });
  const payment = doc.dueDate
    ? t("invoices.document.paymentDueBy", { days: doc.paymentDays, date: date(doc.dueDate) })
    : t("invoices.document.paymentDue", { days: doc.paymentDays });

  return (
    <article
      className="print-document relative mx-auto w-full max-w-4xl bg-white px-4 py-6 text-sm text-slate-800 [color-scheme:light] sm:px-10 sm:py-8"
      data-testid="document"
      aria-label={`${t(isInvoice ? "invoices.document.invoice" : "invoices.document.estimate")} ${doc.number}`}
    >
      <header className="flex flex-col gap-6 border-b-4 border-brand-600 pb-6 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex items-start gap-4">
          {logoUrl ? (
            <img
              src={logoUrl}
              alt={t("invoices.document.logoAlt", { company: doc.company.name })}
              className="h-16 w-16 shrink-0 object-contain"
            />
          ) : null}
          {/* A long e-mail address or website breaks rather than widening the page. */}
          <div className="min-w-0 space-y-0.5 text-slate-600 [overflow-wrap:anywhere]">
            <p className="text-lg font-bold text-slate-900">{doc.company.name}</p>
            {doc.company.address ? <p>{doc.company.address}</p> : null}
            {doc.company.phone ? <p>{doc.company.phone}</p> : null}
            {doc.company.email ? <p>{doc.company.email}</p> : null}
            {doc.company.website ? <p>{doc.company.website}</p> : null}
          </div>
        </div>
        <div className="sm:text-right">
          <Heading className="text-2xl font-bold tracking-[0.12em] text-brand-700 uppercase sm:text-3xl sm:tracking-[0.2em]">
            {t(isInvoice ? "invoices.document.invoice" : "invoices.document.estimate")}
          </Heading>
          <dl className="mt-3 grid grid-cols-[auto_auto] justify-start gap-x-4 gap-y-1 sm:justify-end">
            {meta.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="text-slate-500 sm:text-right">{term}</dt>
                <dd className="font-medium text-slate-900 sm:text-right">{value}</dd>
              </div>
            ))}
          </dl>
          {isInvoice && doc.status !== "pending" ? (
            <p
              data-testid="document-status"
              className={`mt-3 inline-block rounded border-2 px-3 py-0.5 text-sm font-bold uppercase tracking-widest ${
                doc.status === "paid"
                  ? "border-green-600 text-green-700"
                  : doc.status === "overdue"
                    ? "border-red-600 text-red-700"
                    : "border-slate-500 text-slate-600"
              }`}
            >
              {t(invoiceStatusLabelKey(doc.status))}
            </p>
          ) : null}
        </div>
      </header>

      <section className="mt-6 grid gap-6 [overflow-wrap:anywhere] sm:grid-cols-2">
        <div>
          <Subheading className={label}>{t(isInvoice ? "invoices.document.billTo" : "invoices.document.preparedFor")}</Subheading>
          <div className="mt-1 space-y-0.5">
            <p className="font-semibold text-slate-900">{doc.customer.name}</p>
            {addressLines.map((line) => (
              <p key={line}>{line}</p>
            ))}
            {doc.customer.phone ? <p>{doc.customer.phone}</p> : null}
            {doc.customer.email ? <p>{doc.customer.email}</p> : null}
          </div>
        </div>
        <div>
          <Subheading className={label}>{t("invoices.document.project")}</Subheading>
          <div className="mt-1 space-y-1">
            <p className="font-semibold text-slate-900">{doc.title}</p>
            {doc.description ? <p className="whitespace-pre-line">{doc.description}</p> : null}
            {doc.jobTitle ? (
              <p className="text-slate-500">
                {t("invoices.document.job")}: {doc.jobTitle}
              </p>
            ) : null}
          </div>
        </div>
      </section>

      {/* One table: from `sm` up (and on paper) its columns; below `sm` each line stacks, its
          description and marks, then "2.5 × $19.99 −10% = $44.98", so a phone never scrolls it
          sideways. The headings stay for screen readers; the signs × − = are for the eye. */}
      <table className="mt-8 w-full border-collapse text-left max-sm:block" data-testid="document-items">
        <thead className="max-sm:sr-only">
          <tr className="bg-brand-700 text-white [print-color-adjust:exact]">
            <th scope="col" className="px-3 py-2 font-semibold">
              {t("invoices.document.description")}
            </th>
            <th scope="col" className="w-20 px-3 py-2 text-right font-semibold">
              {t("invoices.document.quantity")}
            </th>
            <th scope="col" className="w-32 px-3 py-2 text-right font-semibold">
              {t("invoices.document.unitPrice")}
            </th>
            <th scope="col" className="w-32 px-3 py-2 text-right font-semibold">
              {t("invoices.document.amount")}
            </th>
          </tr>
        </thead>
        <tbody className="max-sm:block max-sm:border-t-2 max-sm:border-brand-700">
          {doc.lines.map((line, index) => (
            <tr
              key={index}
              className="break-inside-avoid border-b border-slate-200 even:bg-slate-50 [print-color-adjust:exact] max-sm:flex max-sm:flex-wrap max-sm:items-baseline max-sm:gap-x-1.5 max-sm:px-3 max-sm:py-2.5"
              data-testid="document-line"
            >
              <td className="px-3 py-2 align-top whitespace-pre-line [overflow-wrap:anywhere] max-sm:mb-1 max-sm:block max-sm:w-full max-sm:p-0 max-sm:font-medium max-sm:text-slate-900">
                {line.description}
                {lineMarks(line).map((mark) => (
                  <span key={mark.key} className="block text-xs font-normal text-slate-500" data-testid={`line-${mark.key}`}>
                    {t(`invoices.document.${mark.key}`, mark.values)}
                  </span>
                ))}
              </td>
              <td className={NUMBER_CELL} data-testid="line-quantity">
                {formatQuantity(line.quantity, language)}
              </td>
              <td className={NUMBER_CELL}>
                <span className="sm:hidden" aria-hidden="true">
                  {" × "}
                </span>
                {money(line.unitPrice)}
                {line.discountPercent > 0 ? (
                  <span className="text-slate-600 sm:hidden" aria-hidden="true">
                    {" "}
                    {t("share.document.lineDiscount", { percent: formatRatePercent(line.discountPercent) })}
                  </span>
                ) : null}
              </td>
              <td className={`${NUMBER_CELL} font-medium max-sm:font-semibold max-sm:text-slate-900`}>
                <span className="font-normal sm:hidden" aria-hidden="true">
                  {" = "}
                </span>
                {money(line.total)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <div className="mt-4 flex justify-end">
        <dl className="w-full max-w-xs break-inside-avoid text-sm" data-testid="document-totals">
          <div className="flex justify-between px-3 py-1.5">
            <dt className="text-slate-600">{t("invoices.document.subtotal")}</dt>
            <dd className="tabular-nums">{money(doc.subtotal)}</dd>
          </div>
          <div className="flex justify-between px-3 py-1.5">
            <dt className="text-slate-600">{t("invoices.document.tax", { rate: formatRatePercent(doc.taxRate) })}</dt>
            <dd className="tabular-nums">{money(doc.taxAmount)}</dd>
          </div>
          <div className="mt-1 flex justify-between rounded bg-slate-100 px-3 py-2 text-base font-bold text-slate-900 [print-color-adjust:exact]">
            <dt>{t(`invoices.document.${settlement.grandLabel}`)}</dt>
            <dd className="tabular-nums" data-testid="document-total">
              {money(doc.total)}
            </dd>
          </div>
          {settlement.paid ? (
            <>
              <div className="flex justify-between px-3 py-1.5" data-testid="document-paid">
                <dt className="text-slate-600">{t("invoices.document.amountPaid")}</dt>
                <dd className="tabular-nums">{money(settlement.paid.amount)}</dd>
              </div>
              <div className="flex justify-between border-t border-slate-300 px-3 py-2 text-base font-bold text-slate-900">
                <dt>{t("invoices.document.balanceDue")}</dt>
                <dd className="tabular-nums" data-testid="document-balance">
                  {money(settlement.paid.balance)}
                </dd>
              </div>
            </>
          ) : null}
          {doc.deposit ? (
            <>
              {doc.deposit.asked > 0 ? (
                <div className="flex justify-between px-3 py-1.5" data-testid="document-deposit">
                  <dt className="text-slate-600">
                    {doc.deposit.percent !== null
                      ? t("invoices.document.depositPercent", { percent: formatRatePercent(doc.deposit.percent) })
                      : t("invoices.document.deposit")}
                  </dt>
                  <dd className="tabular-nums">{money(doc.deposit.asked)}</dd>
                </div>
              ) : null}
              {doc.deposit.received > 0 ? (
                <div className="flex justify-between px-3 py-1.5" data-testid="document-deposit-received">
                  <dt className="text-slate-600">{t("invoices.document.depositReceived")}</dt>
                  <dd className="tabular-nums">{money(doc.deposit.received)}</dd>
                </div>
              ) : null}
            </>
          ) : null}
        </dl>
      </div>

      {doc.photos?.length ? (
        <section className="mt-8" aria-labelledby={`${doc.id}-photos`} data-testid="document-photos">
          <Subheading id={`${doc.id}-photos`} className={label}>
            {t("invoices.document.photos")}
          </Subheading>
          <ul className="mt-2 grid grid-cols-1 gap-4 sm:grid-cols-2">
            {doc.photos.map((photo) => (
              <li key={photo.id} className="break-inside-avoid">
                <figure>
                  <a href={photo.fullUrl}>
                    <img
                      src={photo.displayUrl}
                      width={photo.width ?? undefined}
                      height={photo.height ?? undefined}
                      loading="lazy"
                      decoding="async"
                      alt={photo.caption ?? t("invoices.document.photos")}
                      className="h-auto w-full rounded-md border border-slate-200"
                    />
                  </a>
                  {photo.caption ? <figcaption className="mt-1 text-slate-600">{photo.caption}</figcaption> : null}
                </figure>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {doc.notes ? (
        <section className="mt-8 break-inside-avoid">
          <Subheading className={label}>{t("invoices.document.notes")}</Subheading>
          <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere]">{doc.notes}</p>
        </section>
      ) : null}

      <section className="mt-8 break-inside-avoid border-t border-slate-200 pt-4 text-xs text-slate-600 [overflow-wrap:anywhere]">
        <Subheading className={label}>{t("invoices.document.terms")}</Subheading>
        <p className="mt-1 font-medium text-slate-800">{isInvoice ? payment : validity}</p>
        {doc.terms ? <p className="mt-1 whitespace-pre-line">{doc.terms}</p> : null}
        {isInvoice && !doc.terms ? <p className="mt-1">{t("invoices.document.lateCharge")}</p> : null}
      </section>

      {isInvoice ? null : (
        <section
          className="mt-10 grid break-inside-avoid grid-cols-[2fr_1fr] gap-x-8 text-xs text-slate-500"
          data-testid="document-acceptance"
        >
          {doc.acceptance ? (
            <>
              <p className="pb-1 text-sm font-medium text-slate-900 italic">{doc.acceptance.by}</p>
              <p className="pb-1 text-sm text-slate-900">{date(doc.acceptance.on)}</p>
            </>
          ) : null}
          <div className="border-t border-slate-400 pt-1">{t("invoices.document.acceptance")}</div>
          <div className="border-t border-slate-400 pt-1">{t("invoices.document.signatureDate")}</div>
        </section>
      )}

      <p className="mt-8 text-center text-xs text-slate-500">{t("invoices.document.thankYou")}</p>
    </article>
  );
}

/**
 * Print and Download PDF for a document. Printing needs JavaScript (window.print); without
 * it the Print control is a link to the document's own print page (`printPage`), or, on
 * that page, a hint to use the browser's Print command.
 */
export function DocumentActions({ pdfHref, printPage }: { pdfHref: string; printPage?: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  return (
    <div className="no-print flex flex-wrap items-center justify-end gap-2">
      {hydrated ? (
        <button type="button" className={buttonClass("primary")} onClick={() => window.print()}>
          {t("invoices.print")}
        </button>
      ) : printPage ? (
        <a href={printPage} className={buttonClass("primary")}>
          {t("invoices.print")}
        </a>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("invoices.printHint")}</p>
      )}
      <a href={pdfHref} download className={buttonClass("secondary")}>
        {t("invoices.downloadPdf")}
      </a>
    </div>
  );
}

/**
 * The print page of an estimate or invoice (app_ routes, so nothing of the app around it):
 * opened in a new tab to print, or from the preview's Print link without JavaScript. Its
 * loader answers `{ document, logoUrl }` (printableDocument).
 */
export function PrintDocumentPage() {
  const { t } = useTranslation();
  const { document: doc, logoUrl } = useLoaderData<{ document: DocumentData; logoUrl: string | null }>();
  const list = doc.kind === "estimate" ? "estimates" : "invoices";
  const backTo = `/app/${list}`;
  const backLabel = t(doc.kind === "estimate" ? "invoices.backToEstimates" : "invoices.backToInvoices");
  const pdfHref = `/app/${list}/${doc.id}/pdf`;
  return (
    <main className="min-h-screen bg-slate-100 px-2 py-6 sm:px-6 dark:bg-slate-950">
      <div className="no-print mx-auto mb-4 flex max-w-4xl flex-wrap items-center justify-between gap-3">
        <a
          href={backTo}
          className="inline-flex min-h-11 items-center text-sm font-medium text-brand-600 hover:underline sm:min-h-0 dark:text-brand-500"
        >
          ← {backLabel}
        </a>
        <DocumentActions pdfHref={pdfHref} />
      </div>
      <div className="mx-auto max-w-4xl overflow-hidden rounded-lg shadow-lg ring-1 ring-slate-200 dark:ring-slate-800">
        <DocumentView document={doc} logoUrl={logoUrl} headingLevel={1} />
      </div>
    </main>
  );
}

/** The print page's title: the document's number. */
export const printMeta: MetaFunction = ({ data }) => [
  { title: data ? `${(data as { document: DocumentData }).document.number} | TradeDesk` : "TradeDesk" },
];
