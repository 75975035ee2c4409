import { afterEach, describe, expect, it, vi } from "vitest";
import { TZDate } from "@date-fns/tz";
import { addDays as addDaysFns, addMonths as addMonthsFns, format } from "date-fns";
import {
  accountZone,
  addDays,
  addMonths,
  dayKey,
  dayRange,
  endOfDay,
  isValidTimeZone,
  now,
  parseWallTime,
  setNow,
  startOfDay,
  timeZoneOptions,
  today,
  toWallTimeValue,
  wallClock,
  weekdayOf,
  weekRange,
  zonedTimeToUtc,
  zoneOffsetMs,
} from "./clock";

const iso = (date: Date) => date.toISOString();
const HOUR = 3_600_000;

afterEach(() => setNow(null));

describe("time zones", () => {
  it("knows real zone names and refuses others", () => {
    expect(isValidTimeZone("America/Chicago")).toBe(true);
    expect(isValidTimeZone("UTC")).toBe(true);
    for (const bad of ["", "Mars/Base", 42, null, "x".repeat(65)]) expect(isValidTimeZone(bad), String(bad)).toBe(false);
  });

  it("offers UTC first, then every zone in order", () => {
    const zones = timeZoneOptions();
    expect(zones[0]).toBe("UTC");
    expect(zones).toContain("America/Mexico_City");
    expect(zones.slice(1)).toEqual([...zones.slice(1)].sort());
    expect(new Set(zones).size).toBe(zones.length);
  });

  it("tells the calendar day and the offset of an instant in a zone", () => {
    const instant = new Date("2025-01-15T03:30:00Z");
    expect(dayKey(instant, "UTC")).toBe("2025-01-15");
    expect(dayKey(instant, "America/Chicago")).toBe("2025-01-14");
    expect(dayKey(instant, "Asia/Tokyo")).toBe("2025-01-15");
    expect(dayKey(instant, null)).toBe("2025-01-15");
    expect(zoneOffsetMs(instant, "America/Chicago")).toBe(-6 * 3_600_000);
    expect(zoneOffsetMs(instant, "Asia/Kolkata")).toBe(5.5 * 3_600_000);
  });

  it("finds midnight in a zone, also on daylight-saving days", () => {
    expect(startOfDay("2025-01-15", "America/Chicago").toISOString()).toBe("2025-01-15T06:00:00.000Z");
    expect(startOfDay("2025-07-15", "America/Chicago").toISOString()).toBe("2025-07-15T05:00:00.000Z");
    expect(startOfDay("2025-03-09", "America/Chicago").toISOString()).toBe("2025-03-09T06:00:00.000Z");
    expect(startOfDay("2025-11-02", "America/Chicago").toISOString()).toBe("2025-11-02T05:00:00.000Z");
    // Asked again (kept), the answer is the same and a fresh Date: changing one changes nothing kept.
    const kept = startOfDay("2025-11-02", "America/Chicago");
    kept.setTime(0);
    expect(startOfDay("2025-11-02", "America/Chicago").toISOString()).toBe("2025-11-02T05:00:00.000Z");
    expect(startOfDay("2025-11-02", "Asia/Tokyo").toISOString()).toBe("2025-11-01T15:00:00.000Z");
    expect(() => startOfDay("2025-02-30", "UTC")).toThrow();
    expect(() => startOfDay("2025-02-30", "UTC")).toThrow();
    // Santiago skipped midnight on 2024-09-08 (clocks went from 00:00 to 01:00).
    expect(startOfDay("2024-09-08", "America/Santiago").toISOString()).toBe("2024-09-08T04:00:00.000Z");
  });

  it("moves calendar days across months and years", () => {
    expect(addDays("2025-03-01", -1)).toBe("2025-02-28");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
  });
});

describe("calendar days of documents", () => {
  it("finds the calendar day of an instant in a time zone, UTC by default", () => {
    const instant = new Date("2025-06-01T03:30:00Z");
    expect(dayKey(instant)).toBe("2025-06-01");
    expect(dayKey(instant, "America/Chicago")).toBe("2025-05-31");
    expect(dayKey(instant, "Not/AZone")).toBe("2025-06-01");
  });

  it("adds days across months, years and leap days", () => {
    expect(addDays("2025-06-15", 30)).toBe("2025-07-15");
    expect(addDays("2025-12-15", 30)).toBe("2026-01-14");
    expect(addDays("2024-02-01", 30)).toBe("2024-03-02");
    expect(() => addDays("15/06/2025", 1)).toThrow();
  });
});

describe("now", () => {
  it("runs with the system clock until set, and stays where it is set", () => {
    const before = Date.now();
    const at = now().getTime();
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
    setNow("2026-03-08T07:59:00Z");
    expect(iso(now())).toBe("2026-03-08T07:59:00.000Z");
    // A copy: a caller cannot move the clock by changing what it got.
    now().setFullYear(1999);
    expect(iso(now())).toBe("2026-03-08T07:59:00.000Z");
    expect(wallClock(now(), "America/Chicago").hour).toBe(1);
    expect(() => setNow("not a time")).toThrow();
    setNow(null);
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
  });

  it("CLOCK_NOW starts the server's clock at that instant and lets it run", async () => {
    vi.resetModules();
    vi.stubEnv("CLOCK_NOW", "2026-11-01T06:30:00Z");
    try {
      const fresh = await import("./clock");
      const first = fresh.now().getTime();
      expect(Math.abs(first - Date.parse("2026-11-01T06:30:00Z"))).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(fresh.now().getTime()).toBeGreaterThan(first);
      expect(fresh.today("America/Chicago")).toBe("2026-11-01");
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });
});

describe("an account without a zone", () => {
  it("is in UTC, whatever zone the machine runs in", () => {
    const machine = process.env.TZ;
    process.env.TZ = "Pacific/Kiritimati";
    try {
      expect(new Date("2026-01-01T00:00:00Z").getTimezoneOffset()).toBe(-14 * 60);
      expect(accountZone(null)).toBe("UTC");
      expect(accountZone(undefined)).toBe("UTC");
      expect(accountZone("Not/AZone")).toBe("UTC");
      expect(today(null, new Date("2026-11-24T12:00:00Z"))).toBe("2026-11-24");
      expect(iso(startOfDay("2026-11-24", null))).toBe("2026-11-24T00:00:00.000Z");
    } finally {
      if (machine === undefined) delete process.env.TZ;
      else process.env.TZ = machine;
    }
  });

  it("refuses UTC offsets written as zones: a zone is a place", () => {
    expect(isValidTimeZone("+05:00")).toBe(false);
    expect(isValidTimeZone("Pacific/Kiritimati")).toBe(true);
  });
});

describe("today at the edges of the earth's zones", () => {
  it("Pacific/Kiritimati (UTC+14): 23:30 is still today, 00:30 is already tomorrow while UTC is a day behind", () => {
    const late = new Date("2026-11-24T09:30:00Z");
    const early = new Date("2026-11-24T10:30:00Z");
    expect(wallClock(late, "Pacific/Kiritimati")).toMatchObject({ day: 24, hour: 23, minute: 30 });
    expect(today("Pacific/Kiritimati", late)).toBe("2026-11-24");
    expect(today("Pacific/Kiritimati", early)).toBe("2026-11-25");
    expect(today(null, early)).toBe("2026-11-24");
    expect(dayRange("2026-11-25", "Pacific/Kiritimati")).toEqual({
      start: new Date("2026-11-24T10:00:00Z"),
      end: new Date("2026-11-25T10:00:00Z"),
    });
  });

  it("Pacific/Pago_Pago (UTC-11): 23:30 is still today while UTC is already tomorrow", () => {
    const late = new Date("2026-11-25T10:30:00Z");
    const early = new Date("2026-11-25T11:30:00Z");
    expect(wallClock(late, "Pacific/Pago_Pago")).toMatchObject({ day: 24, hour: 23, minute: 30 });
    expect(today("Pacific/Pago_Pago", late)).toBe("2026-11-24");
    expect(today(null, late)).toBe("2026-11-25");
    expect(today("Pacific/Pago_Pago", early)).toBe("2026-11-25");
    expect(iso(startOfDay("2026-11-25", "Pacific/Pago_Pago"))).toBe("2026-11-25T11:00:00.000Z");
  });
});

describe("America/Chicago on the 2026 clock changes", () => {
  it("March 8 is 23 hours long and its week and month start at CST midnight and end at CDT midnight", () => {
    const { start, end } = dayRange("2026-03-08", "America/Chicago");
    expect(iso(start)).toBe("2026-03-08T06:00:00.000Z");
    expect(iso(end)).toBe("2026-03-09T05:00:00.000Z");
    expect(end.getTime() - start.getTime()).toBe(23 * HOUR);
    expect(iso(endOfDay("2026-03-08", "America/Chicago"))).toBe(iso(end));
    const week = weekRange("2026-03-10", "America/Chicago");
    expect([iso(week.start), iso(week.end)]).toEqual(["2026-03-08T06:00:00.000Z", "2026-03-15T05:00:00.000Z"]);
  });

  it("November 1 is 25 hours long; the repeated 1:30 is read as the first", () => {
    const { start, end } = dayRange("2026-11-01", "America/Chicago");
    expect(iso(start)).toBe("2026-11-01T05:00:00.000Z");
    expect(end.getTime() - start.getTime()).toBe(25 * HOUR);
    expect(iso(parseWallTime("2026-11-01T01:30", "America/Chicago")!)).toBe("2026-11-01T06:30:00.000Z");
    expect(today("America/Chicago", new Date("2026-11-02T05:30:00Z"))).toBe("2026-11-01");
    expect(today("America/Chicago", new Date("2026-11-02T06:00:00Z"))).toBe("2026-11-02");
  });

  it("the skipped 2:30 moves forward by the gap, and wall times go back and forth", () => {
    expect(iso(zonedTimeToUtc({ year: 2026, month: 3, day: 8, hour: 2, minute: 30, second: 0 }, "America/Chicago"))).toBe(
      "2026-03-08T08:30:00.000Z",
    );
    expect(toWallTimeValue(new Date("2026-03-08T08:30:00Z"), "America/Chicago")).toBe("2026-03-08T03:30");
    expect(zoneOffsetMs(new Date("2026-03-08T08:30:00Z"), "America/Chicago")).toBe(-5 * HOUR);
  });
});

describe("months", () => {
  it("moves by whole months, kept inside the shorter month", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29");
    expect(addMonths("2026-12-15", 1)).toBe("2027-01-15");
    expect(addMonths("2026-03-31", -1)).toBe("2026-02-28");
    expect(() => addMonths("2026-02-30", 1)).toThrow();
  });

  it("reads an instant's calendar day as date-fns does in the zone, around clock changes and midnights", () => {
    const zones = [
      "UTC",
      "America/Chicago",
      "America/St_Johns",
      "Asia/Kolkata",
      "Australia/Lord_Howe",
      "Pacific/Kiritimati",
      "Pacific/Pago_Pago",
      "Europe/London",
    ];
    const start = Date.UTC(2025, 0, 1);
    for (let time = start; time < start + 2 * 366 * 24 * HOUR; time += 7 * HOUR + 13 * 60_000) {
      for (const zone of zones) {
        expect(dayKey(time, zone), `${new Date(time).toISOString()} ${zone}`).toBe(format(new TZDate(time, zone), "yyyy-MM-dd"));
      }
    }
    expect(dayKey("not a date", "UTC")).toBe("");
    expect(dayKey(Date.UTC(999, 5, 1), "UTC")).toBe("0999-06-01");
  });

  it("counts days, months and weekdays as date-fns does on UTC's calendar, across years and leap days", () => {
    const utc = (day: string) => new TZDate(`${day}T00:00:00Z`, "UTC");
    for (let offset = 0; offset < 1_500; offset += 7) {
      const day = format(addDaysFns(utc("2023-01-29"), offset), "yyyy-MM-dd");
      expect(weekdayOf(day), day).toBe(utc(day).getDay());
      for (const days of [-400, -31, -1, 0, 1, 29, 366]) {
        expect(addDays(day, days), `${day} ${days}`).toBe(format(addDaysFns(utc(day), days), "yyyy-MM-dd"));
      }
      for (const months of [-25, -13, -1, 1, 2, 11, 12, 13, 48]) {
        expect(addMonths(day, months), `${day} ${months}`).toBe(format(addMonthsFns(utc(day), months), "yyyy-MM-dd"));
      }
    }
    expect(weekdayOf("2026-11-26")).toBe(4);
  });
});
