import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/forms";
import { RouteDialog } from "~/components/ui/route-dialog";
import { isPosting } from "~/components/ui/submission";
import { addDays, parseWallTime, today, toWallTimeValue } from "~/lib/clock";
import { formatMoment } from "~/lib/share-link";
import type { ConvertTarget } from "~/lib/work-request-schema";
import { getSettings } from "~/models/settings.server";
import { convertWorkRequest, getWorkRequest, matchingCustomers, setWorkRequestStatus } from "~/models/work-request.server";
import { listFiles, toFileCard } from "~/models/file.server";
import { FileThumbnail } from "~/components/file-thumbnail";
import { getCustomer } from "~/models/customer.server";
import { readForm } from "~/infrastructure/form.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "customers" satisfies RouteAccess;

// One request, as a dialog over the list (docs/product/requests.md): what was asked, how to
// reach the visitor, what it became, and the buttons that make a customer (or link one with
// the same e-mail or phone), an estimate, a job or a visit, and archive it. Each conversion
// sends the contractor to what it made. Another account's id is 404 and nothing changes.

const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const found = await getWorkRequest(user.accountId, params.requestId ?? "");
  if (!found) throw notFound();
  const settings = await getSettings(user.accountId);
  const [matches, customer, photos] = await Promise.all([
    found.customerId ? Promise.resolve([]) : matchingCustomers(user.accountId, found),
    found.customerId ? getCustomer(user.accountId, found.customerId) : Promise.resolve(undefined),
    listFiles(user.accountId, { kind: "workRequest", id: found.id }),
  ]);
  const tomorrow = addDays(today(settings.timeZone), 1);
  const nineTomorrow = parseWallTime(`${tomorrow}T09:00`, settings.timeZone);
  return {
    photos: photos.map((photo) => toFileCard(photo)),
    request: {
      id: found.id,
      name: found.name,
      phone: found.phone,
      email: found.email,
      address: found.address,
      description: found.description,
      preferredTimes: found.preferredTimes,
      status: found.status,
      received: formatMoment(found.createdAt, settings.appLanguage, settings.timeZone),
      estimateId: found.estimateId,
      jobId: found.jobId,
      appointmentId: found.appointmentId,
    },
    customer: customer ? { id: customer.id, name: customer.name } : null,
    matches: matches.map((match) => ({ id: match.id, name: match.name })),
    visitDefault: nineTomorrow ? toWallTimeValue(nineTomorrow, settings.timeZone) : `${tomorrow}T09:00`,
  };
}

const DESTINATION: Record<ConvertTarget, (id: string) => string> = {
  customer: (id) => `/app/customers/${id}/edit`,
  estimate: (id) => `/app/estimates/${id}/edit`,
  job: (id) => `/app/jobs/${id}`,
  appointment: (id) => `/app/schedule/${id}`,
};

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const id = params.requestId ?? "";
  if (!(await getWorkRequest(user.accountId, id))) throw notFound();
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const back = `/app/requests${new URL(request.url).search}`;
  if (intent === "archive" || intent === "restore") {
    const changed = await setWorkRequestStatus(user.accountId, id, intent === "archive" ? "archived" : "new");
    if (changed.status !== "changed") throw notFound();
    return redirectWithToast(back, { title: intent === "archive" ? "requests.toast.archived" : "requests.toast.restored" });
  }
  const to = (["customer", "estimate", "job", "appointment"] as const).find((target) => intent === target);
  if (!to) return data({ problem: "validation.unknownField" as const, field: null }, { status: 400 });
  const customerId = String(form.get("customerId") ?? "").trim() || undefined;
  let scheduledDate: Date | undefined;
  if (to === "appointment") {
    const { timeZone } = await getSettings(user.accountId);
    const raw = String(form.get("scheduledDate") ?? "");
    const parsed = raw.length <= 40 ? parseWallTime(raw, timeZone) : null;
    if (!parsed) {
      return data(
        {
          problem: raw.trim() ? ("schedule.form.dateInvalid" as const) : ("schedule.form.dateRequired" as const),
          field: "scheduledDate",
        },
        { status: 400 },
      );
    }
    scheduledDate = parsed;
  }
  const outcome = await convertWorkRequest(user.accountId, id, to, { customerId, scheduledDate, by: user.id });
  if (outcome.status === "not-found") throw notFound();
  if (outcome.status === "has-customer")
    return data({ problem: "requests.toast.hasCustomer" as const, field: null }, { status: 409 });
  if (outcome.status === "customer-not-found")
    return data({ problem: "requests.toast.customerNotFound" as const, field: null }, { status: 400 });
  if (outcome.status === "date-required")
    return data({ problem: "schedule.form.dateRequired" as const, field: "scheduledDate" }, { status: 400 });
  const toast = to === "customer" && customerId ? "requests.toast.linked" : (`requests.toast.${to}` as const);
  return redirectWithToast(DESTINATION[to](outcome.created.record.id), { title: toast });
}

export default function RequestDialog() {
  const { t } = useTranslation();
  const { request, customer, matches, visitDefault, photos } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = isPosting(navigation);
  const closeTo = `/app/requests${useLocation().search}`;
  const detail = (label: string, value: string | null) =>
    value ? (
      <div>
        <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
        <dd className="whitespace-pre-line">{value}</dd>
      </div>
    ) : null;
  const intentButton = (intent: string, label: string, variant: "primary" | "secondary" = "secondary", extra?: ReactNode) => (
    <Form method="post" className="contents">
      <input type="hidden" name="intent" value={intent} />
      {extra}
      <Button variant={variant} disabled={pending}>
        {label}
      </Button>
    </Form>
  );
  const converted = customer || request.estimateId || request.jobId || request.appointmentId;
  return (
    <RouteDialog title={t("requests.detail.title", { name: request.name })} closeTo={closeTo} size="lg">
      <p className="text-sm text-slate-500 dark:text-slate-400">
        {t("requests.detail.received", { date: request.received })} · {t(`requests.statuses.${request.status}`)}
      </p>
      <dl className="mt-3 space-y-2" data-testid="request-detail">
        {detail(t("requests.detail.phone"), request.phone)}
        {detail(t("requests.detail.email"), request.email)}
        {detail(t("requests.detail.address"), request.address)}
        {detail(t("requests.detail.asked"), request.description)}
        {detail(t("requests.detail.preferred"), request.preferredTimes)}
      </dl>
      {photos.length ? (
        <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label={t("files.photos")} data-testid="request-photos">
          {photos.map((photo) => (
            <li key={photo.id}>
              <FileThumbnail file={photo} />
            </li>
          ))}
        </ul>
      ) : null}
      {actionData?.problem ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-400">
          {t(actionData.problem)}
        </p>
      ) : null}
      {converted ? (
        <section className="mt-4" aria-labelledby="request-became">
          <h3 id="request-became" className="text-sm font-semibold">
            {t("requests.detail.became")}
          </h3>
          <ul className="mt-1 flex flex-wrap gap-3 text-sm">
            {customer ? (
              <li>
                <Link className="text-brand-600 underline dark:text-brand-500" to={`/app/customers/${customer.id}/edit`}>
                  {t("requests.detail.customer", { name: customer.name })}
                </Link>
              </li>
            ) : null}
            {request.estimateId ? (
              <li>
                <Link className="text-brand-600 underline dark:text-brand-500" to={`/app/estimates/${request.estimateId}/edit`}>
                  {t("requests.detail.estimate")}
                </Link>
              </li>
            ) : null}
            {request.jobId ? (
              <li>
                <Link className="text-brand-600 underline dark:text-brand-500" to={`/app/jobs/${request.jobId}`}>
                  {t("requests.detail.job")}
                </Link>
              </li>
            ) : null}
            {request.appointmentId ? (
              <li>
                <Link className="text-brand-600 underline dark:text-brand-500" to={`/app/schedule/${request.appointmentId}`}>
                  {t("requests.detail.visit")}
                </Link>
              </li>
            ) : null}
          </ul>
        </section>
      ) : null}
      {!customer && matches.length > 0 ? (
        <section className="mt-4" aria-labelledby="request-matches">
          <h3 id="request-matches" className="text-sm font-semibold">
            {t("requests.detail.matches")}
          </h3>
          <div className="mt-2 flex flex-wrap gap-2">
            {matches.map((match) => (
              <Form method="post" key={match.id}>
                <input type="hidden" name="intent" value="customer" />
                <input type="hidden" name="customerId" value={match.id} />
                <Button variant="secondary" disabled={pending}>
                  {t("requests.detail.linkCustomer", { name: match.name })}
                </Button>
              </Form>
            ))}
          </div>
        </section>
      ) : null}
      <div className="mt-5 flex flex-wrap gap-2">
        {customer ? null : intentButton("customer", t("requests.detail.createCustomer"), "primary")}
        {request.estimateId ? null : intentButton("estimate", t("requests.detail.createEstimate"))}
        {request.jobId ? null : intentButton("job", t("requests.detail.createJob"))}
      </div>
      {request.appointmentId ? null : (
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="appointment" />
          <Field
            label={t("requests.detail.visitDate")}
            errors={actionData?.field === "scheduledDate" && actionData.problem ? [actionData.problem] : null}
            inputProps={{ type: "datetime-local", name: "scheduledDate", defaultValue: visitDefault, required: true }}
          />
          <Button variant="secondary" disabled={pending}>
            {t("requests.detail.scheduleVisit")}
          </Button>
        </Form>
      )}
      <div className="mt-5 flex flex-wrap justify-between gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
        {request.status === "archived"
          ? intentButton("restore", t("requests.detail.restore"))
          : intentButton("archive", t("requests.detail.archive"))}
        <Link to={closeTo} className={buttonClass("ghost")}>
          {t("common.close")}
        </Link>
      </div>
    </RouteDialog>
  );
}
