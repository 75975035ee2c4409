// The schedule (SPEC.md sections 2-4): appointments and scheduled jobs merged into one
// list of schedule items, filtered, searched and laid out by day. Instants are UTC;
// "today" and the week are the account's, in its time zone, worked out with Intl only
// so the answer never depends on the zone of the machine (server or browser) running it.
// Pure: the server and the browser both use it.
import { format } from "date-fns";
import { dateLocale } from "~/lib/date-locale";
import { MAX_SEARCH_LENGTH } from "./list-params";
import { isValidTimeZone, serverTimeZone } from "./settings-time-zone";

export const APPOINTMENT_STATUSES = ["scheduled", "completed", "cancelled", "rescheduled"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const APPOINTMENT_TYPES = ["job", "estimate", "other"] as const;
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];

export const DEFAULT_APPOINTMENT_STATUS: AppointmentStatus = "scheduled";
export const DEFAULT_APPOINTMENT_TYPE: AppointmentType = "other";
export const DEFAULT_APPOINTMENT_MINUTES = 60;
/** A scheduled job counts as two hours on the schedule (SPEC.md section 9). */
export const JOB_MINUTES = 120;
/** The Upcoming card of the schedule shows at most five items; the dashboard three. */
export const UPCOMING_LIMIT = 5;
export const DASHBOARD_UPCOMING_LIMIT = 3;

/** Statuses of an appointment that is still going to happen. */
export const ACTIVE_STATUSES: readonly AppointmentStatus[] = ["scheduled", "rescheduled"];

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
}

export interface JobSource {
  id: string;
  title: string;
  customer: { name: string; phone: string | null };
  scheduledDate: Date | null;
  status: string;
  location: string | null;
  description: string | null;
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

export function filterScheduleItems(items: readonly ScheduleItem[], { filter = "all", q = "" }: { filter?: ScheduleFilter; q?: string }) {
  return items.filter((item) => matchesFilter(item, filter) && matchesSearch(item, q));
}

// ---------------------------------------------------------------------------
// Time zones: instants (UTC) to the account's calendar and wall clock, and back.

const DAY_MS = 86_400_000;
const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

export { isValidTimeZone };

/** The account's zone: the one it chose, else the zone the server runs in, else UTC. */
export function accountTimeZone(chosen: string | null | undefined): string {
  return isValidTimeZone(chosen) ? chosen : serverTimeZone();
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function wallClockFormatter(zone: string) {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** What a clock on the wall in the zone shows at that instant. */
export function wallClock(instant: Date | number, zone: string): WallClock {
  const parts = wallClockFormatter(zone).formatToParts(new Date(instant));
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return { year: field("year"), month: field("month"), day: field("day"), hour: field("hour"), minute: field("minute"), second: field("second") };
}

const wallAsUtc = (wall: WallClock) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);

/** How far the zone's clock is ahead of UTC at that instant, in ms (New York in winter: -5 h). */
export function zoneOffsetMs(instant: number, zone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallAsUtc(wallClock(whole, zone)) - whole;
}

/**
 * The instant a wall-clock time in the zone stands for. A time that happens twice (the
 * hour repeated when clocks go back) is the first of the two; a time that never happens
 * (the hour skipped when clocks go forward) moves forward by the gap, as a clock would.
 */
export function zonedTimeToUtc(wall: WallClock, zone: string): Date {
  const local = wallAsUtc(wall);
  const before = zoneOffsetMs(local - DAY_MS, zone);
  const after = zoneOffsetMs(local + DAY_MS, zone);
  const candidates = [local - before, local - after]
    .filter((instant) => wallAsUtc(wallClock(instant, zone)) === local)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? local - before);
}

function parseDayKey(day: string): { year: number; month: number; day: number } | null {
  const match = DAY_KEY.exec(day);
  if (!match) return null;
  const [year, month, date] = match.slice(1).map(Number);
  const utc = new Date(Date.UTC(year, month - 1, date));
  if (year < 1000 || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== date) return null;
  return { year, month, day: date };
}

export const isDayKey = (value: unknown): value is string => typeof value === "string" && parseDayKey(value) !== null;

/** The calendar day (`yyyy-MM-dd`) an instant falls on in the zone. */
export function dayKey(instant: Date | number, zone: string): string {
  const wall = wallClock(instant, zone);
  return `${String(wall.year).padStart(4, "0")}-${String(wall.month).padStart(2, "0")}-${String(wall.day).padStart(2, "0")}`;
}

/** A calendar day moved by whole days: ("2026-03-01", -1) is "2026-02-28". */
export function addDays(day: string, days: number): string {
  const parsed = parseDayKey(day);
  if (!parsed) throw new Error(`Not a calendar day: ${day}`);
  return new Date(Date.UTC(parsed.year, parsed.month - 1, parsed.day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 for Sunday to 6 for Saturday. */
export function weekdayOf(day: string): number {
  const parsed = parseDayKey(day);
  if (!parsed) throw new Error(`Not a calendar day: ${day}`);
  return new Date(Date.UTC(parsed.year, parsed.month - 1, parsed.day)).getUTCDay();
}

/** The instant a calendar day starts in the zone (its first instant when a clock change skips midnight). */
export function startOfDay(day: string, zone: string): Date {
  const parsed = parseDayKey(day);
  if (!parsed) throw new Error(`Not a calendar day: ${day}`);
  return zonedTimeToUtc({ ...parsed, hour: 0, minute: 0, second: 0 }, zone);
}

export interface Range {
  start: Date;
  /** Exclusive. */
  end: Date;
}

/** A calendar day in the zone, from its first instant to the next day's: 23 or 25 hours across a clock change. */
export function dayRange(day: string, zone: string): Range {
  return { start: startOfDay(day, zone), end: startOfDay(addDays(day, 1), zone) };
}

/** The Sunday that starts the week a day is in (SPEC.md section 9: the week starts on Sunday). */
export const weekStartOf = (day: string) => addDays(day, -weekdayOf(day));

/** The seven days of the week that starts on `sunday`. */
export function weekDays(sunday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(sunday, i));
}

export function weekRange(sunday: string, zone: string): Range {
  return { start: startOfDay(sunday, zone), end: startOfDay(addDays(sunday, 7), zone) };
}

/** A `datetime-local` value (`yyyy-MM-ddTHH:mm`) read as the zone's wall clock; null when it is no real time. */
export function parseWallTime(text: string, zone: string): Date | null {
  const match = WALL_TIME.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  if (!parseDayKey(`${match[1]}-${match[2]}-${match[3]}`) || hour > 23 || minute > 59) return null;
  return zonedTimeToUtc({ year, month, day, hour, minute, second: 0 }, zone);
}

/** The `datetime-local` value of an instant on the zone's wall clock. */
export function toWallTimeValue(instant: Date | number, zone: string): string {
  const wall = wallClock(instant, zone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${dayKey(instant, zone)}T${two(wall.hour)}:${two(wall.minute)}`;
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
export function groupByDay(items: readonly ScheduleItem[], sunday: string, zone: string): { day: string; items: ScheduleItem[] }[] {
  const sorted = [...items].sort(compareScheduleItems);
  return weekDays(sunday).map((day) => ({ day, items: itemsOnDay(sorted, day, zone) }));
}

// ---------------------------------------------------------------------------
// Screen state in the URL (DESIGN.md): tab, status filter, search, calendar week, page.

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
}

/** Reads the schedule's search params; anything unexpected falls back to today's view. */
export function readScheduleParams(search: URLSearchParams, today: string): ScheduleParams {
  const tab = search.get("tab");
  const status = search.get("status");
  const week = search.get("week");
  const page = Number(search.get("page"));
  const day = search.get("day");
  return {
    tab: (SCHEDULE_TABS as readonly string[]).includes(tab ?? "") ? (tab as ScheduleTab) : "today",
    status: (SCHEDULE_FILTERS as readonly string[]).includes(status ?? "") ? (status as ScheduleFilter) : "all",
    q: (search.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH),
    week: weekStartOf(week && isDayKey(week) ? week : today),
    page: Number.isSafeInteger(page) && page > 0 ? Math.min(page, 10_000) : 1,
    day: tab === "list" && day && isDayKey(day) ? day : null,
  };
}

/** The schedule URL for a dialog opened with this search string (what closing it goes back to). */
export function scheduleUrl(search: string): string {
  const params = new URLSearchParams(search);
  const text = params.toString();
  return `/app/schedule${text ? `?${text}` : ""}`;
}

// ---------------------------------------------------------------------------
// Formats (DESIGN.md): "h:mm a" for times, "MMM dd, yyyy" in lists, "MMM d" for short
// dates, in the interface language and the account's zone. date-fns formats in the
// machine's zone, so these build a local date carrying the zone's wall-clock fields at
// an hour no clock change skips (noon for days, a January day for times): server and
// browser print the same text.

const localeOf = dateLocale;

function localDay(day: string): Date {
  const parsed = parseDayKey(day);
  if (!parsed) throw new Error(`Not a calendar day: ${day}`);
  return new Date(parsed.year, parsed.month - 1, parsed.day, 12);
}

export function formatTimeIn(instant: Date, zone: string, language = "en"): string {
  const wall = wallClock(instant, zone);
  return format(new Date(2000, 0, 15, wall.hour, wall.minute), "h:mm a", { locale: localeOf(language) });
}

export function formatDayIn(instant: Date, zone: string, language = "en"): string {
  return formatDay(dayKey(instant, zone), "MMM dd, yyyy", language);
}

/** A calendar day in a date-fns pattern ("MMM d", "EEE", "EEEE, MMMM d"). */
export function formatDay(day: string, pattern: string, language = "en"): string {
  return format(localDay(day), pattern, { locale: localeOf(language) });
}

/** The calendar's range title: "Nov 15 - Nov 21, 2026". */
export function formatWeekTitle(sunday: string, language = "en"): string {
  const saturday = addDays(sunday, 6);
  const sameYear = sunday.slice(0, 4) === saturday.slice(0, 4);
  return `${formatDay(sunday, sameYear ? "MMM d" : "MMM d, yyyy", language)} - ${formatDay(saturday, "MMM d, yyyy", language)}`;
}
