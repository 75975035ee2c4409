// The schedule (docs/product/schedule.md): appointments and scheduled jobs merged into one
// list of schedule items, filtered, searched and laid out by day. Instants are UTC;
// "today" and the week are the account's, in its time zone, worked out by the one clock
// (app/lib/clock.ts) so the answer never depends on the zone of the machine running it.
// Pure: the server and the browser both use it.
import { format } from "date-fns";
import { dateLocale } from "~/lib/date-locale";
import { MAX_SEARCH_LENGTH } from "./list-params";
import { dayKey, dayRange, isDayKey, wallClock, weekDays, weekStartOf } from "./clock";
import { datePattern } from "./date-patterns";

export const APPOINTMENT_STATUSES = ["scheduled", "in_progress", "completed", "cancelled", "rescheduled"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const APPOINTMENT_TYPES = ["job", "estimate", "other"] as const;
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];

export const DEFAULT_APPOINTMENT_STATUS: AppointmentStatus = "scheduled";
export const DEFAULT_APPOINTMENT_TYPE: AppointmentType = "other";
export const DEFAULT_APPOINTMENT_MINUTES = 60;
/** A scheduled job counts as two hours on the schedule. */
export const JOB_MINUTES = 120;
/** The Upcoming card of the schedule shows at most five items; the dashboard three. */
export const UPCOMING_LIMIT = 5;
/** How many of the day's items the Today tab shows; "N more" lists the rest (the List tab, narrowed to the day). */
export const TODAY_LIMIT = 12;
export const DASHBOARD_UPCOMING_LIMIT = 3;

/** Statuses of an appointment that is still going to happen. */
export const ACTIVE_STATUSES: readonly AppointmentStatus[] = ["scheduled", "rescheduled", "in_progress"];

export function isAppointmentStatus(value: unknown): value is AppointmentStatus {
  return typeof value === "string" && (APPOINTMENT_STATUSES as readonly string[]).includes(value);
}

export function isAppointmentType(value: unknown): value is AppointmentType {
  return typeof value === "string" && (APPOINTMENT_TYPES as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------
// Schedule items

export interface ScheduleItem {
  id: string;
  title: string;
  customer: { name: string; phone: string | null };
  scheduledDate: Date;
  status: AppointmentStatus;
  location: string | null;
  description: string | null;
  isJob: boolean;
  jobId: string | null;
  duration: number;
  /** Who it is assigned to (a member id), when the source says. */
  assigneeId?: string | null;
  /** That member's name, filled in by the schedule page. */
  assigneeName?: string | null;
}

export interface AppointmentSource {
  id: string;
  title: string;
  customer: { name: string; phone: string | null };
  scheduledDate: Date;
  status: string;
  location: string | null;
  description: string | null;
  jobId: string | null;
  duration: number;
  assigneeId?: string | null;
}

export interface JobSource {
  id: string;
  title: string;
  customer: { name: string; phone: string | null };
  scheduledDate: Date | null;
  status: string;
  location: string | null;
  description: string | null;
  assigneeId?: string | null;
}

export function appointmentItem(appointment: AppointmentSource): ScheduleItem {
  return {
    id: appointment.id,
    title: appointment.title,
    customer: appointment.customer,
    scheduledDate: appointment.scheduledDate,
    status: isAppointmentStatus(appointment.status) ? appointment.status : DEFAULT_APPOINTMENT_STATUS,
    location: appointment.location,
    description: appointment.description,
    isJob: false,
    jobId: appointment.jobId,
    duration: appointment.duration,
    ...(appointment.assigneeId ? { assigneeId: appointment.assigneeId } : {}),
  };
}

const isScheduledJob = (status: string) => status !== "cancelled";

/**
 * A job on the schedule: completed when the job is, otherwise scheduled, two hours
 * long. Only a job with a date is on the schedule, and a cancelled job is not: it is
 * no longer going to happen, and showing it as "scheduled" would send a crew out.
 */
export function jobItem(job: JobSource): ScheduleItem | null {
  if (!job.scheduledDate || !isScheduledJob(job.status)) return null;
  return {
    id: job.id,
    title: job.title,
    customer: job.customer,
    scheduledDate: job.scheduledDate,
    status: job.status === "completed" ? "completed" : "scheduled",
    location: job.location,
    description: job.description,
    isJob: true,
    jobId: job.id,
    duration: JOB_MINUTES,
    ...(job.assigneeId ? { assigneeId: job.assigneeId } : {}),
  };
}

/**
 * The schedule order: by date, then appointments before jobs, then by id. It is a total
 * order the SQL queries repeat (scheduled_date, id), so lists merged from two queries
 * page correctly.
 */
export function compareScheduleItems(a: ScheduleItem, b: ScheduleItem): number {
  const byDate = a.scheduledDate.getTime() - b.scheduledDate.getTime();
  if (byDate !== 0) return byDate;
  if (a.isJob !== b.isJob) return a.isJob ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Appointments and scheduled jobs as one list of schedule items, earliest first. */
export function mergeScheduleItems(appointments: readonly AppointmentSource[], jobs: readonly JobSource[]): ScheduleItem[] {
  const items = appointments.map(appointmentItem);
  for (const job of jobs) {
    const item = jobItem(job);
    if (item) items.push(item);
  }
  return items.sort(compareScheduleItems);
}

// ---------------------------------------------------------------------------
// Filter and search

export const SCHEDULE_FILTERS = ["all", "scheduled", "completed"] as const;
export type ScheduleFilter = (typeof SCHEDULE_FILTERS)[number];

/**
 * The status filter. "Scheduled" means still to happen, so a rescheduled appointment
 * is in it; a cancelled one is only under "All".
 */
export function matchesFilter(item: Pick<ScheduleItem, "status">, filter: ScheduleFilter): boolean {
  if (filter === "all") return true;
  if (filter === "completed") return item.status === "completed";
  return ACTIVE_STATUSES.includes(item.status);
}

/** The search: any of title, customer name, location and description contains the text, ignoring case. */
export function matchesSearch(item: Pick<ScheduleItem, "title" | "customer" | "location" | "description">, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  return [item.title, item.customer.name, item.location, item.description].some((text) => text?.toLowerCase().includes(needle));
}

export function filterScheduleItems(
  items: readonly ScheduleItem[],
  { filter = "all", q = "" }: { filter?: ScheduleFilter; q?: string },
) {
  return items.filter((item) => matchesFilter(item, filter) && matchesSearch(item, q));
}

// ---------------------------------------------------------------------------
// Today, upcoming and the week

export function itemsOnDay<T extends Pick<ScheduleItem, "scheduledDate">>(items: readonly T[], day: string, zone: string): T[] {
  const { start, end } = dayRange(day, zone);
  return items.filter((item) => item.scheduledDate >= start && item.scheduledDate < end);
}

/** What is still to happen: scheduled or rescheduled, from now on, earliest first, at most `limit`. */
export function upcomingItems(items: readonly ScheduleItem[], now: Date, limit = UPCOMING_LIMIT): ScheduleItem[] {
  return items
    .filter((item) => item.scheduledDate >= now && ACTIVE_STATUSES.includes(item.status))
    .sort(compareScheduleItems)
    .slice(0, limit);
}

/** The week's items by day, Sunday first: each day keeps the schedule order. */
export function groupByDay(
  items: readonly ScheduleItem[],
  sunday: string,
  zone: string,
): { day: string; items: ScheduleItem[] }[] {
  const sorted = [...items].sort(compareScheduleItems);
  return weekDays(sunday).map((day) => ({ day, items: itemsOnDay(sorted, day, zone) }));
}

// ---------------------------------------------------------------------------
// Screen state in the URL: tab, status filter, search, calendar week, page.

export const SCHEDULE_TABS = ["today", "calendar", "list"] as const;
export type ScheduleTab = (typeof SCHEDULE_TABS)[number];

export interface ScheduleParams {
  tab: ScheduleTab;
  status: ScheduleFilter;
  q: string;
  /** The Sunday of the calendar week shown. */
  week: string;
  page: number;
  /** The List tab narrowed to one day (a calendar day's "+ N more"); null for every date. */
  day: string | null;
  /** Only the items assigned to this member (`?member=`, a member id); null for everyone's. */
  member: string | null;
}

/** Reads the schedule's search params; anything unexpected falls back to today's view. */
export function readScheduleParams(search: URLSearchParams, today: string): ScheduleParams {
  const tab = search.get("tab");
  const status = search.get("status");
  const week = search.get("week");
  const page = Number(search.get("page"));
  const day = search.get("day");
  const member = search.get("member")?.trim();
  return {
    tab: (SCHEDULE_TABS as readonly string[]).includes(tab ?? "") ? (tab as ScheduleTab) : "today",
    status: (SCHEDULE_FILTERS as readonly string[]).includes(status ?? "") ? (status as ScheduleFilter) : "all",
    q: (search.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH),
    week: weekStartOf(week && isDayKey(week) ? week : today),
    page: Number.isSafeInteger(page) && page > 0 ? Math.min(page, 10_000) : 1,
    day: tab === "list" && day && isDayKey(day) ? day : null,
    member: member && member.length <= 100 ? member : null,
  };
}

/** The schedule URL for a dialog opened with this search string (what closing it goes back to). */
export function scheduleUrl(search: string): string {
  const params = new URLSearchParams(search);
  const text = params.toString();
  return `/app/schedule${text ? `?${text}` : ""}`;
}

// ---------------------------------------------------------------------------
// Formats (docs/product/README.md, "Dates, times and the time zone"): "h:mm a" for times, "MMM dd, yyyy" in lists, "MMM d" for short
// dates, in the interface language and the account's zone. date-fns formats in the
// machine's zone, so these build a local date carrying the zone's wall-clock fields at
// an hour no clock change skips (noon for days, a January day for times): server and
// browser print the same text.

const localeOf = dateLocale;

function localDay(day: string): Date {
  if (!isDayKey(day)) throw new Error(`Not a calendar day: ${day}`);
  return new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), 12);
}

export function formatTimeIn(instant: Date, zone: string, language = "en"): string {
  const wall = wallClock(instant, zone);
  return format(new Date(2000, 0, 15, wall.hour, wall.minute), datePattern("h:mm a", language), { locale: localeOf(language) });
}

export function formatDayIn(instant: Date, zone: string, language = "en"): string {
  return formatDay(dayKey(instant, zone), "MMM dd, yyyy", language);
}

/** A calendar day in a date-fns pattern ("MMM d", "EEE", "EEEE, MMMM d"). */
export function formatDay(day: string, pattern: string, language = "en"): string {
  return format(localDay(day), datePattern(pattern, language), { locale: localeOf(language) });
}

/** The calendar's range title: "Nov 15 - Nov 21, 2026". */
export function formatWeekTitle(sunday: string, language = "en"): string {
  const saturday = weekDays(sunday)[6];
  const sameYear = sunday.slice(0, 4) === saturday.slice(0, 4);
  return `${formatDay(sunday, sameYear ? "MMM d" : "MMM d, yyyy", language)} - ${formatDay(saturday, "MMM d, yyyy", language)}`;
}
