import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ReceiptLink } from "~/components/receipt-link";
import { FixedLanguage } from "~/components/share-fixed-language";
import { ShareMessage, shareHeaders, ShareSection } from "~/components/share-page";
import { buttonClass, Button } from "~/components/ui/button";
import { Field, TextareaField } from "~/components/ui/forms";
import { Honeypot } from "~/components/ui/honeypot";
import { isPosting } from "~/components/ui/submission";
import { dayKey } from "~/lib/clock";
import { customerHubFormSchema, hubWorkRequestSchema } from "~/lib/customer-hub-schema";
import { parseForm } from "~/lib/form-parse";
import { formatDocumentDate } from "~/lib/invoice-dates";
import { formatMoney } from "~/lib/money";
import { formatDayIn, formatTimeIn } from "~/lib/schedule";
import {
  findHub,
  loadHub,
  openHubDocument,
  recordHubView,
  startHubCheckout,
  updateHubDetails,
} from "~/models/customer-hub.server";
import { appOrigin } from "~/models/share.server";
import { readForm } from "~/infrastructure/form.server";
import { multipartBoundary, type UploadedFile } from "~/infrastructure/upload.server";
import { readRequestForm } from "~/services/request-photos.server";
import { photoError, RequestPhotosField, type PhotoError } from "~/components/request-photos-field";
import { thumbnailSize } from "~/lib/file-size";
import { customerHubPhotos } from "~/models/customer-photos.server";
import { messageKey, translate } from "~/infrastructure/i18n";
import { getSessionUser } from "~/infrastructure/session.server";
import { cardPaymentsEnabled, createHubCheckout, redirectToCheckout } from "~/services/stripe.server";
import { submitWorkRequest } from "~/services/work-request.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "public" satisfies RouteAccess;

// The customer's hub: public (the token is the key), phone-first, in the account's document
// language, without an account or a password. It shows the company, the customer's estimates
// and invoices (each opening its own customer page), the balance due and how to pay, upcoming
// visits and past payments, and a form to update the customer's phone, e-mail and address.
// Nothing of another customer; a wrong or revoked token is the ordinary 404.

export const headers = shareHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const robots = { name: "robots", content: "noindex, nofollow" };
  if (!data) {
    const locale = (matches[0]?.data as { locale?: string } | undefined)?.locale ?? "en";
    return [{ title: translate(locale, "notFound.title") }, robots];
  }
  // Nothing about the customer or the amounts: a link pasted in a message previews as this alone.
  return [{ title: translate(data.language, "hub.title", { company: data.company.name }) }, robots];
};

const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const hub = await loadHub(token);
  if (!hub) throw notFound();
  const { settings, customer } = hub;
  const search = new URL(request.url).searchParams;
  const updated = search.get("updated");
  const requested = search.get("requested") === "1";
  // A view is the customer opening the page: not the contractor checking the link, nor the
  // page that answers the customer's own save (?updated=, ?requested=).
  if ((context.requestMethod ?? request.method) === "GET" && updated === null && !requested) {
    const viewer = await getSessionUser(request);
    if (viewer?.accountId !== hub.hub.accountId) await recordHubView(hub.hub.id);
  }
  const language = settings.documentLanguage;
  const zone = settings.timeZone ?? "UTC";
  return {
    token,
    language,
    currency: settings.currency,
    company: { name: settings.companyName, phone: settings.phone, email: settings.email },
    logoUrl: settings.logoUpdatedAt ? `/c/${token}/logo?v=${settings.logoUpdatedAt.getTime()}` : null,
    customer: {
      name: customer.name,
      phone: customer.phone,
      email: customer.email,
      address: customer.address,
      city: customer.city,
      state: customer.state,
      zipCode: customer.zipCode,
    },
    balanceDue: hub.balanceDue,
    photos: await customerHubPhotos(hub.hub.accountId, customer.id, token),
    canPayAll: cardPaymentsEnabled() && hub.balanceDue > 0,
    dueInvoices: hub.invoices.filter((invoice) => invoice.due).length,
    returnedFromPayment: search.get("payment") === "done",
    requested,
    paymentInstructions: settings.paymentInstructions.trim(),
    estimates: hub.estimates.map((estimate) => ({
      id: estimate.id,
      number: estimate.number,
      title: estimate.title,
      state: estimate.state,
      total: estimate.total,
      validThrough: formatDocumentDate(estimate.validThrough, language),
      href: estimate.shareToken ? `/e/${estimate.shareToken}` : null,
    })),
    invoices: hub.invoices.map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      title: invoice.title,
      status: invoice.status,
      total: invoice.total,
      balance: invoice.balance,
      due: invoice.due,
      dueDate: invoice.dueDate ? formatDocumentDate(invoice.dueDate, language) : null,
      href: invoice.shareToken ? `/i/${invoice.shareToken}` : null,
    })),
    visits: hub.visits.map((visit) => ({
      id: visit.id,
      title: visit.title,
      day: formatDayIn(visit.scheduledDate, zone, language),
      window: `${formatTimeIn(visit.scheduledDate, zone, language)} – ${formatTimeIn(
        new Date(visit.scheduledDate.getTime() + visit.duration * 60_000),
        zone,
        language,
      )}`,
      technician: visit.technician,
    })),
    payments: hub.payments.map((payment) => ({
      id: payment.id,
      amount: payment.amount,
      day: formatDocumentDate(dayKey(payment.receivedAt, zone), language),
      method: payment.method,
      invoiceNumber: payment.invoiceNumber,
    })),
    updated: updated === "1" ? ("saved" as const) : updated === "0" ? ("unchanged" as const) : null,
  };
}

/**
 * POST intent=open (kind, id): one of the hub's documents, its customer page made if it has
 * none (loading the hub writes no link), and off to it. POST intent=details: the customer's
 * new phone, e-mail and address, applied at once. POST intent=pay-all: one Stripe Checkout
 * Session for every balance due, and off to it. POST intent=request: a work request from this
 * customer, linked to them.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  // The token first: a post to a hub that does not exist is not read at all.
  if (!(await findHub(token))) throw notFound();
  // Only Request work posts a multipart body (its photos); every other form is URL-encoded.
  if (multipartBoundary(request.headers.get("content-type"))) {
    const read = await readRequestForm(request);
    if (!read.ok) {
      // What was typed comes back with the photos' message, with or without JavaScript.
      read.fields.delete("intent");
      const typed = parseForm(read.fields, { schema: hubWorkRequestSchema });
      return data({ request: typed.reply(), photoError: photoError(read.refusal) }, { status: read.refusal.status });
    }
    try {
      if (read.fields.get("intent") !== "request") throw new Response("Unknown action", { status: 400 });
      return await requestWork(request, token, read.fields, read.photos);
    } finally {
      await read.cleanup();
    }
  }
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "open") {
    const kind = form.get("kind");
    const id = form.get("id");
    if ((kind !== "estimate" && kind !== "invoice") || typeof id !== "string") throw notFound();
    const path = await openHubDocument(token, kind, id);
    if (!path) throw notFound();
    return redirect(path);
  }
  if (intent === "pay-all") return payAll(request, token);
  if (intent === "request") return requestWork(request, token, form);
  if (intent !== "details") throw new Response("Unknown action", { status: 400 });
  form.delete("intent");
  const submission = parseForm(form, { schema: customerHubFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  // A filled honeypot is a bot: answered as a success, nothing recorded.
  if (submission.value.website) return redirect(`/c/${token}?updated=1`);
  const { website: _bot, ...details } = submission.value;
  const outcome = await updateHubDetails(token, details);
  if (outcome.status === "not-found") throw notFound();
  return redirect(`/c/${token}?updated=${outcome.status === "updated" ? 1 : 0}#details`);
}

/** Pay all: the checkout of every balance due (the same one again within minutes), and off to Stripe. */
async function payAll(request: Request, token: string) {
  if (!cardPaymentsEnabled()) throw notFound();
  const started = await startHubCheckout(token);
  if (!started) throw notFound();
  if (started.status === "nothing-due") return data({ problem: "hub.payAll.nothingDue" }, { status: 409 });
  if (started.status === "too-large") return data({ problem: "hub.payAll.tooLarge" }, { status: 409 });
  const { checkout, hub } = started;
  const language = hub.settings.documentLanguage;
  return redirectToCheckout(
    "a Pay all",
    () =>
      createHubCheckout({
        checkoutId: checkout.id,
        accountId: checkout.accountId,
        label: translate(
          language,
          new Intl.PluralRules(language).select(checkout.parts.length) === "one"
            ? "hub.payAll.item_one"
            : "hub.payAll.item_other",
          { count: String(checkout.parts.length) },
        ),
        companyName: hub.settings.companyName,
        amount: checkout.amount,
        currency: hub.settings.currency,
        locale: language,
        customerEmail: hub.customer.email,
        returnUrl: `${appOrigin(request)}/c/${token}`,
      }),
    () => data({ problem: "hub.payAll.failed" }, { status: 502 }),
  );
}

/** Request work: what the customer needs, as a work request of theirs (new, linked to them). */
async function requestWork(request: Request, token: string, form: FormData, photos: UploadedFile[] = []) {
  form.delete("intent");
  const submission = parseForm(form, { schema: hubWorkRequestSchema });
  if (submission.status !== "success") return data({ request: submission.reply() }, { status: 400 });
  // A filled honeypot is a bot: answered as a success, nothing recorded.
  if (submission.value.website) return redirect(`/c/${token}?requested=1#hub-request`);
  const hub = await loadHub(token);
  if (!hub) throw notFound();
  const { customer } = hub;
  const address = [customer.address, customer.city, customer.state, customer.zipCode].filter(Boolean).join(", ");
  const sent = await submitWorkRequest(
    hub.hub.accountId,
    {
      name: customer.name,
      phone: customer.phone,
      email: customer.email,
      address: address || null,
      description: submission.value.description,
      preferredTimes: submission.value.preferredTimes,
    },
    appOrigin(request),
    customer.id,
    photos,
  );
  if (!sent.ok) return data({ request: submission.reply(), photoError: photoError(sent) }, { status: sent.status });
  return redirect(`/c/${token}?requested=1#hub-request`);
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

export default function CustomerHubPage() {
  const loaded = useLoaderData<typeof loader>();
  return (
    <FixedLanguage language={loaded.language}>
      <CustomerHub {...loaded} />
    </FixedLanguage>
  );
}

const card = "rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:ring-slate-800";
const muted = "text-slate-500 dark:text-slate-400";

function CustomerHub(props: Loaded) {
  const { token, language, currency, company, logoUrl, customer, balanceDue, paymentInstructions } = props;
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>() as { problem?: string } | undefined;
  const money = (cents: number) => formatMoney(cents, language, currency);
  return (
    <main className="min-h-screen bg-slate-100 px-3 py-4 sm:px-6 sm:py-8 dark:bg-slate-950">
      <div className="mx-auto max-w-2xl space-y-4">
        <header className={card}>
          <div className="flex items-center gap-3">
            {logoUrl ? (
              <img
                src={logoUrl}
                alt={t("hub.logoAlt", { company: company.name })}
                className="h-12 w-12 shrink-0 object-contain"
              />
            ) : null}
            <div className="min-w-0">
              <h1 className="text-lg font-bold [overflow-wrap:anywhere]" data-testid="hub-company">
                {company.name}
              </h1>
              <p className={`text-sm [overflow-wrap:anywhere] ${muted}`}>{t("hub.greeting", { name: customer.name })}</p>
            </div>
          </div>
          <p className="mt-3 text-sm">{t("hub.intro", { company: company.name })}</p>
          <dl className="mt-4 text-sm">
            <dt className={muted}>{t("hub.balanceDue")}</dt>
            <dd className="text-xl font-bold tabular-nums" data-testid="hub-balance">
              {money(balanceDue)}
            </dd>
          </dl>
          {props.returnedFromPayment ? <ShareMessage tone="good" text={t("hub.payAll.done")} /> : null}
          {balanceDue <= 0 && !props.returnedFromPayment ? <ShareMessage tone="good" text={t("hub.nothingDue")} /> : null}
          {actionData?.problem ? (
            <p
              role="alert"
              className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950 dark:text-red-200"
            >
              {t(messageKey(actionData.problem), { company: company.name })}
            </p>
          ) : null}
          {props.canPayAll ? <PayAll amount={money(balanceDue)} /> : null}
          <CompanyContact company={company} />
        </header>

        {balanceDue > 0 && paymentInstructions ? (
          <ShareSection id="hub-how-to-pay" title={t("hub.instructionsHeading")}>
            <p className="mt-2 whitespace-pre-line text-sm" data-testid="hub-instructions">
              {paymentInstructions}
            </p>
          </ShareSection>
        ) : null}

        <ShareSection id="hub-estimates" title={t("hub.estimatesHeading")}>
          <DocumentList empty={t("hub.noEstimates")} testId="hub-estimates">
            {props.estimates.map((estimate) => (
              <DocumentRow
                key={estimate.id}
                token={token}
                kind="estimate"
                id={estimate.id}
                href={estimate.href}
                label={t("hub.openEstimate", { number: estimate.number })}
                number={estimate.number}
                title={estimate.title}
                amount={money(estimate.total)}
                status={t(`hub.estimateStates.${estimate.state}`)}
                detail={estimate.state === "pending" ? t("hub.validUntil", { date: estimate.validThrough }) : null}
              />
            ))}
          </DocumentList>
        </ShareSection>

        <ShareSection id="hub-invoices" title={t("hub.invoicesHeading")}>
          <DocumentList empty={t("hub.noInvoices")} testId="hub-invoices">
            {props.invoices.map((invoice) => (
              <DocumentRow
                key={invoice.id}
                token={token}
                kind="invoice"
                id={invoice.id}
                href={invoice.href}
                label={t("hub.openInvoice", { number: invoice.number })}
                number={invoice.number}
                title={invoice.title}
                amount={invoice.due ? t("hub.balanceOf", { amount: money(invoice.balance) }) : money(invoice.total)}
                status={t(`hub.invoiceStates.${invoice.due || invoice.status === "cancelled" ? invoice.status : "paid"}`)}
                detail={invoice.due && invoice.dueDate ? t("hub.dueOn", { date: invoice.dueDate }) : null}
              />
            ))}
          </DocumentList>
        </ShareSection>

        <ShareSection id="hub-visits" title={t("hub.visitsHeading")}>
          {props.visits.length ? (
            <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-700" data-testid="hub-visits">
              {props.visits.map((visit) => (
                <li key={visit.id} className="py-2">
                  <p className="font-medium">
                    {visit.day} · {visit.window}
                  </p>
                  <p className="[overflow-wrap:anywhere]">{visit.title}</p>
                  {visit.technician ? <p className={muted}>{t("hub.technician", { name: visit.technician })}</p> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className={`mt-2 text-sm ${muted}`}>{t("hub.noVisits")}</p>
          )}
        </ShareSection>

        {props.photos.length ? (
          <ShareSection id="hub-photos" title={t("hub.photosHeading")}>
            <ul className="mt-2 grid grid-cols-3 gap-2" data-testid="hub-photos">
              {props.photos.map((photo) => {
                const size = thumbnailSize(photo);
                return (
                  <li key={photo.id}>
                    <a href={photo.fullUrl}>
                      <img
                        src={photo.displayUrl}
                        width={size.width}
                        height={size.height}
                        loading="lazy"
                        decoding="async"
                        alt={photo.caption ?? t("hub.photosHeading")}
                        className="aspect-square w-full rounded-md object-cover"
                      />
                    </a>
                    {photo.caption ? <p className={`mt-1 text-xs ${muted}`}>{photo.caption}</p> : null}
                  </li>
                );
              })}
            </ul>
          </ShareSection>
        ) : null}

        <ShareSection id="hub-payments" title={t("hub.paymentsHeading")}>
          {props.payments.length ? (
            <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-700" data-testid="hub-payments">
              {props.payments.map((payment) => (
                <li key={payment.id} className="py-2" data-testid="hub-payment">
                  <span className="flex justify-between gap-2">
                    <span>
                      {payment.day}
                      <span className={`block ${muted}`}>
                        {t("hub.paymentOn", {
                          method: t(`invoices.paymentMethod.${payment.method}`),
                          invoice: payment.invoiceNumber,
                        })}
                      </span>
                    </span>
                    <span className="font-medium tabular-nums">{money(payment.amount)}</span>
                  </span>
                  <ReceiptLink
                    href={`/c/${token}/receipts/${payment.id}`}
                    label={t("hub.receiptLabel", { amount: money(payment.amount), date: payment.day })}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <p className={`mt-2 text-sm ${muted}`}>{t("hub.noPayments")}</p>
          )}
        </ShareSection>

        <RequestWorkForm company={company.name} requested={props.requested} />

        <DetailsForm customer={customer} company={company.name} updated={props.updated} />
      </div>
    </main>
  );
}

/** Pay all: a plain post and a full page load, since the answer is a redirect to Stripe's own page. */
function PayAll({ amount }: { amount: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const paying = navigation.state !== "idle" && navigation.formData?.get("intent") === "pay-all";
  return (
    <Form method="post" reloadDocument className="mt-4">
      <input type="hidden" name="intent" value="pay-all" />
      <Button type="submit" disabled={paying} className="w-full sm:w-auto">
        {paying ? t("hub.payAll.paying") : t("hub.payAll.button", { amount })}
      </Button>
      <p className={`mt-2 text-xs ${muted}`}>{t("hub.payAll.hint")}</p>
    </Form>
  );
}

/** Request work: what the customer needs and when; who they are is the hub's customer. */
function RequestWorkForm({ company, requested }: { company: string; requested: boolean }) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>() as
    { request?: SubmissionResult<string[]>; photoError?: PhotoError } | undefined;
  const navigation = useNavigation();
  const pending = isPosting(navigation) && navigation.formData?.get("intent") === "request";
  const [form, fields] = useForm({
    id: "hub-request-form",
    lastResult: actionData?.request,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: hubWorkRequestSchema }),
  });
  return (
    <section id="hub-request" aria-labelledby="hub-request-heading" className={card}>
      <h2 id="hub-request-heading" className="text-base font-semibold">
        {t("hub.request.heading")}
      </h2>
      <p className={`mt-1 text-sm ${muted}`}>{t("hub.request.hint", { company })}</p>
      {requested && !actionData?.request && !actionData?.photoError ? (
        <ShareMessage tone="good" text={t("hub.request.sent", { company })} />
      ) : null}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="request" />
        <Honeypot />
        <TextareaField
          label={t("hub.request.description")}
          errors={fields.description.errors}
          textareaProps={{ ...getTextareaProps(fields.description), rows: 4 }}
        />
        <TextareaField
          label={`${t("hub.request.preferredTimes")} (${t("common.optional")})`}
          errors={fields.preferredTimes.errors}
          textareaProps={{
            ...getTextareaProps(fields.preferredTimes),
            rows: 2,
            placeholder: t("hub.request.preferredPlaceholder"),
          }}
        />
        <RequestPhotosField error={actionData?.photoError} />
        <Button type="submit" disabled={pending}>
          {pending ? t("hub.request.sending") : t("hub.request.send")}
        </Button>
      </Form>
    </section>
  );
}

function DocumentList({ empty, testId, children }: { empty: string; testId: string; children: ReactNode[] }) {
  if (children.length === 0) return <p className={`mt-2 text-sm ${muted}`}>{empty}</p>;
  return (
    <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-700" data-testid={testId}>
      {children}
    </ul>
  );
}

/**
 * A document of the hub: a link to its customer page when it has one, else a button posting
 * `open` (the page is made on that post, never on loading the hub). Both look the same and
 * fill the row: a tap target on a phone.
 */
function DocumentRow(row: {
  token: string;
  kind: "estimate" | "invoice";
  id: string;
  href: string | null;
  label: string;
  number: string;
  title: string;
  amount: string;
  status: string;
  detail: string | null;
}) {
  const inner = (
    <>
      <span className="min-w-0">
        <span className="block font-medium [overflow-wrap:anywhere]">{row.title}</span>
        <span className={`block text-xs ${muted}`}>
          {row.number}
          {row.detail ? ` · ${row.detail}` : ""}
        </span>
      </span>
      <span className="shrink-0 text-right">
        <span className="block font-medium tabular-nums">{row.amount}</span>
        <span className="block text-xs">{row.status}</span>
      </span>
    </>
  );
  const rowClass =
    "flex min-h-11 w-full items-center justify-between gap-3 py-2 text-left text-sm hover:bg-slate-50 dark:hover:bg-slate-800";
  return (
    <li data-testid={`hub-${row.kind}`}>
      {row.href ? (
        <a href={row.href} className={rowClass} aria-label={row.label}>
          {inner}
        </a>
      ) : (
        <Form method="post" reloadDocument>
          <input type="hidden" name="intent" value="open" />
          <input type="hidden" name="kind" value={row.kind} />
          <input type="hidden" name="id" value={row.id} />
          <button type="submit" className={rowClass} aria-label={row.label}>
            {inner}
          </button>
        </Form>
      )}
    </li>
  );
}

function CompanyContact({ company }: { company: { name: string; phone: string; email: string } }) {
  const { t } = useTranslation();
  if (!company.phone && !company.email) return null;
  return (
    <div className="mt-4 flex flex-wrap gap-2" data-testid="hub-contact">
      {company.phone ? (
        <a href={`tel:${company.phone.replace(/[^\d+]/g, "")}`} className={buttonClass("secondary", "[overflow-wrap:anywhere]")}>
          {t("hub.call", { phone: company.phone })}
        </a>
      ) : null}
      {company.email ? (
        <a href={`mailto:${company.email}`} className={buttonClass("secondary", "[overflow-wrap:anywhere]")}>
          {t("hub.email", { email: company.email })}
        </a>
      ) : null}
    </div>
  );
}

type CustomerDetails = Loaded["customer"];

function DetailsForm({ customer, company, updated }: { customer: CustomerDetails; company: string; updated: Loaded["updated"] }) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>() as { result?: SubmissionResult<string[]> } | undefined;
  const navigation = useNavigation();
  const pending = isPosting(navigation);
  const [form, fields] = useForm({
    id: "hub-details",
    lastResult: actionData?.result,
    defaultValue: customer,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: customerHubFormSchema }),
  });
  const field = (
    name: "phone" | "email" | "address" | "city" | "state" | "zipCode",
    type: "text" | "tel" | "email",
    autoComplete: string,
  ) => (
    <Field
      label={t(`hub.fields.${name}`)}
      errors={fields[name].errors}
      inputProps={{ ...getInputProps(fields[name], { type }), autoComplete }}
    />
  );
  return (
    <section className={card} aria-labelledby="details">
      <h2 id="details" className="font-semibold">
        {t("hub.detailsHeading")}
      </h2>
      <p className={`mt-1 text-sm ${muted}`}>{t("hub.detailsHint", { company })}</p>
      {updated && !actionData ? (
        <ShareMessage
          tone={updated === "saved" ? "good" : "neutral"}
          text={t(updated === "saved" ? "hub.saved" : "hub.unchanged")}
        />
      ) : null}
      {actionData?.result ? (
        <p
          role="alert"
          className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {t("hub.invalid")}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="details" />
        <Honeypot />
        <div className="grid gap-4 sm:grid-cols-2">
          {field("phone", "tel", "tel")}
          {field("email", "email", "email")}
        </div>
        {field("address", "text", "street-address")}
        <div className="grid gap-4 sm:grid-cols-3">
          {field("city", "text", "address-level2")}
          {field("state", "text", "address-level1")}
          {field("zipCode", "text", "postal-code")}
        </div>
        <Button type="submit" disabled={pending}>
          {pending ? t("hub.saving") : t("hub.save")}
        </Button>
      </Form>
    </section>
  );
}
