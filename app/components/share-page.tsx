import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DocumentView } from "~/components/document-view";
import { buttonClass } from "~/components/ui/button";
import { translate } from "~/infrastructure/i18n";
import type { DocumentData } from "~/lib/invoice-document";

// The frame of the customer's pages for a shared estimate (/e/:token) and invoice (/i/:token):
// public (the token is the key), outside the app shell, phone-first. A card with the company's
// logo and name, what the document is, its figures, its messages, the page's buttons and
// "Download PDF"; then the document itself and the company's contact details. Each page gives
// what differs. The page renders it inside FixedLanguage (the account's document language).

/** The customer's pages are never stored by a cache nor indexed. */
export const shareHeaders: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
});

/**
 * The page's title, in the document's language: a link pasted in a text message previews as its
 * title alone, nothing about the customer or the amounts. A wrong token is the app's 404 title.
 */
export function shareMeta(titleKey: "share.page.title" | "share.invoice.title"): MetaFunction {
  return ({ data, matches }) => {
    const robots = { name: "robots", content: "noindex, nofollow" };
    if (!data) {
      const locale = (matches[0]?.data as { locale?: string } | undefined)?.locale ?? "en";
      return [{ title: translate(locale, "notFound.title") }, robots];
    }
    const { language, document } = data as { language: string; document: { number: string; company: { name: string } } };
    const title = translate(language, titleKey, { number: document.number, company: document.company.name });
    return [
      { title },
      robots,
      { property: "og:title", content: title },
      { property: "og:type", content: "website" },
      { property: "og:site_name", content: "TradeDesk" },
    ];
  };
}

/** A white card of the page. */
const shareCard = "rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:ring-slate-800";

/** One figure under the company's name: the headline (the total, the balance), an amount, or text. */
export interface ShareFact {
  label: string;
  value: ReactNode;
  kind: "headline" | "amount" | "text";
  testId?: string;
}

const FACT_CLASS: Record<ShareFact["kind"], string> = {
  headline: "text-xl font-bold tabular-nums",
  amount: "font-medium tabular-nums",
  text: "font-medium",
};

export function SharePage({
  document: doc,
  logoUrl,
  subtitle,
  facts,
  children,
  problem,
  actions,
  pdf,
  actionsNote,
  beforeDocument,
  afterDocument,
}: {
  document: DocumentData;
  logoUrl: string | null;
  /** What the document is, under the company's name. */
  subtitle: string;
  facts: ShareFact[];
  /** Under the figures: the status, the page's message, the deposit. */
  children?: ReactNode;
  /** A refused post's message, translated. */
  problem: string | null;
  /** The page's buttons, before Download PDF. */
  actions?: ReactNode;
  pdf: { href: string; label: string };
  /** A line under the buttons. */
  actionsNote?: ReactNode;
  /** Cards between the header and the document. */
  beforeDocument?: ReactNode;
  /** Cards between the document and the contact details. */
  afterDocument?: ReactNode;
}) {
  const { t } = useTranslation();
  const company = doc.company.name;
  return (
    <main className="min-h-screen bg-slate-100 px-3 py-4 sm:px-6 sm:py-8 dark:bg-slate-950">
      <div className="mx-auto max-w-4xl space-y-4">
        <header className={shareCard}>
          <div className="flex items-center gap-3">
            {logoUrl ? (
              <img
                src={logoUrl}
                alt={t("invoices.document.logoAlt", { company })}
                className="h-12 w-12 shrink-0 object-contain"
              />
            ) : null}
            <div className="min-w-0">
              <h1 className="text-lg font-bold [overflow-wrap:anywhere]" data-testid="share-company">
                {company}
              </h1>
              <p className="text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">{subtitle}</p>
            </div>
          </div>
          <dl className={`mt-4 grid grid-cols-2 gap-3 text-sm ${facts.length > 3 ? "sm:grid-cols-4" : "sm:grid-cols-3"}`}>
            {facts.map((fact) => (
              // The headline (a total of seven figures in large type) has the card's width on a phone.
              <div
                key={fact.label}
                className={fact.kind === "headline" ? "col-span-2 sm:col-span-1" : "min-w-0 [overflow-wrap:anywhere]"}
              >
                <dt className="text-slate-500 dark:text-slate-400">{fact.label}</dt>
                <dd className={FACT_CLASS[fact.kind]} data-testid={fact.testId}>
                  {fact.value}
                </dd>
              </div>
            ))}
          </dl>
          {children}
          {problem ? (
            <p
              role="alert"
              className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950 dark:text-red-200"
            >
              {problem}
            </p>
          ) : null}
          <div className="mt-4 flex flex-wrap items-center gap-2">
            {actions}
            <a href={pdf.href} download className={buttonClass("secondary")}>
              {pdf.label}
            </a>
          </div>
          {actionsNote}
        </header>

        {beforeDocument}

        {/* Nothing in it is wider than the screen (its lines stack on a phone): no box to scroll sideways. */}
        <div className="overflow-hidden rounded-lg shadow-sm ring-1 ring-slate-200 dark:ring-slate-800">
          <DocumentView document={doc} logoUrl={logoUrl} />
        </div>

        {afterDocument}

        <ShareContact company={doc.company} />
      </div>
    </main>
  );
}

const MESSAGE_TONES = {
  neutral: "bg-slate-50 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
  good: "bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-200",
  bad: "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-200",
  warning: "bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
} as const;

/** Where the document stands, in words (approved, declined, paid in full, overdue…), with the customer's own words under it. */
export function ShareMessage({ tone, text, detail }: { tone: keyof typeof MESSAGE_TONES; text: string; detail?: string | null }) {
  return (
    <div role="status" className={`mt-4 rounded-md px-3 py-2 text-sm ${MESSAGE_TONES[tone]}`} data-testid="share-message">
      <p className="font-medium">{text}</p>
      {detail ? <p className="mt-1 whitespace-pre-line">{detail}</p> : null}
    </div>
  );
}

/** A card of the page with its heading (how to pay, the payments received). */
export function ShareSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={shareCard} aria-labelledby={id}>
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** "Questions? Contact …" with call and e-mail links: the foot of the page. */
function ShareContact({ company }: { company: { name: string; phone: string; email: string } }) {
  const { t } = useTranslation();
  return (
    <footer className={`${shareCard} text-sm`}>
      <h2 className="font-semibold">{t("share.page.contactHeading")}</h2>
      <p className="mt-1 text-slate-600 dark:text-slate-400">{t("share.page.contact", { company: company.name })}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {company.phone ? (
          <a
            href={`tel:${company.phone.replace(/[^\d+]/g, "")}`}
            className={buttonClass("secondary", "[overflow-wrap:anywhere]")}
          >
            {t("share.page.call", { phone: company.phone })}
          </a>
        ) : null}
        {company.email ? (
          <a href={`mailto:${company.email}`} className={buttonClass("secondary", "[overflow-wrap:anywhere]")}>
            {t("share.page.email", { email: company.email })}
          </a>
        ) : null}
      </div>
    </footer>
  );
}
