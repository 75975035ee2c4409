import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PaymentFields } from "~/components/payment-fields";
import { Button, buttonClass } from "~/components/ui/button";
import { Field, SelectField } from "~/components/ui/forms";
import { RouteDialog } from "~/components/ui/route-dialog";
import { useLocale } from "~/components/use-locale";
import { today as dayIn } from "~/lib/clock";
import { DEPOSIT_TYPES, depositAskSchema, depositFormValue, percentText } from "~/lib/deposit";
import { formatCalendarDate } from "~/lib/estimate-dates";
import { parseForm } from "~/lib/form-parse";
import { centsToString, formatMoney } from "~/lib/money";
import { paymentSchema } from "~/lib/payment-schema";
import { depositSummary, setDepositAsk } from "~/models/deposit.server";
import { getEstimateWithItems } from "~/models/estimate.server";
import { deleteDeposit, recordManualDeposit } from "~/models/payment.server";
import { getAccountTimeZone, getSettings } from "~/models/settings.server";
import { readForm } from "~/infrastructure/form.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import { isPosting } from "~/components/ui/submission";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

async function load(accountId: string, estimateId: string) {
  const [estimate, summary] = await Promise.all([
    getEstimateWithItems(accountId, estimateId),
    depositSummary(accountId, estimateId),
  ]);
  if (!estimate || !summary) throw new Response("Not Found", { status: 404 });
  return { estimate, summary };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const { estimate, summary } = await load(user.accountId, params.estimateId ?? "");
  const [settings, zone] = await Promise.all([getSettings(user.accountId), getAccountTimeZone(user.accountId)]);
  return {
    estimate: {
      estimateNumber: estimate.estimateNumber,
      customerName: estimate.customer.name,
      status: estimate.status,
      total: estimate.total,
    },
    ask: depositFormValue(summary.ask),
    percent: summary.ask?.type === "percent" ? percentText(summary.ask.value) : null,
    asked: summary.asked,
    received: summary.received,
    due: summary.due,
    invoiceNumber: summary.invoice?.invoiceNumber ?? null,
    deposits: summary.deposits.map((deposit) => ({
      id: deposit.id,
      amount: deposit.amount,
      day: dayIn(zone, deposit.receivedAt),
      method: deposit.method,
      reference: deposit.reference,
    })),
    today: dayIn(zone),
    currency: settings.currency,
  };
}

/**
 * intent=ask sets the deposit asked (none, a percent or an amount); intent=record records a
 * deposit received (refused on a declined or invoiced estimate and above what is left of its
 * total); intent=delete with a depositId removes one (and its payment on the invoice). A
 * refused form answers 400 with its messages and changes nothing.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const { estimate, summary } = await load(user.accountId, params.estimateId ?? "");
  const settings = await getSettings(user.accountId);
  const money = (cents: number) => formatMoney(cents, settings.appLanguage, settings.currency);
  const search = new URL(request.url).search;
  const here = `/app/estimates/${estimate.id}/deposit${search}`;
  const number = estimate.estimateNumber;
  const formData = await readForm(request);
  const intent = formData.get("intent");

  if (intent === "delete") {
    const depositId = String(formData.get("depositId") ?? "");
    const owned = summary.deposits.some((deposit) => deposit.id === depositId);
    if (!owned || !(await deleteDeposit(user.accountId, depositId)))
      return redirectWithToast(here, { type: "error", title: "toast.errorTitle", description: "estimates.updateFailed" });
    return redirectWithToast(here, { title: "estimates.deposit.deleted", description: "estimates.deposit.deleted" });
  }

  if (intent === "ask") {
    const submission = parseForm(formData, { schema: depositAskSchema(estimate.total) });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    await setDepositAsk(user.accountId, estimate.id, submission.value);
    const after = await depositSummary(user.accountId, estimate.id);
    return redirectWithToast(here, {
      title: "estimates.deposit.saved",
      description: submission.value ? "estimates.deposit.savedBody" : "estimates.deposit.cleared",
      values: { number, amount: money(after?.asked ?? 0) },
    });
  }

  const zone = await getAccountTimeZone(user.accountId);
  const submission = parseForm(formData, { schema: paymentSchema(dayIn(zone)) });
  if (submission.status !== "success") return data({ intent: "record", result: submission.reply() }, { status: 400 });
  const result = await recordManualDeposit(user.accountId, estimate.id, submission.value, user.id);
  if (result.status === "not-found") throw new Response("Not Found", { status: 404 });
  if (result.status !== "recorded") {
    const message =
      result.status === "invoiced"
        ? "estimates.deposit.invoicedRefused"
        : result.status === "declined"
          ? "estimates.deposit.declinedRefused"
          : "estimates.deposit.aboveTotalForm";
    return data({ intent: "record", result: submission.reply({ fieldErrors: { amount: [message] } }) }, { status: 400 });
  }
  return redirectWithToast(here, {
    title: "estimates.deposit.recorded",
    description: "estimates.deposit.recordedBody",
    values: { number, amount: money(result.deposit.amount) },
  });
}

export default function EstimateDeposit() {
  const { t } = useTranslation();
  const locale = useLocale();
  const loaded = useLoaderData<typeof loader>();
  const { estimate, ask, percent, asked, received, due, invoiceNumber, deposits, today, currency } = loaded;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { search } = useLocation();
  const closeTo = `/app/estimates${search}`;
  const money = (cents: number) => formatMoney(cents, locale, currency);
  const busy = (intent: string) => isPosting(navigation) && navigation.formData?.get("intent") === intent;
  const [askForm, askFields] = useForm({
    id: "deposit-ask",
    lastResult: actionData?.intent === "ask" ? actionData.result : undefined,
    defaultValue: ask,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: depositAskSchema(estimate.total) }),
  });
  const [recordForm, recordFields] = useForm({
    id: "record-deposit",
    lastResult: actionData?.intent === "record" ? actionData.result : undefined,
    defaultValue: { amount: centsToString(due), date: today, method: "check" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: paymentSchema(today) }),
  });
  const canRecord = !invoiceNumber && estimate.status !== "rejected" && received < estimate.total;

  return (
    <RouteDialog title={`${t("estimates.deposit.title")} · ${estimate.estimateNumber}`} closeTo={closeTo}>
      <p className="text-sm text-slate-600 dark:text-slate-400">{estimate.customerName}</p>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-500 dark:text-slate-400">
            {percent ? t("estimates.deposit.askedPercent", { percent }) : t("estimates.deposit.asked")}
          </dt>
          <dd className="font-medium tabular-nums" data-testid="deposit-asked">
            {money(asked)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t("estimates.deposit.received")}</dt>
          <dd className="font-medium tabular-nums" data-testid="deposit-received">
            {money(received)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t("estimates.deposit.due")}</dt>
          <dd className="font-semibold tabular-nums">{money(due)}</dd>
        </div>
      </dl>

      <Form method="post" {...getFormProps(askForm)} className="mt-4 grid items-end gap-4 sm:grid-cols-[1fr_1fr_auto]">
        <input type="hidden" name="intent" value="ask" />
        <SelectField
          label={t("estimates.deposit.type")}
          errors={askFields.depositType.errors}
          selectProps={getSelectProps(askFields.depositType)}
        >
          {DEPOSIT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`estimates.deposit.types.${type}`)}
            </option>
          ))}
        </SelectField>
        <Field
          label={t("estimates.deposit.value")}
          hint={t("estimates.deposit.valueHint")}
          errors={askFields.depositValue.errors}
          inputProps={{ ...getInputProps(askFields.depositValue, { type: "text" }), inputMode: "decimal", maxLength: 14 }}
        />
        <Button variant="secondary" disabled={busy("ask")}>
          {t("estimates.deposit.save")}
        </Button>
      </Form>

      <h3 className="mt-6 font-medium">{t("estimates.deposit.list")}</h3>
      {deposits.length ? (
        <ul className="mt-2 divide-y divide-slate-200 border-y border-slate-200 text-sm dark:divide-slate-700 dark:border-slate-700">
          {deposits.map((deposit) => (
            <li key={deposit.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
              <p>
                <span className="font-medium tabular-nums">{money(deposit.amount)}</span> ·{" "}
                {t(`invoices.paymentMethod.${deposit.method}`)}
                {deposit.reference ? ` · ${deposit.reference}` : ""} · {formatCalendarDate(deposit.day, locale)}
              </p>
              <details className="text-right">
                <summary className="inline-flex min-h-11 cursor-pointer items-center text-red-700 underline sm:min-h-0 dark:text-red-400">
                  {t("list.delete")}
                </summary>
                <Form method="post" className="mt-1 max-w-56 space-y-1 text-left">
                  <p>{t("estimates.deposit.deleteConfirm")}</p>
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="depositId" value={deposit.id} />
                  <Button variant="danger">{t("list.delete")}</Button>
                </Form>
              </details>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{t("estimates.deposit.noneReceived")}</p>
      )}
      {invoiceNumber ? (
        <p role="status" className="mt-3 rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800">
          {t("estimates.deposit.invoiced", { number: invoiceNumber })}
        </p>
      ) : null}

      {canRecord ? (
        <Form method="post" {...getFormProps(recordForm)} className="mt-4 space-y-4">
          <h3 className="font-medium">{t("estimates.deposit.record")}</h3>
          <input type="hidden" name="intent" value="record" />
          <PaymentFields fields={recordFields} today={today} />
          <div className="flex justify-end gap-2">
            <Link to={closeTo} className={buttonClass("secondary")} preventScrollReset>
              {t("list.cancel")}
            </Link>
            <Button disabled={busy("record")}>{t("estimates.deposit.record")}</Button>
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
