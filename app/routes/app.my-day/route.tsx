import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { VisitCard } from "~/components/visit-card";
import { Button, buttonClass } from "~/components/ui/button";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { readForm } from "~/infrastructure/form.server";
import { requireUser, type SessionUser } from "~/infrastructure/session.server";
import { redirectWithToast, type ToastInput } from "~/infrastructure/toast.server";
import { accountZone, addDays, dayRange, isDayKey, today } from "~/lib/clock";
import { formatDay } from "~/lib/schedule";
import { ownWorkOnly, type RouteAccess } from "~/lib/permissions";
import { fileCounts } from "~/models/file.server";
import { getSettings } from "~/models/settings.server";
import { completeJob, findVisit, memberOpenJobs, memberVisits, openVisitsOfJob, type VisitActor } from "~/models/visit.server";
import { getJob } from "~/models/job.server";
import { titleMeta } from "~/services/meta";
import { advanceAndNotify, noteAndNotify, sendOnMyWay } from "~/services/visit.server";
import { useLocale } from "~/components/use-locale";
import { formatListDate } from "~/lib/job-dates";

/** What this route needs (app/lib/permissions.ts): any member, for the work assigned to them. */
export const access = "assigned-work" satisfies RouteAccess;

export const meta = titleMeta("myDay.title");

/** A note has at most this many characters. */
const NOTE_MAX = 2000;

const actorOf = (user: SessionUser): VisitActor => ({ userId: user.id, name: user.name, role: user.role });
const dayUrl = (day: string, extra = "") => `/app/my-day?day=${day}${extra}`;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const settings = await getSettings(user.accountId);
  const zone = accountZone(settings.timeZone);
  const url = new URL(request.url);
  const wanted = url.searchParams.get("day");
  const current = today(zone);
  const day = isDayKey(wanted) ? wanted : current;
  const [visits, jobs] = await Promise.all([
    memberVisits(user.accountId, user.memberId, dayRange(day, zone)),
    memberOpenJobs(user.accountId, user.memberId),
  ]);
  // After the last visit of a job: "Complete the job too?", while the job is still open.
  const offered = url.searchParams.get("completeJob");
  const job = offered ? await getJob(user.accountId, offered, ownWorkOnly(user)) : undefined;
  const completeJobOffer =
    job && (job.status === "pending" || job.status === "in_progress") ? { id: job.id, title: job.title } : null;
  // How many photos and files each visit has, for its Photos & files link.
  const counts = await fileCounts(
    user.accountId,
    "appointment",
    visits.map((visit) => visit.id),
  );
  const fileCount = Object.fromEntries(visits.map((visit) => [visit.id, counts.get(visit.id) ?? 0]));
  return { day, isToday: day === current, timeZone: zone, visits, jobs, completeJobOffer, fileCount };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const rawDay = String(form.get("day") ?? "");
  const settings = await getSettings(user.accountId);
  const zone = accountZone(settings.timeZone);
  const day = isDayKey(rawDay) ? rawDay : today(zone);
  const back = (toast: ToastInput, extra = "") => redirectWithToast(dayUrl(day, extra), toast);
  const actor = actorOf(user);

  if (intent === "complete-job") {
    const done = await completeJob(user.accountId, String(form.get("jobId") ?? ""), today(zone), ownWorkOnly(user));
    if (!done) throw new Response("Not Found", { status: 404 });
    return back({ title: "myDay.toast.jobCompleted" });
  }

  // Another member's visit, or another account's, reads as missing.
  const visit = await findVisit(user.accountId, String(form.get("visitId") ?? ""), ownWorkOnly(user));
  if (!visit) throw new Response("Not Found", { status: 404 });
  const customer = { customer: visit.customer.name };

  switch (intent) {
    case "on-my-way": {
      const outcome = await sendOnMyWay(user.accountId, visit, actor, new URL(request.url).origin);
      if (outcome === "sent")
        return back({ title: "myDay.toast.onMyWay", description: "myDay.toast.onMyWayBody", values: customer });
      if (outcome === "already-sent") return back({ type: "info", title: "myDay.toast.alreadySent" });
      if (outcome === "no-email") return back({ type: "error", title: "myDay.toast.noEmail", values: customer });
      return back({ type: "error", title: "myDay.toast.mailFailed", description: "myDay.toast.mailFailedBody" });
    }
    case "start":
    case "complete": {
      const step = intent === "start" ? "started" : "completed";
      if (!(await advanceAndNotify(user.accountId, visit, step, actor)))
        return back({ type: "info", title: "myDay.toast.alreadyDone" });
      if (step === "started") return back({ title: "myDay.toast.started" });
      const job = visit.job;
      const offer =
        job &&
        (job.status === "pending" || job.status === "in_progress") &&
        (await openVisitsOfJob(user.accountId, job.id)) === 0;
      return back({ title: "myDay.toast.completed" }, offer ? `&completeJob=${job.id}` : "");
    }
    case "note": {
      const body = String(form.get("body") ?? "").trim();
      if (!body) return back({ type: "error", title: "myDay.toast.noteEmpty" });
      if (body.length > NOTE_MAX) return back({ type: "error", title: "myDay.toast.noteTooLong" });
      await noteAndNotify(user.accountId, visit, actor, body);
      return back({ title: "myDay.toast.noteAdded" });
    }
    default:
      return back({ type: "error", title: "myDay.toast.unknownAction" });
  }
}

/**
 * A member's day: their visits in time order with what they need on site (the customer, a
 * maps link, a call link, notes) and the three steps of a visit, then their open jobs. Plain
 * forms and links: it works on a cheap phone with JavaScript off.
 */
export default function MyDay() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { day, isToday, timeZone, visits, jobs, completeJobOffer, fileCount } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t("myDay.title")} subtitle={t("myDay.subtitle", { date: formatDay(day, "EEEE, MMM d", locale) })} />
      <nav className="mb-4 flex flex-wrap gap-2" aria-label={t("myDay.title")}>
        <Link to={dayUrl(addDays(day, -1))} className={buttonClass("secondary", "min-h-11")}>
          {t("myDay.previousDay")}
        </Link>
        {isToday ? null : (
          <Link to="/app/my-day" className={buttonClass("secondary", "min-h-11")}>
            {t("myDay.today")}
          </Link>
        )}
        <Link to={dayUrl(addDays(day, 1))} className={buttonClass("secondary", "min-h-11")}>
          {t("myDay.nextDay")}
        </Link>
      </nav>

      {completeJobOffer ? (
        <div
          role="status"
          data-testid="complete-job-offer"
          className="mb-4 rounded-xl border border-brand-200 bg-brand-50 p-4 dark:border-brand-700 dark:bg-brand-600/10"
        >
          <p className="font-medium">{t("myDay.completeJobPrompt", { title: completeJobOffer.title })}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Form method="post" action="/app/my-day">
              <input type="hidden" name="intent" value="complete-job" />
              <input type="hidden" name="jobId" value={completeJobOffer.id} />
              <input type="hidden" name="day" value={day} />
              <Button className="min-h-11">{t("myDay.completeJob")}</Button>
            </Form>
            <Link to={dayUrl(day)} className={buttonClass("secondary", "min-h-11")}>
              {t("myDay.keepJobOpen")}
            </Link>
          </div>
        </div>
      ) : null}

      {visits.length === 0 ? (
        <EmptyState>
          <p className="font-medium">{t("myDay.noVisits")}</p>
          <p className="mt-1 text-sm">{t("myDay.noVisitsHint")}</p>
        </EmptyState>
      ) : (
        <ol className="space-y-4" data-testid="my-day-visits">
          {visits.map((visit) => (
            <li key={visit.id}>
              <VisitCard visit={visit} day={day} timeZone={timeZone} fileCount={fileCount[visit.id] ?? 0} />
            </li>
          ))}
        </ol>
      )}

      <section className="mt-8" aria-labelledby="my-jobs">
        <h2 id="my-jobs" className="text-lg font-semibold">
          {t("myDay.myJobs")}
        </h2>
        {jobs.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("myDay.noJobs")}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {jobs.map((job) => (
              <li key={job.id}>
                <Link
                  to={`/app/my-day/jobs/${job.id}?day=${day}`}
                  className="flex min-h-11 flex-wrap items-baseline justify-between gap-2 px-4 py-3 hover:bg-slate-50 dark:hover:bg-slate-800"
                  aria-label={t("myDay.openJob", { title: job.title })}
                >
                  <span>
                    <span className="font-medium">{job.title}</span>{" "}
                    <span className="text-sm text-slate-600 dark:text-slate-400">{job.customerName}</span>
                  </span>
                  <span className="text-sm text-slate-600 dark:text-slate-400">
                    {job.scheduledDate ? formatListDate(job.scheduledDate, locale, timeZone) : t("myDay.notScheduled")}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Outlet />
    </div>
  );
}
