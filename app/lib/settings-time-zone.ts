// The account's time zone (account_settings.time_zone, an IANA name such as
// "America/Chicago"; null means not chosen yet, read as UTC). Calendar days and their
// midnights are worked out with Intl only, so the answer does not depend on the zone
// of the machine that runs the code.

const DAY_MS = 86_400_000;

// Zones found valid: building an Intl.DateTimeFormat to check one costs more than a page's
// worth of date formatting, and every request asks about the account's zone.
const knownZones = new Set<string>();

/** True for a zone name this runtime knows ("UTC", "America/Chicago"). */
export function isValidTimeZone(zone: unknown): zone is string {
  if (typeof zone !== "string" || zone.length === 0 || zone.length > 64) return false;
  if (knownZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    knownZones.add(zone);
    return true;
  } catch {
    return false;
  }
}

export function zoneOrUtc(zone: string | null | undefined): string {
  return isValidTimeZone(zone) ? zone : "UTC";
}

/** Every zone the runtime supports, sorted, with UTC (which the list leaves out) first. */
export function timeZoneOptions(): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return ["UTC", ...zones.filter((zone) => zone !== "UTC").sort()];
}

let processZone: string | undefined;

/** The zone the process runs in: what the settings form offers before one is chosen. Read once. */
export function serverTimeZone(): string {
  processZone ??= zoneOrUtc(Intl.DateTimeFormat().resolvedOptions().timeZone);
  return processZone;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function wallClock(zone: string) {
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

/** The wall-clock fields of an instant in a zone, read as if they were UTC (epoch ms). */
function wallClockMs(instant: number, zone: string): number {
  const parts = wallClock(zone).formatToParts(new Date(instant));
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(field("year"), field("month") - 1, field("day"), field("hour"), field("minute"), field("second"));
}

/** How far the zone's clock is ahead of UTC at that instant, in ms (Chicago in winter: -6 h). */
export function zoneOffsetMs(instant: Date | number, zone: string | null | undefined): number {
  const ms = typeof instant === "number" ? instant : instant.getTime();
  const exact = Math.floor(ms / 1000) * 1000;
  return wallClockMs(exact, zoneOrUtc(zone)) - exact;
}

/** The calendar date (`yyyy-MM-dd`) an instant falls on in a zone. */
export function calendarDateIn(instant: Date | number, zone: string | null | undefined): string {
  const ms = typeof instant === "number" ? instant : instant.getTime();
  return new Date(wallClockMs(ms, zoneOrUtc(zone))).toISOString().slice(0, 10);
}

/** A calendar date moved by whole days: ("2025-03-01", -1) is "2025-02-28". */
export function addCalendarDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The instant a calendar day starts in a zone. Where a daylight-saving change skips
 * midnight, the day starts at the first instant that exists.
 */
export function startOfDayIn(day: string, zone: string | null | undefined): Date {
  const [y, m, d] = day.split("-").map(Number);
  const wall = Date.UTC(y, m - 1, d);
  const name = zoneOrUtc(zone);
  // Two passes settle the offset on either side of a daylight-saving change.
  let guess = wall - zoneOffsetMs(wall, name);
  guess = wall - zoneOffsetMs(guess, name);
  if (calendarDateIn(guess, name) < day) {
    // Midnight does not exist that day: step forward to the first minute that does.
    while (calendarDateIn(guess, name) < day) guess += 60_000;
  }
  return new Date(guess);
}
