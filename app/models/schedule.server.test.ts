// The schedule model: the account's appointments and scheduled jobs merged, against a real
// libSQL file (the merging rules themselves are unit-tested in app/lib/schedule.test.ts).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appointments, customers, jobs } from "#db/schema";
import { createAppointment as insertAppointment, createCustomer, createJob } from "#db/factories";
import { dayRange, weekRange } from "~/lib/clock";
import { filterScheduleItems, groupByDay, mergeScheduleItems, SCHEDULE_FILTERS } from "~/lib/schedule";
import { createUser } from "~/models/user.server";
import { getDb } from "~/infrastructure/db.server";
import { scheduleDay, scheduleList, scheduleWeek, scheduleWindow, upcomingSchedule } from "./schedule.server";

async function account() {
  const user = await createUser({ name: "Pat", email: `${crypto.randomUUID()}@example.com`, password: "secret1" });
  return user.id;
}

const at = (iso: string) => new Date(iso);

describe("the schedule", () => {
  async function business() {
    const db = await getDb();
    const [me, other] = [await account(), await account()];
    const ana = await createCustomer(db, me, { name: "Ana Ruiz", phone: "555-0100" });
    const bob = await createCustomer(db, me, { name: "Bob Lee", phone: null });
    const theirs = await createCustomer(db, other, { name: "Ana Twin" });
    await insertAppointment(db, other, {
      customerId: theirs.id,
      title: "Their visit",
      scheduledDate: at("2026-11-16T15:00:00Z"),
    });
    await createJob(db, other, { customerId: theirs.id, title: "Their job", scheduledDate: at("2026-11-16T15:00:00Z") });

    await insertAppointment(db, me, {
      customerId: ana.id,
      title: "Estimate visit",
      scheduledDate: at("2026-11-15T05:00:00Z"),
      location: "Cedar Park",
    });
    await insertAppointment(db, me, {
      customerId: bob.id,
      title: "Warranty check",
      scheduledDate: at("2026-11-16T15:00:00Z"),
      status: "completed",
    });
    await insertAppointment(db, me, {
      customerId: ana.id,
      title: "Permit inspection",
      scheduledDate: at("2026-11-18T15:00:00Z"),
      status: "cancelled",
    });
    await insertAppointment(db, me, {
      customerId: bob.id,
      title: "Follow-up",
      scheduledDate: at("2026-11-22T05:00:00Z"),
      status: "rescheduled",
    });
    await createJob(db, me, {
      customerId: bob.id,
      title: "Panel upgrade",
      status: "in_progress",
      scheduledDate: at("2026-11-16T15:00:00Z"),
      description: "200A tankless",
    });
    await createJob(db, me, {
      customerId: ana.id,
      title: "Water heater",
      status: "completed",
      scheduledDate: at("2026-11-17T15:00:00Z"),
    });
    await createJob(db, me, {
      customerId: ana.id,
      title: "Called off",
      status: "cancelled",
      scheduledDate: at("2026-11-17T16:00:00Z"),
    });
    await createJob(db, me, { customerId: ana.id, title: "Someday", scheduledDate: null });
    return me;
  }

  it("a week window merges the account's appointments and dated jobs, by the zone's days", async () => {
    const me = await business();
    const items = await scheduleWindow(me, weekRange("2026-11-15", "America/New_York"));
    expect(items.map((i) => [i.title, i.status, i.isJob])).toEqual([
      ["Estimate visit", "scheduled", false],
      ["Warranty check", "completed", false],
      ["Panel upgrade", "scheduled", true],
      ["Water heater", "completed", true],
      ["Permit inspection", "cancelled", false],
    ]);
    expect(items[2]).toMatchObject({ duration: 120, customer: { name: "Bob Lee", phone: null }, jobId: items[2].id });
    // Midnight of the next Sunday in New York starts the next week.
    const next = await scheduleWindow(me, weekRange("2026-11-22", "America/New_York"));
    expect(next.map((i) => i.title)).toEqual(["Follow-up"]);
  });

  it("the list pages the merged schedule in SQL and agrees with the pure filter and search", async () => {
    const me = await business();
    const everything = (await scheduleList(me, { pageSize: 100 })).items;
    expect(everything.map((i) => i.title)).toEqual([
      "Estimate visit",
      "Warranty check",
      "Panel upgrade",
      "Water heater",
      "Permit inspection",
      "Follow-up",
    ]);
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(...(await scheduleList(me, { page, pageSize: 2 })).items);
    expect(pages).toEqual(everything);
    expect((await scheduleList(me, { page: 1, pageSize: 2 })).total).toBe(6);

    for (const filter of SCHEDULE_FILTERS) {
      for (const q of ["", "ana", "TANKLESS", "cedar", "nothing"]) {
        const sqlResult = await scheduleList(me, { filter, q, pageSize: 100 });
        const expected = filterScheduleItems(everything, { filter, q });
        expect(sqlResult.items, `${filter} ${q}`).toEqual(expected);
        expect(sqlResult.total).toBe(expected.length);
      }
    }
  });

  it("the calendar week agrees with the window grouped by day, filtered and searched in SQL", async () => {
    const me = await business();
    const zone = "America/New_York";
    const window = await scheduleWindow(me, weekRange("2026-11-15", zone));
    for (const filter of SCHEDULE_FILTERS) {
      for (const q of ["", "ana", "TANKLESS", "cedar", "nothing"]) {
        const week = await scheduleWeek(me, { sunday: "2026-11-15", zone, filter, q });
        const expected = groupByDay(filterScheduleItems(window, { filter, q }), "2026-11-15", zone);
        expect(
          week.map((d) => ({ day: d.day, items: d.items })),
          `${filter} ${q}`,
        ).toEqual(expected);
        expect(week.map((d) => d.total)).toEqual(expected.map((d) => d.items.length));
      }
    }
    // "+ N more" leads to the List tab for that day: the same items, in the same order.
    const monday = await scheduleList(me, { range: dayRange("2026-11-16", zone) });
    expect(monday.items.map((i) => i.title)).toEqual(["Warranty check", "Panel upgrade"]);
    expect(monday.total).toBe(2);
    // The next Sunday's 00:00 in New York (05:00 UTC) belongs to the next week only.
    const next = await scheduleWeek(me, { sunday: "2026-11-22", zone });
    expect(next[0].items.map((i) => i.title)).toEqual(["Follow-up"]);
  });

  it("a calendar day shows its first items and counts the rest, across a clock change", async () => {
    const db = await getDb();
    const me = await account();
    const ana = await createCustomer(db, me, { name: "Ana Ruiz" });
    // 2026-11-01 is the day New York leaves daylight time: the day runs from 04:00 to 05:00 UTC the next day.
    for (let i = 0; i < 8; i++) {
      await insertAppointment(db, me, {
        customerId: ana.id,
        title: `Visit ${i}`,
        scheduledDate: new Date(Date.UTC(2026, 10, 1, 4 + i * 3)),
      });
    }
    await createJob(db, me, { customerId: ana.id, title: "Late job", scheduledDate: at("2026-11-02T04:30:00Z") });
    await createJob(db, me, { customerId: ana.id, title: "Monday job", scheduledDate: at("2026-11-02T05:00:00Z") });
    const week = await scheduleWeek(me, { sunday: "2026-11-01", zone: "America/New_York", perDay: 3 });
    expect(week[0]).toMatchObject({ day: "2026-11-01", total: 9 });
    expect(week[0].items.map((i) => i.title)).toEqual(["Visit 0", "Visit 1", "Visit 2"]);
    expect(week[1]).toMatchObject({ day: "2026-11-02", total: 1 });
    expect(week[1].items.map((i) => i.title)).toEqual(["Monday job"]);
    expect(week.slice(2).every((d) => d.total === 0 && d.items.length === 0)).toBe(true);
  });

  it("the week is kept between visits and follows every change of its appointments, jobs and customers (docs/decisions/023)", async () => {
    const db = await getDb();
    const me = await account();
    const ana = await createCustomer(db, me, { name: "Ana Ruiz" });
    const zone = "America/New_York";
    const week = () => scheduleWeek(me, { sunday: "2026-11-15", zone });
    const monday = async () => (await week())[1];
    const visit = await insertAppointment(db, me, {
      customerId: ana.id,
      title: "Visit",
      scheduledDate: at("2026-11-16T15:00:00Z"),
    });
    expect((await monday()).items.map((i) => i.title)).toEqual(["Visit"]);
    expect(await week()).toEqual(await week());

    await db.update(appointments).set({ title: "Visit, moved" }).where(eq(appointments.id, visit.id));
    expect((await monday()).items.map((i) => i.title)).toEqual(["Visit, moved"]);
    await db.update(customers).set({ name: "Ana Ruiz-Soto" }).where(eq(customers.id, ana.id));
    expect((await monday()).items.map((i) => i.customer.name)).toEqual(["Ana Ruiz-Soto"]);
    const job = await createJob(db, me, { customerId: ana.id, title: "Panel", scheduledDate: at("2026-11-16T14:00:00Z") });
    expect(await monday()).toMatchObject({ total: 2 });
    await db.update(jobs).set({ status: "cancelled" }).where(eq(jobs.id, job.id));
    expect(await monday()).toMatchObject({ total: 1 });
    await db.delete(appointments).where(eq(appointments.id, visit.id));
    expect(await monday()).toMatchObject({ total: 0, items: [] });
  });

  it("a busy day gives its first items in time order with a SQL limit and counts the rest, in the zone's day", async () => {
    const db = await getDb();
    const me = await account();
    const other = await account();
    const ana = await createCustomer(db, me, { name: "Ana Ruiz" });
    const theirs = await createCustomer(db, other, { name: "Ana Twin" });
    // Chicago's 2026-11-16 runs from 06:00 UTC to 06:00 UTC the next day.
    // Inserted latest first, so the order comes from the query, not from the insertion.
    for (let i = 9; i >= 0; i--) {
      await insertAppointment(db, me, {
        customerId: ana.id,
        title: `Visit ${i}`,
        scheduledDate: new Date(Date.UTC(2026, 10, 16, 6 + i * 2)),
        status: i === 9 ? "completed" : "scheduled",
      });
    }
    await createJob(db, me, { customerId: ana.id, title: "Early job", scheduledDate: at("2026-11-16T07:00:00Z") });
    await createJob(db, me, {
      customerId: ana.id,
      title: "Cancelled job",
      status: "cancelled",
      scheduledDate: at("2026-11-16T07:00:00Z"),
    });
    // Outside Chicago's day (the UTC day would take them), and another account's.
    await insertAppointment(db, me, { customerId: ana.id, title: "Before", scheduledDate: at("2026-11-16T05:59:00Z") });
    await createJob(db, me, { customerId: ana.id, title: "After", scheduledDate: at("2026-11-17T06:00:00Z") });
    await insertAppointment(db, other, { customerId: theirs.id, title: "Theirs", scheduledDate: at("2026-11-16T12:00:00Z") });

    const zone = "America/Chicago";
    const day = await scheduleDay(me, { day: "2026-11-16", zone, limit: 4 });
    expect(day.items.map((i) => i.title)).toEqual(["Visit 0", "Early job", "Visit 1", "Visit 2"]);
    expect(day.total).toBe(11);
    const scheduled = await scheduleDay(me, { day: "2026-11-16", zone, filter: "scheduled", limit: 4 });
    expect(scheduled.total).toBe(10);
    const searched = await scheduleDay(me, { day: "2026-11-16", zone, q: "job", limit: 4 });
    expect(searched).toMatchObject({ total: 1, items: [{ title: "Early job" }] });
    // The Today tab's own limit holds the whole day here; a quiet day is empty.
    const quiet = await scheduleDay(me, { day: "2026-11-18", zone });
    expect(quiet).toMatchObject({ total: 0, items: [] });
    const whole = await scheduleDay(me, { day: "2026-11-16", zone });
    expect(whole.items).toHaveLength(11);
  });

  it("upcoming is the schedule still to happen, filtered and searched", async () => {
    const me = await business();
    const now = at("2026-11-16T15:00:00Z");
    expect((await upcomingSchedule(me, { now })).map((i) => i.title)).toEqual(["Panel upgrade", "Follow-up"]);
    expect((await upcomingSchedule(me, { now, q: "bob", limit: 1 })).map((i) => i.title)).toEqual(["Panel upgrade"]);
    expect(await upcomingSchedule(me, { now, filter: "completed" })).toEqual([]);
    expect(mergeScheduleItems([], [])).toEqual([]);
  });
});
