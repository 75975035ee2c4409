import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountSettings } from "#db/schema";
import { createAppointment as insertAppointment, createCustomer, createJob } from "#db/factories";
import { createUser } from "~/models/user.server";
import { getSettings } from "~/models/settings.server";
import { getDb } from "~/infrastructure/db.server";
import {
  createAppointment,
  deleteAppointment,
  getAccountTimeZone,
  getAppointment,
  getAppointmentDetail,
  listAppointments,
  rescheduleAppointment,
  setAppointmentStatus,
  upcomingAppointments,
  updateAppointment,
} from "./appointment.server";

async function account() {
  const user = await createUser({ name: "Pat", email: `${crypto.randomUUID()}@example.com`, password: "secret1" });
  return user.id;
}

const at = (iso: string) => new Date(iso);
const base = {
  appointmentType: "other" as const,
  customType: null,
  description: null,
  location: null,
  notes: null,
  duration: 60,
};

describe("appointments of an account", () => {
  it("creates, reads, updates, changes status, reschedules and deletes, only inside the account", async () => {
    const db = await getDb();
    const [me, other] = [await account(), await account()];
    const customer = await createCustomer(db, me, { name: "Ana Ruiz", phone: "555-0100" });
    const job = await createJob(db, me, { customerId: customer.id, title: "Panel upgrade" });
    const created = await createAppointment(me, {
      ...base,
      customerId: customer.id,
      jobId: job.id,
      title: "Site survey",
      scheduledDate: at("2026-06-01T15:00:00Z"),
    });
    expect(created).toMatchObject({
      title: "Site survey",
      status: "scheduled",
      jobId: job.id,
      customer: { name: "Ana Ruiz", phone: "555-0100" },
    });
    expect(await getAppointment(other, created.id)).toBeUndefined();
    expect(await getAppointmentDetail(other, created.id)).toBeUndefined();
    expect((await getAppointmentDetail(me, created.id))?.job).toEqual({ id: job.id, title: "Panel upgrade" });

    const input = {
      ...base,
      customerId: customer.id,
      title: "Survey (moved)",
      scheduledDate: at("2026-06-02T15:00:00Z"),
      status: "scheduled" as const,
    };
    expect(
      await updateAppointment(other, created.id, { ...input, customerId: (await createCustomer(db, other)).id }),
    ).toBeUndefined();
    expect((await updateAppointment(me, created.id, input))?.title).toBe("Survey (moved)");

    expect(await setAppointmentStatus(other, created.id, "completed")).toBeUndefined();
    expect(await setAppointmentStatus(me, created.id, "completed")).toEqual({ id: created.id, title: "Survey (moved)" });
    expect((await getAppointment(me, created.id))?.status).toBe("completed");

    expect(await rescheduleAppointment(other, created.id, at("2026-07-01T15:00:00Z"))).toBeUndefined();
    await rescheduleAppointment(me, created.id, at("2026-07-01T15:00:00Z"));
    expect(await getAppointment(me, created.id)).toMatchObject({
      status: "rescheduled",
      scheduledDate: at("2026-07-01T15:00:00Z"),
    });

    expect(await deleteAppointment(other, created.id)).toBeUndefined();
    expect((await deleteAppointment(me, created.id))?.id).toBe(created.id);
    expect(await getAppointment(me, created.id)).toBeUndefined();
  });

  it("refuses another account's customer or job", async () => {
    const db = await getDb();
    const [me, other] = [await account(), await account()];
    const mine = await createCustomer(db, me);
    const theirs = await createCustomer(db, other);
    const theirJob = await createJob(db, other, { customerId: theirs.id });
    const input = { ...base, title: "X", scheduledDate: at("2026-06-01T15:00:00Z") };
    await expect(createAppointment(me, { ...input, customerId: theirs.id })).rejects.toThrow(/does not belong/);
    await expect(createAppointment(me, { ...input, customerId: mine.id, jobId: theirJob.id })).rejects.toThrow(/does not belong/);
  });

  it("lists earliest first with range, status and search in SQL, and pages", async () => {
    const db = await getDb();
    const [me, other] = [await account(), await account()];
    const ana = await createCustomer(db, me, { name: "Ana Ruiz" });
    const bob = await createCustomer(db, me, { name: "Bob Lee" });
    await insertAppointment(db, other, { title: "Not mine", scheduledDate: at("2026-06-01T12:00:00Z") });
    await insertAppointment(db, me, { customerId: ana.id, title: "Late", scheduledDate: at("2026-06-03T12:00:00Z") });
    await insertAppointment(db, me, {
      customerId: bob.id,
      title: "Early",
      scheduledDate: at("2026-06-01T12:00:00Z"),
      status: "completed",
    });
    await insertAppointment(db, me, {
      customerId: ana.id,
      title: "Middle 50%",
      scheduledDate: at("2026-06-02T12:00:00Z"),
      location: "Kyle",
    });

    const titles = async (options: Parameters<typeof listAppointments>[1]) =>
      (await listAppointments(me, options)).items.map((a) => a.title);
    expect(await titles({})).toEqual(["Early", "Middle 50%", "Late"]);
    expect(await titles({ range: { start: at("2026-06-02T00:00:00Z"), end: at("2026-06-03T12:00:00Z") } })).toEqual([
      "Middle 50%",
    ]);
    expect(await titles({ status: "completed" })).toEqual(["Early"]);
    expect(await titles({ q: "bob" })).toEqual(["Early"]);
    expect(await titles({ q: "kyle" })).toEqual(["Middle 50%"]);
    expect(await titles({ q: "50%" })).toEqual(["Middle 50%"]);
    expect(await titles({ q: "5_%" })).toEqual([]);
    const page2 = await listAppointments(me, { page: 2, pageSize: 2 });
    expect(page2.items.map((a) => a.title)).toEqual(["Late"]);
    expect(page2.total).toBe(3);
  });

  it("upcoming: scheduled or rescheduled, from now on, earliest first", async () => {
    const db = await getDb();
    const me = await account();
    const now = new Date();
    const inHours = (h: number) => new Date(now.getTime() + h * 3_600_000);
    await insertAppointment(db, me, { title: "past", scheduledDate: inHours(-1) });
    await insertAppointment(db, me, { title: "second", scheduledDate: inHours(5), status: "rescheduled" });
    await insertAppointment(db, me, { title: "first", scheduledDate: inHours(1) });
    await insertAppointment(db, me, { title: "done", scheduledDate: inHours(2), status: "completed" });
    await insertAppointment(db, me, { title: "off", scheduledDate: inHours(3), status: "cancelled" });
    await insertAppointment(db, me, { title: "third", scheduledDate: inHours(9) });
    expect((await upcomingAppointments(me, { now })).map((a) => a.title)).toEqual(["first", "second", "third"]);
    expect((await upcomingAppointments(me, { now, limit: 1 })).map((a) => a.title)).toEqual(["first"]);
  });
});

describe("the account's time zone", () => {
  it("is its setting, else the server's", async () => {
    const me = await account();
    expect(await getAccountTimeZone(me)).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    await getSettings(me);
    const db = await getDb();
    await db.update(accountSettings).set({ timeZone: "America/Denver" }).where(eq(accountSettings.accountId, me));
    expect(await getAccountTimeZone(me)).toBe("America/Denver");
  });
});
