import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DocumentView } from "~/components/document-view";
import { ShareContact } from "~/components/share-contact";
import { FixedLanguage } from "~/components/share-fixed-language";
import { Button, buttonClass } from "~/components/ui/button";
import { today as dayIn } from "~/lib/clock";
import { formatDocumentDate } from "~/lib/invoice-dates";
import { acceptsPayment } from "~/lib/invoice-status";
import { formatMoney } from "~/lib/money";
import { loadSharedInvoice, recordInvoiceShareView } from "~/models/invoice-share.server";
import { appOrigin } from "~/models/share.server";
import { translate } from "~/infrastructure/i18n";
import { getSessionUser } from "~/infrastructure/session.server";
import { cardPaymentsEnabled, createInvoiceCheckout } from "~/services/stripe.server";

// The customer's page for a shared invoice: public (the token is the key), phone-first, in
// the account's document language. It shows this one invoice, what was paid and what is
// still due, how to pay, and "Pay now" when card payments are set up; a wrong token is the
// ordinary 404.

export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
});

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const robots = { name: "robots", content: "noindex, nofollow" };
  if (!data) {
    const locale = (matches[0]?.data as { locale?: string } | undefined)?.locale ?? "en";
    return [{ title: translate(locale, "notFound.title") }, robots];
  }
  // A link pasted in a text message previews as its title alone: nothing about the customer or the amounts.
  const title = translate(data.language, "share.invoice.title", {
    number: data.document.number,
    company: data.document.company.name,
  });
  return [
    { title },
    robots,
    { property: "og:title", content: title },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "TradeDesk" },
  ];
};

const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const shared = await loadSharedInvoice(token);
  if (!shared) throw notFound();
  const { link, invoice, settings, document, payments, status, balance } = shared;
  // A view is the customer opening the page (a GET), not the contractor checking their own link.
  if ((context.requestMethod ?? request.method) === "GET") {
    const viewer = await getSessionUser(request);
    if (viewer?.id !== link.userId) await recordInvoiceShareView(link.id);
  }
  const language = settings.documentLanguage;
  return {
    token,
    language,
    document,
    logoUrl: settings.logoUpdatedAt ? `/i/${token}/logo?v=${settings.logoUpdatedAt.getTime()}` : null,
    status,
    total: invoice.total,
    amountPaid: invoice.amountPaid,
    balance,
    dueDate: invoice.dueDate,
    payments: payments.map((payment) => ({
      id: payment.id,
      amount: payment.amount,
      day: dayIn(settings.timeZone, payment.receivedAt),
      method: payment.method,
    })),
    paymentInstructions: settings.paymentInstructions.trim(),
    canPayByCard: cardPaymentsEnabled() && acceptsPayment(status, balance),
    returnedFromPayment: new URL(request.url).searchParams.get("payment") === "done",
  };
}

/** POST intent=pay: a Stripe Checkout Session for the balance due, and off to it. */
export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const shared = await loadSharedInvoice(token);
  if (!shared) throw notFound();
  const { invoice, settings, document, status, balance } = shared;
  if (!cardPaymentsEnabled()) throw notFound();
  if (!acceptsPayment(status, balance)) return data({ problem: "share.invoice.nothingDue" }, { status: 409 });
  try {
    const session = await createInvoiceCheckout({
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      companyName: document.company.name,
      amount: balance,
      currency: settings.currency,
      locale: settings.documentLanguage,
      customerEmail: document.customer.email,
      returnUrl: `${appOrigin(request)}/i/${token}`,
    });
    if (!session) throw notFound();
    return redirect(session.url);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("Opening a Stripe Checkout Session failed", error);
    return data({ problem: "share.invoice.payFailed" }, { status: 502 });
  }
}

export default function SharedInvoicePage() {
  const loaded = useLoaderData<typeof loader>();
  return (
    <FixedLanguage language={loaded.language}>
      <SharedInvoice {...loaded} />
    </FixedLanguage>
  );
}

function SharedInvoice(props: ReturnType<typeof useLoaderData<typeof loader>>) {
  const {
    token,
    language,
    document: doc,
    logoUrl,
    status,
    total,
    amountPaid,
    balance,
    dueDate,
    payments,
    paymentInstructions,
    canPayByCard,
    returnedFromPayment,
  } = props;
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const company = doc.company.name;
  const money = (cents: number) => formatMoney(cents, language, doc.currency);
  const date = (day: string | null) => formatDocumentDate(day, language);
  const paying = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const card = "rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:ring-slate-800";

  let notice: { text: string; tone: string } | null = null;
  if (status === "cancelled")
    notice = {
      text: t("share.invoice.cancelledNotice"),
      tone: "bg-slate-50 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
    };
  else if (balance <= 0)
    notice = { text: t("share.invoice.paidInFull"), tone: "bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-200" };
  else if (returnedFromPayment)
    notice = { text: t("share.invoice.paymentDone"), tone: "bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-200" };
  else if (status === "overdue" && dueDate)
    notice = {
      text: t("share.invoice.overdueNotice", { date: date(dueDate) }),
      tone: "bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
    };

  return (
    <main className="min-h-screen bg-slate-100 px-3 py-4 sm:px-6 sm:py-8 dark:bg-slate-950">
      <div className="mx-auto max-w-4xl space-y-4">
        <header className={card}>
          <div className="flex items-center gap-3">
            {logoUrl ? (
              <img
                src={logoUrl}
                alt={t("invoices.document.logoAlt", { company })}
                className="h-12 w-12 shrink-0 object-contain"
              />
            ) : null}
            <div className="min-w-0">
              <h1 className="truncate text-lg font-bold" data-testid="share-company">
                {company}
              </h1>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {t("share.invoice.invoiceFor", { number: doc.number, title: doc.title })}
              </p>
            </div>
          </div>
          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-slate-500 dark:text-slate-400">{t("share.invoice.balance")}</dt>
              <dd className="text-xl font-bold tabular-nums" data-testid="share-balance">
                {money(Math.max(balance, 0))}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500 dark:text-slate-400">{t("share.invoice.total")}</dt>
              <dd className="font-medium tabular-nums">{money(total)}</dd>
            </div>
            <div>
              <dt className="text-slate-500 dark:text-slate-400">{t("share.invoice.paid")}</dt>
              <dd className="font-medium tabular-nums" data-testid="share-paid">
                {money(amountPaid)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500 dark:text-slate-400">{t("share.invoice.dueDate")}</dt>
              <dd className="font-medium">{dueDate ? date(dueDate) : t("share.invoice.noDueDate")}</dd>
            </div>
          </dl>
          <p className="mt-3 text-sm">
            <span className="text-slate-500 dark:text-slate-400">{t("share.invoice.status")}: </span>
            <span className="font-medium" data-testid="share-state">
              {t(`share.invoice.statuses.${status}`)}
            </span>
          </p>
          {notice ? (
            <p
              role="status"
              className={`mt-4 rounded-md px-3 py-2 text-sm font-medium ${notice.tone}`}
              data-testid="share-message"
            >
              {notice.text}
            </p>
          ) : null}
          {actionData?.problem ? (
            <p
              role="alert"
              className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950 dark:text-red-200"
            >
              {t(actionData.problem, { company })}
            </p>
          ) : null}
          <div className="mt-4 flex flex-wrap items-center gap-2">
            {canPayByCard ? (
              // A plain post and a full page load: the answer is a redirect to Stripe's own page.
              <Form method="post" reloadDocument>
                <input type="hidden" name="intent" value="pay" />
                <Button disabled={paying}>
                  {paying ? t("share.invoice.paying") : t("share.invoice.payNow", { amount: money(balance) })}
                </Button>
              </Form>
            ) : null}
            <a href={`/i/${token}/pdf`} download className={buttonClass("secondary")}>
              {t("share.invoice.downloadPdf")}
            </a>
          </div>
          {canPayByCard ? (
            <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{t("share.invoice.payNowHint")}</p>
          ) : null}
        </header>

        {paymentInstructions && acceptsPayment(status, balance) ? (
          <section className={card} aria-labelledby="how-to-pay">
            <h2 id="how-to-pay" className="font-semibold">
              {t("share.invoice.instructionsHeading")}
            </h2>
            <p className="mt-2 whitespace-pre-line text-sm" data-testid="share-instructions">
              {paymentInstructions}
            </p>
          </section>
        ) : null}

        {payments.length ? (
          <section className={card} aria-labelledby="payments-received">
            <h2 id="payments-received" className="font-semibold">
              {t("share.invoice.paymentsHeading")}
            </h2>
            <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-700">
              {payments.map((payment) => (
                <li key={payment.id} className="flex justify-between gap-2 py-1.5">
                  <span>
                    {date(payment.day)} · {t(`invoices.paymentMethod.${payment.method}`)}
                  </span>
                  <span className="font-medium tabular-nums">{money(payment.amount)}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <div className="overflow-x-auto rounded-lg shadow-sm ring-1 ring-slate-200 dark:ring-slate-800">
          <DocumentView document={doc} logoUrl={logoUrl} />
        </div>

        <ShareContact company={doc.company} />
      </div>
    </main>
  );
}
