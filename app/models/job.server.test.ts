import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appointments, estimates, invoices } from "#db/schema";
import { createAppointment, createCustomer, createEstimate, createInvoice, createJob as seedJob } from "#db/factories";
import type { JobInput } from "~/lib/job-schema";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../test/accounts";
import {
  countJobs,
  createJob,
  deleteJob,
  getJob,
  getJobDetail,
  isAccountCustomer,
  jobAttachments,
  listJobs,
  toApiJob,
  updateJob,
} from "./job.server";

const blank = {
  description: null,
  location: null,
  status: "pending",
  scheduledDate: null,
  completedDate: null,
  totalAmount: null,
} satisfies Omit<JobInput, "customerId" | "title">;

async function accountWithCustomer(name = "Ana Ruiz", phone: string | null = "555-0100") {
  const account = await signedInAccount();
  const customer = await createCustomer(await getDb(), account.user.id, { name, phone });
  return { ...account, customer };
}

describe("scoping to the account", () => {
  it("another account's job is invisible, and cannot be updated or deleted", async () => {
    const a = await accountWithCustomer();
    const b = await accountWithCustomer("Bo Other");
    const mine = await createJob(a.user.id, { ...blank, customerId: a.customer.id, title: "Panel upgrade" });
    await createJob(b.user.id, { ...blank, customerId: b.customer.id, title: "Panel upgrade elsewhere" });

    expect((await listJobs(a.user.id, { q: "Panel" })).items.map((job) => job.title)).toEqual(["Panel upgrade"]);
    expect(await countJobs(a.user.id)).toBe(1);
    expect(await getJob(b.user.id, mine.id)).toBeUndefined();
    expect(await getJobDetail(b.user.id, mine.id)).toBeUndefined();
    expect(await updateJob(b.user.id, mine.id, { ...blank, customerId: b.customer.id, title: "Hacked" })).toBeUndefined();
    expect(await deleteJob(b.user.id, mine.id)).toBeUndefined();
    expect((await getJob(a.user.id, mine.id))?.title).toBe("Panel upgrade");
  });

  it("never attaches another account's customer", async () => {
    const a = await accountWithCustomer();
    const b = await accountWithCustomer("Bo Other");
    expect(await isAccountCustomer(a.user.id, a.customer.id)).toBe(true);
    expect(await isAccountCustomer(a.user.id, b.customer.id)).toBe(false);
    await expect(createJob(a.user.id, { ...blank, customerId: b.customer.id, title: "Sneaky" })).rejects.toThrow();
    const mine = await createJob(a.user.id, { ...blank, customerId: a.customer.id, title: "Mine" });
    await expect(updateJob(a.user.id, mine.id, { ...blank, customerId: b.customer.id, title: "Mine" })).rejects.toThrow();
    expect(await countJobs(a.user.id)).toBe(1);
    expect((await getJob(a.user.id, mine.id))?.customerId).toBe(a.customer.id);
  });
});

describe("create, update and the API shape", () => {
  it("stores cents and dates and sends them as strings with the customer's name and phone", async () => {
    const { user, customer } = await accountWithCustomer("Ana Ruiz", "(512) 555-0142");
    const job = await createJob(user.id, {
      ...blank,
      customerId: customer.id,
      title: "Water heater",
      status: "in_progress",
      scheduledDate: new Date("2025-06-01T09:30:00Z"),
      totalAmount: 123450,
    });
    expect(job).toMatchObject({
      title: "Water heater",
      totalAmount: 123450,
      customer: { name: "Ana Ruiz", phone: "(512) 555-0142" },
    });
    expect(toApiJob(job)).toEqual({
      id: job.id,
      customerId: customer.id,
      title: "Water heater",
      description: null,
      location: null,
      status: "in_progress",
      scheduledDate: "2025-06-01T09:30:00.000Z",
      completedDate: null,
      totalAmount: "1234.50",
      assigneeId: null,
      createdAt: job.createdAt.toISOString(),
      customer: { name: "Ana Ruiz", phone: "(512) 555-0142" },
    });

    const updated = await updateJob(user.id, job.id, {
      ...blank,
      customerId: customer.id,
      title: "Water heater",
      status: "completed",
      totalAmount: 5,
    });
    expect(toApiJob(updated!)).toMatchObject({ status: "completed", totalAmount: "0.05", scheduledDate: null });
  });
});

describe("search, filter and paging", () => {
  it("searches title, customer name and location in SQL, literally", async () => {
    const { user, customer } = await accountWithCustomer("Carla Díaz");
    const db = await getDb();
    const other = await createCustomer(db, user.id, { name: "Bob Builder" });
    await createJob(user.id, { ...blank, customerId: customer.id, title: "Panel upgrade", location: "12 Elm St, Austin" });
    await createJob(user.id, { ...blank, customerId: other.id, title: "Furnace tune-up", location: "9 Oak Ave, Kyle" });
    await createJob(user.id, { ...blank, customerId: other.id, title: "50% deposit job" });

    const titles = async (q: string) => (await listJobs(user.id, { q, sort: "title" })).items.map((job) => job.title);
    expect(await titles("panel")).toEqual(["Panel upgrade"]);
    expect(await titles("bob")).toEqual(["50% deposit job", "Furnace tune-up"]);
    expect(await titles("díaz")).toEqual(["Panel upgrade"]);
    expect(await titles("kyle")).toEqual(["Furnace tune-up"]);
    expect(await titles("50%")).toEqual(["50% deposit job"]);
    expect(await titles("%")).toEqual(["50% deposit job"]);
    expect(await titles("_")).toEqual([]);
    expect(await titles("nothing like it")).toEqual([]);
  });

  it("filters by status, together with the search", async () => {
    const { user, customer } = await accountWithCustomer();
    for (const status of ["pending", "in_progress", "in_progress", "completed", "cancelled"] as const) {
      await createJob(user.id, { ...blank, customerId: customer.id, title: `Job ${status}`, status });
    }
    const count = async (options: Parameters<typeof listJobs>[1]) => (await listJobs(user.id, options)).total;
    expect(await count({ status: "all" })).toBe(5);
    expect(await count({ status: "in_progress" })).toBe(2);
    expect(await count({ status: "completed" })).toBe(1);
    expect(await count({ status: "in_progress", q: "cancelled" })).toBe(0);
    expect(await count({ status: "cancelled", q: "cancelled" })).toBe(1);
    expect((await listJobs(user.id, { status: "in_progress" })).items.every((job) => job.status === "in_progress")).toBe(true);
  });

  it("pages with a total, newest first by default, and sorts by schedule with unscheduled jobs last", async () => {
    const { user, customer } = await accountWithCustomer();
    const db = await getDb();
    for (let i = 0; i < 30; i++) {
      await seedJob(db, user.id, {
        customerId: customer.id,
        title: `Job ${String(i).padStart(2, "0")}`,
        createdAt: new Date(Date.UTC(2025, 0, 1 + i)),
        scheduledDate: i % 3 === 0 ? null : new Date(Date.UTC(2025, 5, 30 - i)),
      });
    }
    const first = await listJobs(user.id, { page: 1, pageSize: 25 });
    const second = await listJobs(user.id, { page: 2, pageSize: 25 });
    expect(first.total).toBe(30);
    expect(second.total).toBe(30);
    expect(first.items).toHaveLength(25);
    expect(second.items).toHaveLength(5);
    expect(first.items[0].title).toBe("Job 29");
    expect(second.items.at(-1)?.title).toBe("Job 00");
    expect((await listJobs(user.id, { sort: "oldest", pageSize: 1 })).items[0].title).toBe("Job 00");
    const scheduled = (await listJobs(user.id, { sort: "scheduled", pageSize: 30 })).items;
    expect(scheduled[0].title).toBe("Job 29");
    expect(scheduled.slice(-10).every((job) => job.scheduledDate === null)).toBe(true);
    expect((await listJobs(user.id, { page: 9 })).items).toEqual([]);
  });
});

describe("links to estimates and invoices", () => {
  it("lists each job's estimate and invoice numbers (Est # / Inv #)", async () => {
    const { user, customer } = await accountWithCustomer();
    const db = await getDb();
    const linked = await createJob(user.id, { ...blank, customerId: customer.id, title: "Linked" });
    const bare = await createJob(user.id, { ...blank, customerId: customer.id, title: "Bare" });
    const estimate = await createEstimate(db, user.id, { jobId: linked.id, status: "approved" });
    const second = await createEstimate(db, user.id, { jobId: linked.id });
    const invoice = await createInvoice(db, user.id, { fromEstimate: estimate });
    await createEstimate(db, user.id, { customerId: customer.id });

    const items = (await listJobs(user.id)).items;
    const linkedRow = items.find((job) => job.id === linked.id)!;
    expect(linkedRow.links).toEqual({
      estimates: [
        { id: estimate.id, estimateNumber: estimate.estimateNumber },
        { id: second.id, estimateNumber: second.estimateNumber },
      ],
      invoices: [{ id: invoice.id, invoiceNumber: invoice.invoiceNumber }],
    });
    expect(items.find((job) => job.id === bare.id)!.links).toEqual({ estimates: [], invoices: [] });
  });
});

describe("detail and delete", () => {
  it("shows the job with its customer and linked records", async () => {
    const { user, customer } = await accountWithCustomer("Ana Ruiz", "555-0100");
    const db = await getDb();
    const job = await createJob(user.id, { ...blank, customerId: customer.id, title: "Panel upgrade" });
    const estimate = await createEstimate(db, user.id, { jobId: job.id, status: "approved" });
    await createInvoice(db, user.id, { fromEstimate: estimate, dueDate: "2000-01-01" });
    await createAppointment(db, user.id, { jobId: job.id, title: "Rough-in" });

    const detail = (await getJobDetail(user.id, job.id))!;
    expect(detail.job.title).toBe("Panel upgrade");
    expect(detail.customer).toMatchObject({ id: customer.id, name: "Ana Ruiz", phone: "555-0100" });
    expect(detail.estimates).toEqual([
      {
        id: estimate.id,
        estimateNumber: estimate.estimateNumber,
        title: estimate.title,
        status: "approved",
        total: estimate.total,
      },
    ]);
    // A pending invoice past its due date reads as overdue.
    expect(detail.invoices).toMatchObject([{ status: "overdue", dueDate: "2000-01-01", total: estimate.total }]);
    expect(detail.appointments).toMatchObject([{ title: "Rough-in", status: "scheduled" }]);
    expect(await jobAttachments(user.id, job.id)).toEqual({ estimates: 1, invoices: 1, appointments: 1 });
  });

  it("deletes the job and keeps its estimates, invoices and appointments, unlinked", async () => {
    const { user, customer } = await accountWithCustomer();
    const db = await getDb();
    const job = await createJob(user.id, { ...blank, customerId: customer.id, title: "Going away" });
    const estimate = await createEstimate(db, user.id, { jobId: job.id, status: "approved" });
    const invoice = await createInvoice(db, user.id, { fromEstimate: estimate });
    const appointment = await createAppointment(db, user.id, { jobId: job.id });

    expect((await deleteJob(user.id, job.id))?.title).toBe("Going away");
    expect(await getJob(user.id, job.id)).toBeUndefined();
    expect(await deleteJob(user.id, job.id)).toBeUndefined();
    const [e] = await db.select().from(estimates).where(eq(estimates.id, estimate.id));
    const [i] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
    const [a] = await db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect([e?.jobId, i?.jobId, a?.jobId]).toEqual([null, null, null]);
  });
});
