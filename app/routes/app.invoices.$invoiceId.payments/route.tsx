import { getFormProps, useForm } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/ui/button";
import { PaymentFields } from "~/components/payment-fields";
import { RouteDialog } from "~/components/ui/route-dialog";
import { today as dayIn } from "~/lib/clock";
import { parseForm } from "~/lib/form-parse";
import { balanceDue, paymentState } from "~/lib/invoice-balance";
import { acceptsPayment } from "~/lib/invoice-status";
import { centsToString, formatMoney } from "~/lib/money";
import { paymentSchema } from "~/lib/payment-schema";
import { formatCalendarDate } from "~/lib/estimate-dates";
import { getInvoiceWithItems } from "~/models/invoice.server";
import { deletePayment, listInvoicePayments, recordManualPayment } from "~/models/payment.server";
import { getAccountTimeZone, getSettings } from "~/models/settings.server";
import { useLocale } from "~/components/use-locale";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import { readForm } from "~/infrastructure/form.server";
import { isPosting } from "~/components/ui/submission";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

async function loadInvoice(accountId: string, invoiceId: string) {
  const invoice = await getInvoiceWithItems(accountId, invoiceId);
  if (!invoice) throw new Response("Not Found", { status: 404 });
  return invoice;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const invoice = await loadInvoice(user.accountId, params.invoiceId ?? "");
  const [payments, settings, zone] = await Promise.all([
    listInvoicePayments(user.accountId, invoice.id),
    getSettings(user.accountId),
    getAccountTimeZone(user.accountId),
  ]);
  return {
    invoice: {
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      customerName: invoice.customer.name,
      status: invoice.status,
      total: invoice.total,
      amountPaid: invoice.amountPaid,
    },
    payments: payments.map((payment) => ({
      id: payment.id,
      amount: payment.amount,
      day: dayIn(zone, payment.receivedAt),
      method: payment.method,
      reference: payment.reference,
      note: payment.note,
    })),
    today: dayIn(zone),
    currency: settings.currency,
  };
}

/**
 * intent=record adds a payment (refused above the balance due); intent=delete with a
 * paymentId removes one. Both answer with a redirect and a toast; a refused form answers
 * 400 with its messages.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const invoice = await loadInvoice(user.accountId, params.invoiceId ?? "");
  const search = new URL(request.url).search;
  const formData = await readForm(request);
  if (formData.get("intent") === "delete") {
    const paymentId = String(formData.get("paymentId") ?? "");
    const owned = (await listInvoicePayments(user.accountId, invoice.id)).some((payment) => payment.id === paymentId);
    const deleted = owned ? await deletePayment(user.accountId, paymentId) : null;
    const here = `/app/invoices/${invoice.id}/payments${search}`;
    if (!deleted)
      return redirectWithToast(here, { type: "error", title: "toast.errorTitle", description: "invoices.updateFailed" });
    return redirectWithToast(here, {
      title: "invoices.payments.deleted",
      description: "invoices.payments.deletedBody",
      values: { number: invoice.invoiceNumber },
    });
  }
  const zone = await getAccountTimeZone(user.accountId);
  const submission = parseForm(formData, { schema: paymentSchema(dayIn(zone)) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = await recordManualPayment(user.accountId, invoice.id, submission.value, user.id);
  if (result.status === "not-found") throw new Response("Not Found", { status: 404 });
  if (result.status !== "recorded") {
    const message =
      result.status === "above-balance" && result.balance > 0
        ? "invoices.payments.aboveBalanceForm"
        : "invoices.payments.nothingDue";
    return data({ result: submission.reply({ fieldErrors: { amount: [message] } }) }, { status: 400 });
  }
  // What the payment did: paid the invoice in full, or left a balance (said with its amount).
  const settings = await getSettings(user.accountId);
  const money = (cents: number) => formatMoney(cents, settings.appLanguage, settings.currency);
  return redirectWithToast(`/app/invoices${search}`, {
    title: "invoices.payments.recorded",
    description: result.balance > 0 ? "invoices.payments.recordedPartBody" : "invoices.payments.recordedPaidBody",
    values: { number: invoice.invoiceNumber, amount: money(submission.value.amount), balance: money(result.balance) },
  });
}

export default function InvoicePayments() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { invoice, payments, today, currency } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { search } = useLocation();
  const closeTo = `/app/invoices${search}`;
  const money = (cents: number) => formatMoney(cents, locale, currency);
  const balance = balanceDue(invoice.total, invoice.amountPaid);
  const state = paymentState(invoice.total, invoice.amountPaid);
  const open = acceptsPayment(invoice.status, balance);
  const pending = isPosting(navigation) && navigation.formData?.get("intent") === "record";
  const [form, fields] = useForm({
    id: "record-payment",
    lastResult: actionData?.result,
    defaultValue: { amount: centsToString(Math.max(balance, 0)), date: today, method: "check" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: paymentSchema(today) }),
  });

  return (
    <RouteDialog title={`${t("invoices.payments.title")} · ${invoice.invoiceNumber}`} closeTo={closeTo}>
      <p className="flex flex-wrap justify-between gap-2 text-sm text-slate-600 dark:text-slate-400">
        <span>{invoice.customerName}</span>
        <Link
          to={`/app/invoices/${invoice.id}/activity${search}`}
          className="text-brand-600 underline dark:text-brand-500"
          preventScrollReset
          aria-label={t("activity.actionLabel", { number: invoice.invoiceNumber })}
        >
          {t("activity.action")}
        </Link>
      </p>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t("invoices.total")}</dt>
          <dd className="font-medium tabular-nums">{money(invoice.total)}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t("invoices.payments.amountPaid")}</dt>
          <dd className="font-medium tabular-nums">{money(invoice.amountPaid)}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t("invoices.payments.balance")}</dt>
          <dd className="font-semibold tabular-nums" data-testid="balance-due">
            {money(Math.max(balance, 0))}
          </dd>
        </div>
      </dl>
      {state === "overpaid" ? (
        <p role="status" className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          {t("invoices.payments.overpaid", { amount: money(-balance) })}
        </p>
      ) : null}

      {payments.length ? (
        <ul
          className="mt-4 divide-y divide-slate-200 border-y border-slate-200 text-sm dark:divide-slate-700 dark:border-slate-700"
          aria-label={t("invoices.payments.title")}
        >
          {payments.map((payment) => (
            <li key={payment.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
              <div className="min-w-0">
                <p>
                  <span className="font-medium tabular-nums">{money(payment.amount)}</span> ·{" "}
                  {t(`invoices.paymentMethod.${payment.method}`)}
                  {payment.reference ? ` · ${payment.reference}` : ""}
                </p>
                <p className="text-slate-500 dark:text-slate-400">
                  {formatCalendarDate(payment.day, locale)}
                  {payment.note ? ` · ${payment.note}` : ""}
                </p>
              </div>
              <details className="text-right">
                <summary className="inline-flex min-h-11 cursor-pointer items-center text-red-700 underline sm:min-h-0 dark:text-red-400">
                  {t("list.delete")}
                </summary>
                <Form method="post" className="mt-1 max-w-56 space-y-1 text-left">
                  <p>{t("invoices.payments.deleteConfirm")}</p>
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="paymentId" value={payment.id} />
                  <Button variant="danger">{t("list.delete")}</Button>
                </Form>
              </details>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">{t("invoices.payments.none")}</p>
      )}

      {open ? (
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <h3 className="font-medium">{t("invoices.payments.record")}</h3>
          <input type="hidden" name="intent" value="record" />
          <PaymentFields fields={fields} today={today} />
          <div className="flex justify-end gap-2">
            <Link to={closeTo} className={buttonClass("secondary")} preventScrollReset>
              {t("list.cancel")}
            </Link>
            <Button disabled={pending}>{t("invoices.payments.record")}</Button>
          </div>
        </Form>
      ) : (
        <div className="mt-6 flex justify-end">
          <Link to={closeTo} className={buttonClass("secondary")} preventScrollReset>
            {t("common.close")}
          </Link>
        </div>
      )}
    </RouteDialog>
  );
}
