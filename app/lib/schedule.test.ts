import { describe, expect, it } from "vitest";
import {
  filterScheduleItems,
  formatDayIn,
  formatTimeIn,
  formatWeekTitle,
  groupByDay,
  itemsOnDay,
  jobItem,
  matchesFilter,
  mergeScheduleItems,
  readScheduleParams,
  upcomingItems,
  type AppointmentSource,
  type JobSource,
  type ScheduleItem,
} from "./schedule";
import {
  accountZone,
  addDays,
  dayKey,
  dayRange,
  parseWallTime,
  startOfDay,
  toWallTimeValue,
  weekDays,
  weekRange,
  weekStartOf,
} from "./clock";

const NY = "America/New_York";
const HOUR = 3_600_000;
const ana = { name: "Ana Ruiz", phone: "(512) 555-0142" };
const bob = { name: "Bob Lee", phone: null };

function appointment(overrides: Partial<AppointmentSource> & { at: string }): AppointmentSource {
  const { at, ...rest } = overrides;
  return {
    id: `a-${at}`,
    title: "Estimate visit",
    customer: ana,
    scheduledDate: new Date(at),
    status: "scheduled",
    location: "12 Elm St, Austin",
    description: "Measure the kitchen",
    jobId: null,
    duration: 60,
    ...rest,
  };
}

function job(overrides: Partial<JobSource> & { at: string | null }): JobSource {
  const { at, ...rest } = overrides;
  return {
    id: `j-${at}`,
    title: "Panel upgrade",
    customer: bob,
    scheduledDate: at ? new Date(at) : null,
    status: "pending",
    location: "9 Oak Ave, Kyle",
    description: "200A panel",
    ...rest,
  };
}

const item = (overrides: Partial<ScheduleItem> & { at: string }): ScheduleItem => {
  const { at, ...rest } = overrides;
  return {
    id: at,
    title: "Visit",
    customer: ana,
    scheduledDate: new Date(at),
    status: "scheduled",
    location: null,
    description: null,
    isJob: false,
    jobId: null,
    duration: 60,
    ...rest,
  };
};

describe("merging appointments and scheduled jobs", () => {
  it("makes one list of schedule items, earliest first, jobs two hours long", () => {
    const items = mergeScheduleItems(
      [appointment({ at: "2026-06-02T15:00:00Z", id: "a1", jobId: "j9" }), appointment({ at: "2026-06-01T15:00:00Z", id: "a2" })],
      [job({ at: "2026-06-01T18:00:00Z", id: "j1" }), job({ at: null, id: "j2" })],
    );
    expect(items.map((i) => i.id)).toEqual(["a2", "j1", "a1"]);
    expect(items[1]).toEqual({
      id: "j1",
      title: "Panel upgrade",
      customer: bob,
      scheduledDate: new Date("2026-06-01T18:00:00Z"),
      status: "scheduled",
      location: "9 Oak Ave, Kyle",
      description: "200A panel",
      isJob: true,
      jobId: "j1",
      duration: 120,
    });
    expect(items[2]).toMatchObject({ isJob: false, jobId: "j9", duration: 60, customer: ana });
  });

  it("reads a completed job as completed and any other open job as scheduled; a cancelled job is not on the schedule", () => {
    const at = "2026-06-01T18:00:00Z";
    expect(jobItem(job({ at, status: "completed" }))?.status).toBe("completed");
    expect(jobItem(job({ at, status: "in_progress" }))?.status).toBe("scheduled");
    expect(jobItem(job({ at, status: "pending" }))?.status).toBe("scheduled");
    expect(jobItem(job({ at, status: "cancelled" }))).toBeNull();
    expect(jobItem(job({ at: null }))).toBeNull();
  });

  it("keeps the appointment's status and orders ties appointments first, then by id", () => {
    const at = "2026-06-01T15:00:00Z";
    const items = mergeScheduleItems(
      [appointment({ at, id: "b", status: "rescheduled" }), appointment({ at, id: "a", status: "cancelled" })],
      [job({ at, id: "0" })],
    );
    expect(items.map((i) => [i.id, i.status])).toEqual([
      ["a", "cancelled"],
      ["b", "rescheduled"],
      ["0", "scheduled"],
    ]);
  });
});

describe("filter and search", () => {
  const items = [
    item({ at: "2026-06-01T10:00:00Z", id: "s", status: "scheduled", title: "Water heater swap" }),
    item({ at: "2026-06-01T11:00:00Z", id: "r", status: "rescheduled", customer: bob }),
    item({ at: "2026-06-01T12:00:00Z", id: "c", status: "completed", location: "Cedar Park" }),
    item({ at: "2026-06-01T13:00:00Z", id: "x", status: "cancelled", description: "Customer called off the TANKLESS quote" }),
  ];

  it("All keeps everything; Scheduled keeps what is still to happen; Completed the completed", () => {
    expect(filterScheduleItems(items, { filter: "all" }).map((i) => i.id)).toEqual(["s", "r", "c", "x"]);
    expect(filterScheduleItems(items, { filter: "scheduled" }).map((i) => i.id)).toEqual(["s", "r"]);
    expect(filterScheduleItems(items, { filter: "completed" }).map((i) => i.id)).toEqual(["c"]);
    expect(matchesFilter({ status: "cancelled" }, "scheduled")).toBe(false);
  });

  it("searches title, customer name, location and description, ignoring case and spaces around", () => {
    expect(filterScheduleItems(items, { q: "heater" }).map((i) => i.id)).toEqual(["s"]);
    expect(filterScheduleItems(items, { q: "BOB" }).map((i) => i.id)).toEqual(["r"]);
    expect(filterScheduleItems(items, { q: "cedar park" }).map((i) => i.id)).toEqual(["c"]);
    expect(filterScheduleItems(items, { q: "  tankless " }).map((i) => i.id)).toEqual(["x"]);
    expect(filterScheduleItems(items, { q: "nothing like it" })).toEqual([]);
    expect(filterScheduleItems(items, { q: "" })).toHaveLength(4);
  });

  it("combines the filter and the search", () => {
    expect(filterScheduleItems(items, { q: "ana", filter: "completed" }).map((i) => i.id)).toEqual(["c"]);
  });
});

describe("today and upcoming in the account's zone", () => {
  it("today runs from the zone's midnight to the next, not UTC's", () => {
    // 03:30 UTC on June 2 is 11:30 PM on June 1 in New York.
    const now = new Date("2026-06-02T03:30:00Z");
    const items = [
      item({ at: "2026-06-01T03:59:00Z", id: "before" }), // 11:59 PM May 31 in New York
      item({ at: "2026-06-01T04:00:00Z", id: "midnight" }), // 12:00 AM June 1
      item({ at: "2026-06-02T03:59:59Z", id: "last" }), // 11:59:59 PM June 1
      item({ at: "2026-06-02T04:00:00Z", id: "next" }), // June 2
    ];
    expect(dayKey(now, NY)).toBe("2026-06-01");
    expect(itemsOnDay(items, dayKey(now, NY), NY).map((i) => i.id)).toEqual(["midnight", "last"]);
    expect(itemsOnDay(items, dayKey(now, "UTC"), "UTC").map((i) => i.id)).toEqual(["last", "next"]);
  });

  it("upcoming is what is still to happen, from now, earliest first, at most five", () => {
    const now = new Date("2026-06-01T12:00:00Z");
    const items = [
      item({ at: "2026-06-01T11:59:00Z", id: "past" }),
      item({ at: "2026-06-09T12:00:00Z", id: "u6" }),
      item({ at: "2026-06-01T12:00:00Z", id: "u1" }),
      item({ at: "2026-06-02T12:00:00Z", id: "done", status: "completed" }),
      item({ at: "2026-06-02T13:00:00Z", id: "off", status: "cancelled" }),
      item({ at: "2026-06-03T12:00:00Z", id: "u2", status: "rescheduled" }),
      item({ at: "2026-06-04T12:00:00Z", id: "u3", isJob: true }),
      item({ at: "2026-06-05T12:00:00Z", id: "u4" }),
      item({ at: "2026-06-06T12:00:00Z", id: "u5" }),
    ];
    expect(upcomingItems(items, now).map((i) => i.id)).toEqual(["u1", "u2", "u3", "u4", "u5"]);
    expect(upcomingItems(items, now, 3).map((i) => i.id)).toEqual(["u1", "u2", "u3"]);
    expect(upcomingItems([], now)).toEqual([]);
  });
});

describe("the week from Sunday", () => {
  it("starts on the Sunday on or before the day", () => {
    expect(weekStartOf("2026-11-15")).toBe("2026-11-15"); // a Sunday
    expect(weekStartOf("2026-11-21")).toBe("2026-11-15"); // Saturday
    expect(weekStartOf("2026-11-16")).toBe("2026-11-15");
    expect(weekStartOf("2026-01-01")).toBe("2025-12-28"); // across a year
    expect(weekDays("2026-02-22")).toEqual([
      "2026-02-22",
      "2026-02-23",
      "2026-02-24",
      "2026-02-25",
      "2026-02-26",
      "2026-02-27",
      "2026-02-28",
    ]);
  });

  it("puts items on their days by the zone's calendar, boundaries included", () => {
    const sunday = "2026-11-15";
    const { start, end } = weekRange(sunday, NY);
    expect(start.toISOString()).toBe("2026-11-15T05:00:00.000Z");
    expect(end.toISOString()).toBe("2026-11-22T05:00:00.000Z");
    const items = [
      item({ at: "2026-11-15T04:59:59Z", id: "saturday-before" }),
      item({ at: "2026-11-15T05:00:00Z", id: "sunday-midnight" }),
      item({ at: "2026-11-19T02:00:00Z", id: "wednesday-9pm" }), // Thursday in UTC
      item({ at: "2026-11-22T04:59:00Z", id: "saturday-late" }),
      item({ at: "2026-11-22T05:00:00Z", id: "next-sunday" }),
    ];
    const days = groupByDay(items, sunday, NY);
    expect(days.map((d) => d.day)).toEqual(weekDays(sunday));
    expect(days.map((d) => d.items.map((i) => i.id))).toEqual([
      ["sunday-midnight"],
      [],
      [],
      ["wednesday-9pm"],
      [],
      [],
      ["saturday-late"],
    ]);
  });
});

describe("daylight-saving changes (America/New_York)", () => {
  it("the spring-forward day is 23 hours and its week 167", () => {
    const day = dayRange("2026-03-08", NY);
    expect(day.start.toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(day.end.toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(day.end.getTime() - day.start.getTime()).toBe(23 * HOUR);
    const week = weekRange("2026-03-08", NY);
    expect(week.end.getTime() - week.start.getTime()).toBe(167 * HOUR);
  });

  it("the fall-back day is 25 hours and keeps both 1:30s on the same day", () => {
    const day = dayRange("2026-11-01", NY);
    expect(day.start.toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(day.end.toISOString()).toBe("2026-11-02T05:00:00.000Z");
    expect(day.end.getTime() - day.start.getTime()).toBe(25 * HOUR);
    const first = item({ at: "2026-11-01T05:30:00Z", id: "first-1:30" });
    const second = item({ at: "2026-11-01T06:30:00Z", id: "second-1:30" });
    const late = item({ at: "2026-11-02T04:30:00Z", id: "11:30pm" });
    const today = dayKey(new Date("2026-11-01T16:00:00Z"), NY);
    expect(itemsOnDay([first, second, late], today, NY).map((i) => i.id)).toEqual(["first-1:30", "second-1:30", "11:30pm"]);
    expect(formatTimeIn(first.scheduledDate, NY)).toBe("1:30 AM");
    expect(formatTimeIn(second.scheduledDate, NY)).toBe("1:30 AM");
  });

  it("reads a typed time in the zone: the skipped hour moves forward, the repeated one is the first", () => {
    expect(parseWallTime("2026-03-08T01:30", NY)?.toISOString()).toBe("2026-03-08T06:30:00.000Z"); // EST
    expect(parseWallTime("2026-03-08T02:30", NY)?.toISOString()).toBe("2026-03-08T07:30:00.000Z"); // 3:30 EDT
    expect(parseWallTime("2026-03-08T03:30", NY)?.toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(parseWallTime("2026-11-01T01:30", NY)?.toISOString()).toBe("2026-11-01T05:30:00.000Z"); // EDT, the first
    expect(parseWallTime("2026-11-01T02:30", NY)?.toISOString()).toBe("2026-11-01T07:30:00.000Z"); // EST
    expect(parseWallTime("2026-07-04T09:00", NY)?.toISOString()).toBe("2026-07-04T13:00:00.000Z");
    expect(parseWallTime("2026-07-04T09:00", "UTC")?.toISOString()).toBe("2026-07-04T09:00:00.000Z");
    expect(parseWallTime("2026-07-04T09:00", "Asia/Kolkata")?.toISOString()).toBe("2026-07-04T03:30:00.000Z");
  });

  it("refuses what is no real date and time", () => {
    for (const text of [
      "2026-02-30T09:00",
      "2026-13-01T09:00",
      "2026-06-01T24:00",
      "2026-06-01T09:60",
      "2026-06-01",
      "tomorrow",
      "",
    ]) {
      expect(parseWallTime(text, NY), text).toBeNull();
    }
  });

  it("a day whose midnight is skipped starts at the first instant that exists", () => {
    // Santiago moved its clocks from 00:00 to 01:00 on 2026-09-06.
    const start = startOfDay("2026-09-06", "America/Santiago");
    expect(dayKey(start, "America/Santiago")).toBe("2026-09-06");
    expect(dayKey(new Date(start.getTime() - 1), "America/Santiago")).toBe("2026-09-05");
  });

  it("shows a stored instant back as the same wall time", () => {
    for (const text of ["2026-03-08T01:59", "2026-03-08T03:00", "2026-11-01T00:30", "2026-11-01T03:15", "2026-12-31T23:45"]) {
      expect(toWallTimeValue(parseWallTime(text, NY)!, NY)).toBe(text);
    }
  });
});

describe("formats", () => {
  it("prints times, days and the week title in the zone and the language", () => {
    const instant = new Date("2026-11-15T04:30:00Z"); // 11:30 PM on Nov 14 in New York
    expect(formatTimeIn(instant, NY)).toBe("11:30 PM");
    // Spanish as Intl's es-US writes it (the share pages), not date-fns' "AM"/"PM".
    expect(formatTimeIn(instant, NY, "es")).toBe("11:30 p.m.");
    expect(formatTimeIn(new Date("2026-11-15T14:05:00Z"), NY, "es")).toBe("9:05 a.m.");
    expect(formatDayIn(instant, NY)).toBe("Nov 14, 2026");
    expect(formatDayIn(instant, "UTC")).toBe("Nov 15, 2026");
    expect(formatDayIn(instant, "UTC", "es")).toBe("15 nov 2026");
    expect(formatWeekTitle("2026-11-15")).toBe("Nov 15 - Nov 21, 2026");
    expect(formatWeekTitle("2026-12-27")).toBe("Dec 27, 2026 - Jan 2, 2027");
  });
});

describe("screen state in the URL", () => {
  it("reads tab, status, search, week (as its Sunday) and page, falling back to today's view", () => {
    const today = "2026-11-18";
    expect(readScheduleParams(new URLSearchParams(""), today)).toEqual({
      tab: "today",
      status: "all",
      q: "",
      week: "2026-11-15",
      page: 1,
      day: null,
      member: null,
    });
    expect(
      readScheduleParams(new URLSearchParams("tab=calendar&status=completed&q=%20panel%20&week=2026-03-11&page=3"), today),
    ).toEqual({
      tab: "calendar",
      status: "completed",
      q: "panel",
      week: "2026-03-08",
      page: 3,
      day: null,
      member: null,
    });
    expect(readScheduleParams(new URLSearchParams("tab=month&status=cancelled&week=2026-02-30&page=-1"), today)).toEqual({
      tab: "today",
      status: "all",
      q: "",
      week: "2026-11-15",
      page: 1,
      day: null,
      member: null,
    });
    // A day narrows the List tab only, and only when it is a real day.
    expect(readScheduleParams(new URLSearchParams("tab=list&day=2026-11-20"), today).day).toBe("2026-11-20");
    expect(readScheduleParams(new URLSearchParams("tab=list&day=2026-02-30"), today).day).toBeNull();
    expect(readScheduleParams(new URLSearchParams("tab=calendar&day=2026-11-20"), today).day).toBeNull();
  });

  it("the account's zone is its setting when valid, else UTC (docs/decisions/012-one-clock.md)", () => {
    expect(accountZone("America/Chicago")).toBe("America/Chicago");
    expect(accountZone(null)).toBe("UTC");
    expect(accountZone("Mars/Olympus_Mons")).toBe("UTC");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
});
