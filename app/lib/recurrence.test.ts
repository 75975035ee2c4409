import { describe, expect, it } from "vitest";
import {
  dueOccurrences,
  firstIndexFrom,
  nextOccurrence,
  occurrence,
  occurrenceDate,
  occurrenceInstant,
  recurringStatus,
  type Recurrence,
} from "./recurrence";

const schedule = (over: Partial<Recurrence> = {}): Recurrence => ({
  frequency: "monthly",
  startDate: "2026-01-31",
  endDate: null,
  count: null,
  ...over,
});

const dates = (recurrence: Recurrence, count: number) =>
  Array.from({ length: count }, (_, n) => occurrence(recurrence, n)).filter((date) => date !== null);

describe("occurrence dates", () => {
  it("keeps month ends, from the start date and the occurrence number", () => {
    expect(dates(schedule(), 5)).toEqual(["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"]);
    // Never from the previous occurrence: after February 28 comes March 31, not March 28.
    expect(occurrenceDate(schedule(), 2)).toBe("2026-03-31");
  });

  it("gives February 29 in a leap year", () => {
    expect(dates(schedule({ startDate: "2028-01-31" }), 3)).toEqual(["2028-01-31", "2028-02-29", "2028-03-31"]);
    expect(dates(schedule({ startDate: "2028-02-29", frequency: "yearly" }), 5)).toEqual([
      "2028-02-29",
      "2029-02-28",
      "2030-02-28",
      "2031-02-28",
      "2032-02-29",
    ]);
  });

  it("steps by every frequency", () => {
    const start = "2026-08-31";
    expect(dates(schedule({ startDate: start, frequency: "weekly" }), 3)).toEqual(["2026-08-31", "2026-09-07", "2026-09-14"]);
    expect(dates(schedule({ startDate: start, frequency: "biweekly" }), 3)).toEqual(["2026-08-31", "2026-09-14", "2026-09-28"]);
    expect(dates(schedule({ startDate: start, frequency: "monthly" }), 3)).toEqual(["2026-08-31", "2026-09-30", "2026-10-31"]);
    expect(dates(schedule({ startDate: start, frequency: "quarterly" }), 3)).toEqual(["2026-08-31", "2026-11-30", "2027-02-28"]);
    expect(dates(schedule({ startDate: start, frequency: "semiannually" }), 3)).toEqual([
      "2026-08-31",
      "2027-02-28",
      "2027-08-31",
    ]);
    expect(dates(schedule({ startDate: start, frequency: "yearly" }), 3)).toEqual(["2026-08-31", "2027-08-31", "2028-08-31"]);
  });

  it("ends after a number of invoices or on an end date", () => {
    expect(dates(schedule({ count: 2 }), 10)).toEqual(["2026-01-31", "2026-02-28"]);
    expect(dates(schedule({ endDate: "2026-03-31" }), 10)).toEqual(["2026-01-31", "2026-02-28", "2026-03-31"]);
    expect(dates(schedule({ endDate: "2026-03-30" }), 10)).toEqual(["2026-01-31", "2026-02-28"]);
    expect(occurrence(schedule(), -1)).toBeNull();
  });

  it("finds the first occurrence on or after a day", () => {
    for (const frequency of ["weekly", "biweekly", "monthly", "quarterly", "semiannually", "yearly"] as const) {
      const recurrence = schedule({ frequency, startDate: "2026-01-31" });
      for (const day of ["2025-12-01", "2026-01-31", "2026-02-01", "2026-03-01", "2027-07-15", "2031-02-28"]) {
        const n = firstIndexFrom(recurrence, day);
        expect(occurrenceDate(recurrence, n) >= day, `${frequency} ${day}`).toBe(true);
        if (n > 0) expect(occurrenceDate(recurrence, n - 1) < day, `${frequency} ${day}`).toBe(true);
      }
    }
  });
});

describe("the instant an occurrence is due", () => {
  it("is 6:00 in the account's zone", () => {
    expect(occurrenceInstant("2026-11-25", "UTC").toISOString()).toBe("2026-11-25T06:00:00.000Z");
    // Kiritimati is UTC+14: 6:00 there is 16:00 the day before in UTC.
    expect(occurrenceInstant("2026-11-25", "Pacific/Kiritimati").toISOString()).toBe("2026-11-24T16:00:00.000Z");
    // Pago Pago is UTC-11: 6:00 there is 17:00 the same day in UTC.
    expect(occurrenceInstant("2026-11-25", "Pacific/Pago_Pago").toISOString()).toBe("2026-11-25T17:00:00.000Z");
  });

  it("is 6:00 on the days Chicago's clocks change", () => {
    // March 8, 2026: clocks go forward at 2:00 (CST -6 before, CDT -5 after).
    expect(occurrenceInstant("2026-03-08", "America/Chicago").toISOString()).toBe("2026-03-08T11:00:00.000Z");
    // November 1, 2026: clocks go back at 2:00 (CDT -5 before, CST -6 after).
    expect(occurrenceInstant("2026-11-01", "America/Chicago").toISOString()).toBe("2026-11-01T12:00:00.000Z");
  });
});

describe("which occurrences are due at an instant", () => {
  const from = new Date("2026-01-01T00:00:00Z");

  it("makes none before 6:00 and the day's from 6:00, in the zone", () => {
    const weekly = schedule({ frequency: "weekly", startDate: "2026-03-08" });
    const zone = "America/Chicago";
    expect(dueOccurrences(weekly, { zone, now: new Date("2026-03-08T10:59:59Z"), from })).toEqual([]);
    expect(dueOccurrences(weekly, { zone, now: new Date("2026-03-08T11:00:00Z"), from })).toEqual([{ n: 0, date: "2026-03-08" }]);
    const fall = schedule({ frequency: "weekly", startDate: "2026-11-01" });
    expect(dueOccurrences(fall, { zone, now: new Date("2026-11-01T11:59:00Z"), from })).toEqual([]);
    expect(dueOccurrences(fall, { zone, now: new Date("2026-11-01T12:00:00Z"), from })).toEqual([{ n: 0, date: "2026-11-01" }]);
  });

  it("at UTC+14 and UTC-11, around 6:00 local", () => {
    const daily = schedule({ frequency: "weekly", startDate: "2026-11-25" });
    const kiritimati = "Pacific/Kiritimati";
    // 5:59 and 6:00 on November 25 in Kiritimati are still November 24 in UTC.
    expect(dueOccurrences(daily, { zone: kiritimati, now: new Date("2026-11-24T15:59:00Z"), from })).toEqual([]);
    expect(dueOccurrences(daily, { zone: kiritimati, now: new Date("2026-11-24T16:00:00Z"), from })).toEqual([
      { n: 0, date: "2026-11-25" },
    ]);
    const pago = "Pacific/Pago_Pago";
    // 6:00 on November 25 in Pago Pago is 17:00 UTC: at noon UTC nothing is due yet.
    expect(dueOccurrences(daily, { zone: pago, now: new Date("2026-11-25T16:59:00Z"), from })).toEqual([]);
    expect(dueOccurrences(daily, { zone: pago, now: new Date("2026-11-25T17:00:00Z"), from })).toEqual([
      { n: 0, date: "2026-11-25" },
    ]);
  });

  it("catches up every missed occurrence, oldest first", () => {
    const due = dueOccurrences(schedule(), { zone: "UTC", now: new Date("2026-05-31T06:00:00Z"), from });
    expect(due.map((o) => o.date)).toEqual(["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"]);
    expect(due.map((o) => o.n)).toEqual([0, 1, 2, 3, 4]);
    expect(dueOccurrences(schedule(), { zone: "UTC", now: new Date("2026-05-31T06:00:00Z"), from, limit: 2 })).toHaveLength(2);
  });

  it("skips occurrences before `from` (paused), and stops at the schedule's end", () => {
    const resumed = new Date("2026-04-10T12:00:00Z");
    const due = dueOccurrences(schedule(), { zone: "UTC", now: new Date("2026-06-01T00:00:00Z"), from: resumed });
    expect(due.map((o) => o.date)).toEqual(["2026-04-30", "2026-05-31"]);
    // Resumed at 7:00 on an occurrence's day: that day's 6:00 fell while paused.
    const sameDay = new Date("2026-04-30T07:00:00Z");
    expect(dueOccurrences(schedule(), { zone: "UTC", now: new Date("2026-05-01T00:00:00Z"), from: sameDay })).toEqual([]);
    const counted = schedule({ count: 3 });
    expect(dueOccurrences(counted, { zone: "UTC", now: new Date("2027-01-01T00:00:00Z"), from }).map((o) => o.date)).toEqual([
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
    ]);
    const ending = schedule({ endDate: "2026-02-28" });
    expect(dueOccurrences(ending, { zone: "UTC", now: new Date("2027-01-01T00:00:00Z"), from })).toHaveLength(2);
  });

  it("reads a long weekly schedule from where `from` is, not from its start", () => {
    const weekly = schedule({ frequency: "weekly", startDate: "2000-01-03" });
    const due = dueOccurrences(weekly, {
      zone: "UTC",
      now: new Date("2026-11-25T12:00:00Z"),
      from: new Date("2026-11-01T00:00:00Z"),
    });
    expect(due.map((o) => o.date)).toEqual(["2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23"]);
  });
});

describe("the next occurrence and the status", () => {
  const from = new Date("2026-01-01T00:00:00Z");

  it("is the first after the last one made", () => {
    expect(nextOccurrence(schedule(), { zone: "UTC", from, lastMade: null })).toEqual({ n: 0, date: "2026-01-31" });
    expect(nextOccurrence(schedule(), { zone: "UTC", from, lastMade: "2026-02-28" })).toEqual({ n: 2, date: "2026-03-31" });
    expect(nextOccurrence(schedule(), { zone: "UTC", from: new Date("2026-03-31T06:00:01Z"), lastMade: "2026-02-28" })).toEqual({
      n: 3,
      date: "2026-04-30",
    });
  });

  it("is none once the schedule has ended", () => {
    const next = nextOccurrence(schedule({ count: 2 }), { zone: "UTC", from, lastMade: "2026-02-28" });
    expect(next).toBeNull();
    expect(recurringStatus(false, next)).toBe("ended");
    expect(recurringStatus(true, next)).toBe("ended");
    expect(recurringStatus(true, { n: 0, date: "2026-01-31" })).toBe("paused");
    expect(recurringStatus(false, { n: 0, date: "2026-01-31" })).toBe("active");
  });
});
