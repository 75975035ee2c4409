import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { TextKey } from "~/locales/keys";
import { Button, buttonClass } from "~/components/ui/button";
import { RouteDialog } from "~/components/ui/route-dialog";
import { useLocale } from "~/components/use-locale";
import { percentText } from "~/lib/deposit";
import { formatMoney } from "~/lib/money";
import { getInvoiceWithItems } from "~/models/invoice.server";
import { addLateCharge, invoiceLateCharge } from "~/models/late-charge.server";
import { getSettings } from "~/models/settings.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import { isPosting } from "~/components/ui/submission";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const id = params.invoiceId ?? "";
  const [invoice, late, settings] = await Promise.all([
    getInvoiceWithItems(user.accountId, id),
    invoiceLateCharge(user.accountId, id),
    getSettings(user.accountId),
  ]);
  if (!invoice || !late) throw new Response("Not Found", { status: 404 });
  return {
    invoice: { invoiceNumber: invoice.invoiceNumber, customerName: invoice.customer.name },
    late,
    currency: settings.currency,
  };
}

/**
 * The confirm step is this page (a dialog with JavaScript on); only its POST adds the late
 * charge. A month already charged, or nothing due, answers 409 with the reason and changes nothing.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const id = params.invoiceId ?? "";
  const invoice = await getInvoiceWithItems(user.accountId, id);
  if (!invoice) throw new Response("Not Found", { status: 404 });
  const result = await addLateCharge(user.accountId, id, { by: user.id });
  if (result.status === "not-found") throw new Response("Not Found", { status: 404 });
  if (result.status !== "added") {
    const problem: TextKey =
      result.status === "already-charged" ? "invoices.lateCharge.alreadyCharged" : "invoices.lateCharge.nothingDue";
    return data({ problem }, { status: 409 });
  }
  const settings = await getSettings(user.accountId);
  return redirectWithToast(`/app/invoices${new URL(request.url).search}`, {
    title: "invoices.lateCharge.added",
    description: "invoices.lateCharge.addedBody",
    values: { number: invoice.invoiceNumber, amount: formatMoney(result.amount, settings.appLanguage, settings.currency) },
  });
}

export default function InvoiceLateCharge() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { invoice, late, currency } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const closeTo = `/app/invoices${useLocation().search}`;
  const money = (cents: number) => formatMoney(cents, locale, currency);
  const number = invoice.invoiceNumber;
  const charged = late.month > 0 && late.month <= late.lastChargedMonth;
  const canAdd = late.amount > 0 && !actionData?.problem;
  let notice: string | null = null;
  if (actionData?.problem) notice = t(actionData.problem, { number });
  else if (late.rate === 0) notice = t("invoices.lateCharge.off");
  else if (charged) notice = t("invoices.lateCharge.alreadyCharged", { number });
  else if (late.amount <= 0) notice = t("invoices.lateCharge.nothingDue", { number });
  return (
    <RouteDialog title={`${t("invoices.lateCharge.title")} · ${number}`} closeTo={closeTo}>
      <p className="text-sm text-slate-600 dark:text-slate-400">{invoice.customerName}</p>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t("invoices.payments.balance")}</dt>
          <dd className="font-medium tabular-nums">{money(Math.max(0, late.balance))}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t("invoices.lateCharge.accrued")}</dt>
          <dd className="font-semibold tabular-nums" data-testid="late-charge-accrued">
            {money(late.amount)}
          </dd>
        </div>
      </dl>
      {late.amount > 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {t("invoices.lateCharge.accruedDetail", {
            rate: percentText(late.rate),
            balance: money(late.balance),
            count: late.months,
            amount: money(late.amount),
          })}
        </p>
      ) : null}
      {notice ? (
        <p
          role="alert"
          className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
          data-testid="late-charge-notice"
        >
          {notice}
        </p>
      ) : (
        <p className="mt-4">{t("invoices.lateCharge.confirm", { amount: money(late.amount), number })}</p>
      )}
      <Form method="post" className="mt-6 flex justify-end gap-2">
        <Link to={closeTo} className={buttonClass("secondary")} preventScrollReset>
          {canAdd ? t("list.cancel") : t("common.close")}
        </Link>
        {canAdd ? (
          // The confirm step of a dialog: focus goes to the one action it asks about.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          <Button disabled={isPosting(navigation)} autoFocus>
            {t("invoices.lateCharge.add")}
          </Button>
        ) : null}
      </Form>
    </RouteDialog>
  );
}
