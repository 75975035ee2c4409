import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ReceiptLink } from "~/components/receipt-link";
import { FixedLanguage } from "~/components/share-fixed-language";
import { ShareMessage, shareHeaders, shareMeta, SharePage, ShareSection } from "~/components/share-page";
import { Button } from "~/components/ui/button";
import { today as dayIn } from "~/lib/clock";
import { formatDocumentDate } from "~/lib/invoice-dates";
import { acceptsPayment } from "~/lib/invoice-status";
import { formatMoney } from "~/lib/money";
import { loadSharedInvoice, recordInvoiceShareView } from "~/models/invoice-share.server";
import { appOrigin } from "~/models/share.server";
import { messageKey } from "~/infrastructure/i18n";
import { getSessionUser } from "~/infrastructure/session.server";
import { cardPaymentsEnabled, createInvoiceCheckout, redirectToCheckout } from "~/services/stripe.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "public" satisfies RouteAccess;

// The customer's page for a shared invoice: public (the token is the key), phone-first, in
// the account's document language. It shows this one invoice, what was paid and what is
// still due, how to pay, and "Pay now" when card payments are set up; a wrong token is the
// ordinary 404. The frame, shared with the estimate's page, is SharePage.

export const headers = shareHeaders;

export const meta = shareMeta("share.invoice.title");

const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const shared = await loadSharedInvoice(token);
  if (!shared) throw notFound();
  const { link, invoice, settings, document, payments, status, balance } = shared;
  // A view is the customer opening the page (a GET), not the contractor checking their own link.
  if ((context.requestMethod ?? request.method) === "GET") {
    const viewer = await getSessionUser(request);
    if (viewer?.accountId !== link.accountId) await recordInvoiceShareView(link.id);
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
  return redirectToCheckout(
    "an invoice",
    () =>
      createInvoiceCheckout({
        invoiceId: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
        companyName: document.company.name,
        amount: balance,
        currency: settings.currency,
        locale: settings.documentLanguage,
        customerEmail: document.customer.email,
        returnUrl: `${appOrigin(request)}/i/${token}`,
      }),
    () => data({ problem: "share.invoice.payFailed" }, { status: 502 }),
  );
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

  let notice: { text: string; tone: "neutral" | "good" | "warning" } | null = null;
  if (status === "cancelled") notice = { text: t("share.invoice.cancelledNotice"), tone: "neutral" };
  else if (balance <= 0) notice = { text: t("share.invoice.paidInFull"), tone: "good" };
  else if (returnedFromPayment) notice = { text: t("share.invoice.paymentDone"), tone: "good" };
  else if (status === "overdue" && dueDate)
    notice = { text: t("share.invoice.overdueNotice", { date: date(dueDate) }), tone: "warning" };

  return (
    <SharePage
      document={doc}
      logoUrl={logoUrl}
      subtitle={t("share.invoice.invoiceFor", { number: doc.number, title: doc.title })}
      facts={[
        { label: t("share.invoice.balance"), value: money(Math.max(balance, 0)), kind: "headline", testId: "share-balance" },
        { label: t("share.invoice.total"), value: money(total), kind: "amount" },
        { label: t("share.invoice.paid"), value: money(amountPaid), kind: "amount", testId: "share-paid" },
        { label: t("share.invoice.dueDate"), value: dueDate ? date(dueDate) : t("share.invoice.noDueDate"), kind: "text" },
      ]}
      problem={actionData?.problem ? t(messageKey(actionData.problem), { company }) : null}
      actions={
        canPayByCard ? (
          // A plain post and a full page load: the answer is a redirect to Stripe's own page.
          <Form method="post" reloadDocument>
            <input type="hidden" name="intent" value="pay" />
            <Button disabled={paying}>
              {paying ? t("share.invoice.paying") : t("share.invoice.payNow", { amount: money(balance) })}
            </Button>
          </Form>
        ) : null
      }
      pdf={{ href: `/i/${token}/pdf`, label: t("share.invoice.downloadPdf") }}
      actionsNote={
        canPayByCard ? <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{t("share.invoice.payNowHint")}</p> : null
      }
      beforeDocument={
        <>
          {paymentInstructions && acceptsPayment(status, balance) ? (
            <ShareSection id="how-to-pay" title={t("share.invoice.instructionsHeading")}>
              <p className="mt-2 whitespace-pre-line text-sm" data-testid="share-instructions">
                {paymentInstructions}
              </p>
            </ShareSection>
          ) : null}
          {payments.length ? (
            <ShareSection id="payments-received" title={t("share.invoice.paymentsHeading")}>
              <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-700">
                {payments.map((payment) => (
                  <li key={payment.id} className="py-1.5" data-testid="share-payment">
                    <span className="flex justify-between gap-2">
                      <span>
                        {date(payment.day)} · {t(`invoices.paymentMethod.${payment.method}`)}
                      </span>
                      <span className="font-medium tabular-nums">{money(payment.amount)}</span>
                    </span>
                    <ReceiptLink
                      href={`/i/${token}/receipts/${payment.id}`}
                      label={t("hub.receiptLabel", { amount: money(payment.amount), date: date(payment.day) })}
                    />
                  </li>
                ))}
              </ul>
            </ShareSection>
          ) : null}
        </>
      }
    >
      <p className="mt-3 text-sm">
        <span className="text-slate-500 dark:text-slate-400">{t("share.invoice.status")}: </span>
        <span className="font-medium" data-testid="share-state">
          {t(`share.invoice.statuses.${status}`)}
        </span>
      </p>
      {notice ? <ShareMessage tone={notice.tone} text={notice.text} /> : null}
    </SharePage>
  );
}
