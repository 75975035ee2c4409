import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/models/user.server";
import { getDb, type Database } from "~/infrastructure/db.server";
import {
  clearAccountData,
  createAppointment,
  createCustomer,
  createEstimate,
  createInvoice,
  createJob,
  createNotification,
  seedAccount,
} from "./factories";
import { appointments, customers, estimateItems, estimates, invoiceItems, invoices, jobs, notifications } from "./schema";

let db: Database;
let accountA: string;
let accountB: string;

beforeAll(async () => {
  db = await getDb();
  accountA = (await createUser({ name: "Ana Electric", email: "ana@example.com", password: "password-a" })).id;
  accountB = (await createUser({ name: "Ben Plumbing", email: "ben@example.com", password: "password-b" })).id;
});

// The money rules (docs/product/README.md, "Money") restated independently of app/lib/money.ts: integer
// arithmetic, half away from zero, once per line and once for the tax.
function roundedDiv(n: bigint, d: bigint) {
  const q = n / d;
  const r = n % d;
  return Number(2n * (r < 0n ? -r : r) >= d ? (n < 0n ? q - 1n : q + 1n) : q);
}
const expectedLine = (quantity: number, unitPrice: number) => roundedDiv(BigInt(quantity) * BigInt(unitPrice), 100n);
const expectedTax = (subtotal: number, rate: number) => roundedDiv(BigInt(subtotal) * BigInt(rate), 10_000n);

describe("single-record factories", () => {
  it("create every record for the given account, with parents from the same account", async () => {
    const customer = await createCustomer(db, accountA);
    const job = await createJob(db, accountA);
    const estimate = await createEstimate(db, accountA);
    const invoice = await createInvoice(db, accountA);
    const appointment = await createAppointment(db, accountA);
    const notification = await createNotification(db, accountA);

    for (const row of [customer, job, estimate, invoice, appointment, notification]) {
      expect(row.accountId).toBe(accountA);
    }
    for (const row of [job, estimate, invoice, appointment]) {
      const [parent] = await db.select().from(customers).where(eq(customers.id, row.customerId));
      expect(parent.accountId).toBe(accountA);
    }
    expect(customer.name).toMatch(/\S+ \S+/);
    expect(customer.state).toBe("TX");
    expect(job.title.length).toBeGreaterThan(3);
    // Numbered from the account's counters, as the app numbers them (decision 031).
    expect(estimate.estimateNumber).toMatch(/^EST-\d{4}$/);
    expect(invoice.invoiceNumber).toMatch(/^INV-\d{4}$/);
    expect(estimate.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(invoice.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(estimate.items.length).toBeGreaterThan(0);
    expect(appointment.scheduledDate).toBeInstanceOf(Date);
    expect(notification.read).toBe(false);
  });

  it("reuse the parents they are given and refuse another account's", async () => {
    const customer = await createCustomer(db, accountA, { name: "Riverside Dental Clinic" });
    const job = await createJob(db, accountA, { customerId: customer.id, status: "completed" });
    expect(job.customerId).toBe(customer.id);
    expect(job.completedDate).toBeInstanceOf(Date);

    const estimate = await createEstimate(db, accountA, { jobId: job.id });
    expect(estimate.customerId).toBe(customer.id);
    expect(estimate.title).toBe(job.title);

    const appointment = await createAppointment(db, accountA, { jobId: job.id });
    expect(appointment.customerId).toBe(customer.id);
    expect(appointment.appointmentType).toBe("job");

    await expect(createJob(db, accountB, { customerId: customer.id })).rejects.toThrow(/does not belong/);
    await expect(createEstimate(db, accountB, { jobId: job.id })).rejects.toThrow(/does not belong/);
    await expect(createInvoice(db, accountB, { fromEstimate: estimate })).rejects.toThrow(/does not belong/);
  });

  it("give every document a distinct number, even when created back to back", async () => {
    const numbers: string[] = [];
    for (let i = 0; i < 20; i++) {
      numbers.push((await createEstimate(db, accountA)).estimateNumber, (await createInvoice(db, accountA)).invoiceNumber);
    }
    expect(new Set(numbers).size).toBe(40);
  });
});

describe("document totals", () => {
  it("equal the exact integer sum of the rounded line totals plus the rounded tax", async () => {
    // Half-cent lines (1.5 × $3.33 = $4.995) and a tax that lands on half a cent.
    const items = [
      { description: "Labor (hours)", quantity: 150, unitPrice: 333 },
      { description: "Copper fittings", quantity: 7, unitPrice: 1240 },
      { description: "40-gal gas water heater", quantity: 100, unitPrice: 84_900 },
      { description: "Wire nuts", quantity: 1, unitPrice: 50 },
    ];
    const estimate = await createEstimate(db, accountA, { items, taxRate: 825 });

    const lineTotals = items.map((i) => expectedLine(i.quantity, i.unitPrice));
    expect(lineTotals).toEqual([500, 87, 84_900, 1]);
    const subtotal = lineTotals.reduce((a, b) => a + b, 0);
    expect(estimate.items.map((i) => i.total)).toEqual(lineTotals);
    expect(estimate.items.map((i) => i.order)).toEqual([0, 1, 2, 3]);
    expect(estimate.subtotal).toBe(subtotal);
    expect(estimate.taxAmount).toBe(expectedTax(subtotal, 825));
    expect(estimate.total).toBe(subtotal + expectedTax(subtotal, 825));
    for (const value of [estimate.subtotal, estimate.taxAmount, estimate.total]) expect(Number.isInteger(value)).toBe(true);

    const half = await createEstimate(db, accountA, { items: [{ description: "Service call", quantity: 100, unitPrice: 200 }] });
    expect(half.taxAmount).toBe(17); // $2.00 × 8.25% = 16.5 cents, rounded away from zero

    const stored = await db
      .select({ sum: sql<number>`sum(${estimateItems.total})` })
      .from(estimateItems)
      .where(eq(estimateItems.estimateId, estimate.id));
    expect(stored[0].sum).toBe(estimate.subtotal);
  });

  it("hold for invoices and for a tax rate of zero", async () => {
    const invoice = await createInvoice(db, accountA, {
      taxRate: 0,
      items: [{ description: "R-410A refrigerant (lb)", quantity: 450, unitPrice: 3_800 }],
    });
    expect(invoice.items[0].total).toBe(17_100);
    expect(invoice.subtotal).toBe(17_100);
    expect(invoice.taxAmount).toBe(0);
    expect(invoice.total).toBe(17_100);
  });
});

describe("invoice from an estimate", () => {
  it("copies the estimate's customer, job, items and totals and links it", async () => {
    const job = await createJob(db, accountA, { status: "completed" });
    const estimate = await createEstimate(db, accountA, { jobId: job.id, status: "approved", taxRate: 675 });
    const invoice = await createInvoice(db, accountA, { fromEstimate: estimate.id, status: "paid" });

    expect(invoice.estimateId).toBe(estimate.id);
    expect(invoice.customerId).toBe(estimate.customerId);
    expect(invoice.jobId).toBe(job.id);
    expect(invoice.title).toBe(estimate.title);
    expect(invoice.taxRate).toBe(675);
    expect({ subtotal: invoice.subtotal, taxAmount: invoice.taxAmount, total: invoice.total }).toEqual({
      subtotal: estimate.subtotal,
      taxAmount: estimate.taxAmount,
      total: estimate.total,
    });
    const strip = (rows: { description: string; quantity: number; unitPrice: number; total: number; order: number }[]) =>
      rows.map(({ description, quantity, unitPrice, total, order }) => ({ description, quantity, unitPrice, total, order }));
    expect(strip(invoice.items)).toEqual(strip(estimate.items));
    expect(invoice.paidDate).toBeInstanceOf(Date);

    // One invoice per estimate: the schema's unique index refuses a second.
    await expect(createInvoice(db, accountA, { fromEstimate: estimate })).rejects.toThrow();
  });
});

describe("seedAccount", () => {
  const countsA = { customers: 30, jobs: 60, estimates: 50, invoices: 25, appointments: 40, notifications: 12 };
  const countsB = { customers: 7, jobs: 9, estimates: 11, invoices: 4, appointments: 6, notifications: 3 };
  let seededA: string;
  let seededB: string;

  beforeAll(async () => {
    seededA = (await createUser({ name: "Seed A", email: "seed-a@example.com", password: "password-a" })).id;
    seededB = (await createUser({ name: "Seed B", email: "seed-b@example.com", password: "password-b" })).id;
    await seedAccount(db, seededA, countsA, { seed: 7 });
    await seedAccount(db, seededB, countsB, { seed: 8 });
  });

  async function countsOf(accountId: string) {
    const countFor = async (
      table: typeof customers | typeof jobs | typeof estimates | typeof invoices | typeof appointments | typeof notifications,
    ) =>
      (
        await db
          .select({ n: sql<number>`count(*)` })
          .from(table)
          .where(eq(table.accountId, accountId))
      )[0].n;
    return {
      customers: await countFor(customers),
      jobs: await countFor(jobs),
      estimates: await countFor(estimates),
      invoices: await countFor(invoices),
      appointments: await countFor(appointments),
      notifications: await countFor(notifications),
    };
  }

  it("creates exactly the requested number of each record", async () => {
    expect(await countsOf(seededA)).toEqual(countsA);
    expect(await countsOf(seededB)).toEqual(countsB);
  });

  it("links nothing across accounts", async () => {
    const crossLinks = await db.all<{ n: number }>(sql`
      select
        (select count(*) from jobs j join customers c on c.id = j.customer_id where c.account_id <> j.account_id)
      + (select count(*) from estimates e join customers c on c.id = e.customer_id where c.account_id <> e.account_id)
      + (select count(*) from estimates e join jobs j on j.id = e.job_id where j.account_id <> e.account_id)
      + (select count(*) from invoices i join customers c on c.id = i.customer_id where c.account_id <> i.account_id)
      + (select count(*) from invoices i join jobs j on j.id = i.job_id where j.account_id <> i.account_id)
      + (select count(*) from invoices i join estimates e on e.id = i.estimate_id where e.account_id <> i.account_id)
      + (select count(*) from appointments a join customers c on c.id = a.customer_id where c.account_id <> a.account_id)
      + (select count(*) from appointments a join jobs j on j.id = a.job_id where j.account_id <> a.account_id)
      + (select count(*) from notifications n join estimates e on e.id = n.estimate_id where e.account_id <> n.account_id)
      as n`);
    expect(crossLinks[0].n).toBe(0);

    // A linked record shares its parent's customer too.
    const mismatched = await db.all<{ n: number }>(sql`
      select
        (select count(*) from estimates e join jobs j on j.id = e.job_id where j.customer_id <> e.customer_id)
      + (select count(*) from invoices i join estimates e on e.id = i.estimate_id where e.customer_id <> i.customer_id)
      + (select count(*) from appointments a join jobs j on j.id = a.job_id where j.customer_id <> a.customer_id)
      as n`);
    expect(mismatched[0].n).toBe(0);
  });

  it("keeps every document's totals equal to its items", async () => {
    for (const [doc, items, key] of [
      [estimates, estimateItems, estimateItems.estimateId],
      [invoices, invoiceItems, invoiceItems.invoiceId],
    ] as const) {
      const rows = await db
        .select({
          subtotal: doc.subtotal,
          taxRate: doc.taxRate,
          taxAmount: doc.taxAmount,
          total: doc.total,
          lines: sql<number>`sum(${items.total})`,
        })
        .from(doc)
        .leftJoin(items, eq(key, doc.id))
        .where(eq(doc.accountId, seededA))
        .groupBy(doc.id);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.lines).toBe(row.subtotal);
        expect(row.taxAmount).toBe(expectedTax(row.subtotal, row.taxRate));
        expect(row.total).toBe(row.subtotal + row.taxAmount);
      }
    }
    const badLines = await db.all<{ n: number }>(
      sql`select count(*) as n from estimate_items where total <> ((quantity * unit_price + 50) / 100)`,
    );
    expect(badLines[0].n).toBe(0);
  });

  it("mixes statuses, invoices some approved estimates and spreads appointments around today", async () => {
    const estimateStatuses = await db
      .select({ status: estimates.status, n: sql<number>`count(*)` })
      .from(estimates)
      .where(eq(estimates.accountId, seededA))
      .groupBy(estimates.status);
    expect(estimateStatuses.map((s) => s.status).sort()).toEqual(["approved", "expired", "pending", "rejected"]);

    const approved = estimateStatuses.find((s) => s.status === "approved")!.n;
    const invoiced = await db
      .select({ status: estimates.status, total: estimates.total, invoiceTotal: invoices.total })
      .from(invoices)
      .innerJoin(estimates, eq(estimates.id, invoices.estimateId))
      .where(eq(invoices.accountId, seededA));
    expect(invoiced.length).toBeGreaterThan(0);
    expect(invoiced.length).toBeLessThan(approved);
    for (const row of invoiced) {
      expect(row.status).toBe("approved");
      expect(row.invoiceTotal).toBe(row.total);
    }

    const jobStatuses = await db.selectDistinct({ status: jobs.status }).from(jobs).where(eq(jobs.accountId, seededA));
    expect(jobStatuses.length).toBe(4);

    const now = Date.now();
    const [spread] = await db
      .select({
        past: sql<number>`sum(${appointments.scheduledDate} < ${now})`,
        future: sql<number>`sum(${appointments.scheduledDate} >= ${now})`,
      })
      .from(appointments)
      .where(eq(appointments.accountId, seededA));
    expect(spread.past).toBeGreaterThan(0);
    expect(spread.future).toBeGreaterThan(0);

    const [pendingButLate] = await db
      .select({ n: sql<number>`count(*)` })
      .from(invoices)
      .where(and(eq(invoices.accountId, seededA), eq(invoices.status, "pending"), sql`${invoices.dueDate} < date('now')`));
    expect(pendingButLate.n).toBe(0);
  });

  it("is deterministic for a seed, can be cleared and re-run, and refuses impossible counts", async () => {
    const other = (await createUser({ name: "Seed C", email: "seed-c@example.com", password: "password-c" })).id;
    const now = new Date();
    await seedAccount(
      db,
      other,
      { customers: 5, jobs: 4, estimates: 5, invoices: 2, appointments: 3, notifications: 2 },
      { seed: 99, now },
    );
    const first = await db
      .select({ title: estimates.title, total: estimates.total })
      .from(estimates)
      .where(eq(estimates.accountId, other))
      .orderBy(estimates.estimateNumber);
    await clearAccountData(db, other);
    expect(Object.values(await countsOf(other)).every((n) => n === 0)).toBe(true);
    const orphans = await db.all<{ n: number }>(sql`
      select
        (select count(*) from estimate_items where estimate_id not in (select id from estimates))
      + (select count(*) from invoice_items where invoice_id not in (select id from invoices))
      as n`);
    expect(orphans[0].n).toBe(0);
    await seedAccount(
      db,
      other,
      { customers: 5, jobs: 4, estimates: 5, invoices: 2, appointments: 3, notifications: 2 },
      { seed: 99, now },
    );
    const second = await db
      .select({ title: estimates.title, total: estimates.total })
      .from(estimates)
      .where(eq(estimates.accountId, other))
      .orderBy(estimates.estimateNumber);
    expect(second).toEqual(first);

    await expect(seedAccount(db, other, { jobs: 3 })).rejects.toThrow(/at least one customer/);
  });

  it("handles tens of thousands of rows", async () => {
    const big = (await createUser({ name: "Big Shop", email: "big@example.com", password: "password-big" })).id;
    const counts = { customers: 1_000, jobs: 2_000, estimates: 2_000, invoices: 1_000, appointments: 2_000, notifications: 500 };
    const started = performance.now();
    const summary = await seedAccount(db, big, counts);
    const elapsed = performance.now() - started;
    const rows = Object.values(summary).reduce((a, b) => a + b, 0);
    expect(rows).toBeGreaterThan(20_000);
    expect(await countsOf(big)).toEqual(counts);
    expect(elapsed).toBeLessThan(60_000);
  }, 120_000);
});
