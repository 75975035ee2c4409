// The one clock (docs/decisions/012-one-clock.md). Everything that asks "what time is it"
// or "which day is it for this account" comes here: now (one source, which tests and the
// server can set), the account's zone (its setting, else UTC: the one fallback), today,
// calendar days moved by days and months, and the instants a day, week or month starts and
// ends in a zone, for queries. Built on @date-fns/tz (TZDate) and date-fns, so the answer
// never depends on the zone of the machine (server or browser) running it.
// Pure apart from the clock source: the server and the browser both use it.
import { TZDate, tzOffset } from "@date-fns/tz";
import { format, startOfDay as startOfDayFns } from "date-fns";

// ---------------------------------------------------------------------------
// Now

let fixed: Date | null = null;
let envShift: number | undefined;

/**
 * The shift the server's clock runs with: CLOCK_NOW (an ISO instant) makes the process
 * start at that instant and run on from there, so a browser test can sit an account at
 * 23:30 in its zone. Unset or invalid: no shift.
 */
function shiftFromEnv(): number {
  if (envShift === undefined) {
    const text = typeof process !== "undefined" ? process.env?.CLOCK_NOW : undefined;
    const at = text ? Date.parse(text) : Number.NaN;
    envShift = Number.isNaN(at) ? 0 : at - Date.now();
  }
  return envShift;
}

/** The current instant: what setNow set, else the system clock (shifted by CLOCK_NOW). */
export function now(): Date {
  return fixed ? new Date(fixed) : new Date(Date.now() + shiftFromEnv());
}

/** Stops the clock at an instant (tests); null starts it again. */
export function setNow(at: Date | string | number | null): void {
  fixed = at === null ? null : new Date(at);
  if (fixed && Number.isNaN(fixed.getTime())) throw new Error(`Not an instant: ${String(at)}`);
}

// ---------------------------------------------------------------------------
// Zones

// Zones found valid: building an Intl.DateTimeFormat to check one is costly, and every
// request asks about the account's zone.
const knownZones = new Set<string>(["UTC"]);

/** True for an IANA zone name this runtime knows ("UTC", "America/Chicago"). */
export function isValidTimeZone(zone: unknown): zone is string {
  if (typeof zone !== "string" || zone.length === 0 || zone.length > 64) return false;
  if (knownZones.has(zone)) return true;
  // Offsets such as "+05:00" are valid to Intl but are not places: accept names only.
  if (!/^[A-Za-z]/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    knownZones.add(zone);
    return true;
  } catch {
    return false;
  }
}

/** The zone an account's dates are worked out in: its setting when valid, else UTC. The one fallback. */
export function accountZone(zone: string | null | undefined): string {
  return isValidTimeZone(zone) ? zone : "UTC";
}

/** Every zone the runtime supports, sorted, with UTC (which the list leaves out) first. */
export function timeZoneOptions(): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return ["UTC", ...zones.filter((zone) => zone !== "UTC").sort()];
}

/** An instant on the zone's clock (a TZDate: date-fns reads and moves it in that zone). */
export function inZone(instant: Date | number | string, zone: string | null | undefined): TZDate {
  return new TZDate(new Date(instant).getTime(), accountZone(zone));
}

/** How far the zone's clock is ahead of UTC at that instant, in ms (Chicago in winter: -6 h). */
export function zoneOffsetMs(instant: Date | number, zone: string | null | undefined): number {
  return tzOffset(accountZone(zone), new Date(instant)) * 60_000;
}

// ---------------------------------------------------------------------------
// Calendar days (`yyyy-MM-dd`: no time, no zone)

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDayKey(day: string): { year: number; month: number; day: number } | null {
  const match = DAY_KEY.exec(day);
  if (!match) return null;
  const [year, month, date] = match.slice(1).map(Number);
  const utc = new Date(Date.UTC(year, month - 1, date));
  if (year < 1000 || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== date) return null;
  return { year, month, day: date };
}

function dayParts(day: string) {
  const parsed = parseDayKey(day);
  if (!parsed) throw new Error(`Not a calendar day: ${day}`);
  return parsed;
}

// Calendar days are counted on UTC's calendar, where every day has 24 hours: plain Date.UTC
// arithmetic, with no zone to look up (a TZDate, even in UTC, asks Intl for its offset on
// every step, and the schedule and the reports move days by the hundred per page).
const pad = (value: number, width: number) => String(value).padStart(width, "0");
const dayKeyOfUtc = (at: Date) => `${pad(at.getUTCFullYear(), 4)}-${pad(at.getUTCMonth() + 1, 2)}-${pad(at.getUTCDate(), 2)}`;

export const isDayKey = (value: unknown): value is string => typeof value === "string" && parseDayKey(value) !== null;

// One formatter per zone gives an instant's calendar day there: Intl works out the offset
// once per call, where a TZDate asks for it on every field it reads (lists show a few dates
// per row).
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
function dayFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(zone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      calendar: "gregory",
      numberingSystem: "latn",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormatters.set(zone, formatter);
  }
  return formatter;
}

/** The calendar day (`yyyy-MM-dd`) an instant falls on in the zone (UTC when none or unknown); "" for no instant. */
export function dayKey(instant: Date | number | string, zone?: string | null): string {
  const time = new Date(instant).getTime();
  if (Number.isNaN(time)) return "";
  let year = "";
  let month = "";
  let day = "";
  for (const part of dayFormatter(accountZone(zone)).formatToParts(time)) {
    if (part.type === "year") year = part.value;
    else if (part.type === "month") month = part.value;
    else if (part.type === "day") day = part.value;
  }
  return `${year.padStart(4, "0")}-${month}-${day}`;
}

/** Today (`yyyy-MM-dd`) in the zone: the day that decides overdue, valid, "today's schedule". */
export function today(zone?: string | null, at: Date = now()): string {
  return dayKey(at, zone);
}

/** A calendar day moved by whole days: ("2026-03-01", -1) is "2026-02-28". */
export function addDays(day: string, days: number): string {
  const { year, month, day: date } = dayParts(day);
  return dayKeyOfUtc(new Date(Date.UTC(year, month - 1, date + Math.trunc(days))));
}

/** A calendar day moved by whole months, kept inside the month: ("2026-01-31", 1) is "2026-02-28". */
export function addMonths(day: string, months: number): string {
  const { year, month, day: date } = dayParts(day);
  const target = month - 1 + Math.trunc(months);
  // Day 0 of the month after the target is the target's last day.
  const lastDay = new Date(Date.UTC(year, target + 1, 0)).getUTCDate();
  return dayKeyOfUtc(new Date(Date.UTC(year, target, Math.min(date, lastDay))));
}

/** 0 for Sunday to 6 for Saturday. */
export function weekdayOf(day: string): number {
  const { year, month, day: date } = dayParts(day);
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
}

/** The Sunday that starts the week a day is in (the week starts on Sunday). */
export const weekStartOf = (day: string) => addDays(day, -weekdayOf(day));

/** The first day of the month a day is in. */
export const monthStartOf = (day: string) => `${day.slice(0, 7)}-01`;

/** The seven days of the week that starts on `sunday`. */
export function weekDays(sunday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(sunday, i));
}

// ---------------------------------------------------------------------------
// Days, weeks and months as instants (for queries)

export interface Range {
  start: Date;
  /** Exclusive: the first instant of what follows. */
  end: Date;
}

// A day's first instant in a zone never changes while the process runs (the zone rules are
// the runtime's), and the reports and the schedule ask for the same days again and again.
const dayStartCache = new Map<string, number>();
const DAY_START_CACHE_SIZE = 5_000;

/** The instant a calendar day starts in the zone (its first instant when a clock change skips midnight). */
export function startOfDay(day: string, zone: string | null | undefined): Date {
  const accountTimeZone = accountZone(zone);
  const key = `${accountTimeZone} ${day}`;
  let start = dayStartCache.get(key);
  if (start === undefined) {
    const { year, month, day: date } = dayParts(day);
    // Noon exists every day; date-fns then steps back to the zone's first instant of the day.
    start = startOfDayFns(new TZDate(year, month - 1, date, 12, accountTimeZone)).getTime();
    if (dayStartCache.size >= DAY_START_CACHE_SIZE) dayStartCache.clear();
    dayStartCache.set(key, start);
  }
  return new Date(start);
}

/** The instant a calendar day ends in the zone (exclusive: the next day's first instant). */
export function endOfDay(day: string, zone: string | null | undefined): Date {
  return startOfDay(addDays(day, 1), zone);
}

/** A calendar day in the zone, from its first instant to the next day's: 23 or 25 hours across a clock change. */
export function dayRange(day: string, zone: string | null | undefined): Range {
  return { start: startOfDay(day, zone), end: endOfDay(day, zone) };
}

/** The week (Sunday to Saturday) a day is in, in the zone. */
export function weekRange(day: string, zone: string | null | undefined): Range {
  const sunday = weekStartOf(day);
  return { start: startOfDay(sunday, zone), end: startOfDay(addDays(sunday, 7), zone) };
}

// ---------------------------------------------------------------------------
// Wall clocks: what a clock on the wall in the zone shows, and back

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** What a clock on the wall in the zone shows at that instant. */
export function wallClock(instant: Date | number, zone: string | null | undefined): WallClock {
  const at = inZone(instant, zone);
  return {
    year: at.getFullYear(),
    month: at.getMonth() + 1,
    day: at.getDate(),
    hour: at.getHours(),
    minute: at.getMinutes(),
    second: at.getSeconds(),
  };
}

/**
 * The instant a wall-clock time in the zone stands for. A time that happens twice (the
 * hour repeated when clocks go back) is the first of the two; a time that never happens
 * (the hour skipped when clocks go forward) moves forward by the gap, as a clock would.
 */
export function zonedTimeToUtc(wall: WallClock, zone: string | null | undefined): Date {
  const name = accountZone(zone);
  const local = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  // The offsets a day either side: the two an hour near a clock change can have.
  const offsets = [...new Set([zoneOffsetMs(local - 86_400_000, name), zoneOffsetMs(local + 86_400_000, name)])];
  const matches = offsets
    .map((offset) => local - offset)
    .filter((instant) => {
      const seen = wallClock(instant, name);
      return Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second) === local;
    })
    .sort((a, b) => a - b);
  // No match: the time was skipped; read it with the offset from before the change.
  return new Date(matches[0] ?? local - offsets[0]);
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** A `datetime-local` value (`yyyy-MM-ddTHH:mm`) read as the zone's wall clock; null when it is no real time. */
export function parseWallTime(text: string, zone: string | null | undefined): Date | null {
  const match = WALL_TIME.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  if (!parseDayKey(`${match[1]}-${match[2]}-${match[3]}`) || hour > 23 || minute > 59) return null;
  return zonedTimeToUtc({ year, month, day, hour, minute, second: 0 }, zone);
}

/** The `datetime-local` value of an instant on the zone's wall clock. */
export function toWallTimeValue(instant: Date | number, zone: string | null | undefined): string {
  return format(inZone(instant, zone), "yyyy-MM-dd'T'HH:mm");
}
