// Work requests in the model (docs/product/requests.md): the request page's slug, the list by
// status, conversion to each of the four records with the links kept, and another account's ids.
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer } from "#db/factories";
import { accountSettings, appointments, customers, estimates, jobs, workRequests } from "#db/schema";
import { slugify } from "~/lib/work-request-schema";
import { getDb } from "~/infrastructure/db.server";
import { getSettings } from "./settings.server";
import { getEstimateWithItems } from "./estimate.server";
import { signedInAccount } from "../../test/accounts";
import {
  convertWorkRequest,
  countNewWorkRequests,
  createWorkRequest,
  ensureRequestPage,
  findOpenRequestPage,
  getWorkRequest,
  listWorkRequests,
  matchingCustomers,
  saveRequestPage,
  setWorkRequestStatus,
} from "./work-request.server";

const visitor = {
  name: "Luis Gómez",
  phone: "(555) 010-2020",
  email: "luis@example.com",
  address: "12 Elm St",
  description: "Replace the water heater\nIt is 15 years old",
  preferredTimes: "Mornings",
};

async function account(company = "Rosa's Plumbing & Heat") {
  const { user } = await signedInAccount();
  await getSettings(user.id);
  const db = await getDb();
  await db.update(accountSettings).set({ companyName: company }).where(eq(accountSettings.accountId, user.id));
  return user.id;
}

describe("the request page", () => {
  it("makes its slug from the company name on first need, unique across accounts", async () => {
    expect(slugify("Rosa's Plumbing & Heat")).toBe("rosas-plumbing-heat");
    expect(slugify("Fontanería Núñez")).toBe("fontaneria-nunez");
    expect(slugify("!!")).toBe("company");
    const company = `Unique Co ${crypto.randomUUID().slice(0, 6)}`;
    const a = await account(company);
    const b = await account(company);
    const pageA = await ensureRequestPage(a);
    const pageB = await ensureRequestPage(b);
    expect(pageA.slug).toBe(slugify(company));
    expect(pageB.slug).toBe(`${slugify(company)}-2`);
    expect((await ensureRequestPage(a)).slug).toBe(pageA.slug);
    expect(pageA.enabled).toBe(true);
  });

  it("refuses a slug another account has and changes nothing; a page turned off is not found", async () => {
    const a = await account();
    const b = await account();
    const slug = `taken-${crypto.randomUUID().slice(0, 8)}`;
    expect((await saveRequestPage(a, { slug, enabled: true })).status).toBe("saved");
    expect(await saveRequestPage(b, { slug, enabled: true })).toEqual({ status: "taken" });
    expect((await findOpenRequestPage(slug))?.accountId).toBe(a);
    await saveRequestPage(a, { slug, enabled: false });
    expect(await findOpenRequestPage(slug)).toBeUndefined();
    expect(await findOpenRequestPage("")).toBeUndefined();
  });
});

describe("requests", () => {
  it("lists by status, counts the new ones, and keeps another account's requests out of reach", async () => {
    const a = await account();
    const b = await account();
    const first = await createWorkRequest(a, visitor);
    await createWorkRequest(a, { ...visitor, name: "Second" });
    expect(await countNewWorkRequests(a)).toBe(2);
    expect((await setWorkRequestStatus(a, first.id, "archived")).status).toBe("changed");
    expect(await countNewWorkRequests(a)).toBe(1);
    expect((await listWorkRequests(a, { status: "archived" })).items.map((r) => r.id)).toEqual([first.id]);
    expect((await listWorkRequests(a, { q: "second" })).total).toBe(1);
    expect((await listWorkRequests(b)).total).toBe(0);
    expect(await getWorkRequest(b, first.id)).toBeUndefined();
    expect(await setWorkRequestStatus(b, first.id, "new")).toEqual({ status: "not-found" });
    expect(await setWorkRequestStatus(a, first.id, "converted")).toEqual({ status: "not-converted" });
    expect((await getWorkRequest(a, first.id))?.status).toBe("archived");
  });

  it("converts to a customer, then an estimate, a job and a visit for that customer, keeping each link", async () => {
    const a = await account();
    const request = await createWorkRequest(a, visitor);
    const asCustomer = await convertWorkRequest(a, request.id, "customer");
    if (asCustomer.status !== "converted") throw new Error(asCustomer.status);
    expect(asCustomer.created.record).toMatchObject({ name: "Luis Gómez", email: "luis@example.com", address: "12 Elm St" });
    expect(asCustomer.request).toMatchObject({ status: "converted", customerId: asCustomer.created.record.id });
    expect(asCustomer.request.convertedAt).toBeInstanceOf(Date);
    expect((await convertWorkRequest(a, request.id, "customer")).status).toBe("has-customer");

    const asEstimate = await convertWorkRequest(a, request.id, "estimate");
    if (asEstimate.status !== "converted") throw new Error(asEstimate.status);
    const estimate = await getEstimateWithItems(a, asEstimate.created.record.id);
    expect(estimate).toMatchObject({ customerId: asCustomer.created.record.id, title: "Replace the water heater", total: 0 });
    expect(estimate?.items.map((item) => item.description)).toEqual([visitor.description]);

    const asJob = await convertWorkRequest(a, request.id, "job");
    if (asJob.status !== "converted") throw new Error(asJob.status);
    expect(asJob.created.record).toMatchObject({ customerId: asCustomer.created.record.id, location: "12 Elm St" });

    expect((await convertWorkRequest(a, request.id, "appointment")).status).toBe("date-required");
    const when = new Date("2030-03-04T15:00:00Z");
    const asVisit = await convertWorkRequest(a, request.id, "appointment", { scheduledDate: when });
    if (asVisit.status !== "converted" || asVisit.created.kind !== "appointment") throw new Error(asVisit.status);
    expect(asVisit.created.record).toMatchObject({ customerId: asCustomer.created.record.id, appointmentType: "estimate" });
    expect(asVisit.created.record.scheduledDate.getTime()).toBe(when.getTime());

    const stored = await getWorkRequest(a, request.id);
    expect(stored).toMatchObject({
      status: "converted",
      customerId: asCustomer.created.record.id,
      estimateId: asEstimate.created.record.id,
      jobId: asJob.created.record.id,
      appointmentId: asVisit.created.record.id,
    });
    expect(stored?.convertedAt?.getTime()).toBe(asCustomer.request.convertedAt?.getTime());
  });

  it("links an existing customer matched by e-mail or phone digits, or the one asked for", async () => {
    const a = await account();
    const db = await getDb();
    const existing = await createCustomer(db, a, { name: "Luis G.", phone: "555-010-2020", email: null });
    const request = await createWorkRequest(a, { ...visitor, email: null });
    expect((await matchingCustomers(a, request)).map((c) => c.id)).toEqual([existing.id]);
    const asJob = await convertWorkRequest(a, request.id, "job");
    if (asJob.status !== "converted" || asJob.created.kind !== "job") throw new Error(asJob.status);
    expect(asJob.created.record.customerId).toBe(existing.id);
    const [{ n }] = await db.select({ n: count() }).from(customers).where(eq(customers.accountId, a));
    expect(n).toBe(1);

    const other = await createWorkRequest(a, { ...visitor, phone: null, email: "nobody@example.com" });
    const linked = await convertWorkRequest(a, other.id, "customer", { customerId: existing.id });
    if (linked.status !== "converted") throw new Error(linked.status);
    expect(linked.request.customerId).toBe(existing.id);
  });

  it("refuses another account's request or customer and writes nothing", async () => {
    const a = await account();
    const b = await account();
    const db = await getDb();
    const theirCustomer = await createCustomer(db, b, { name: "Theirs" });
    const request = await createWorkRequest(a, visitor);
    for (const to of ["customer", "estimate", "job", "appointment"] as const) {
      expect(await convertWorkRequest(b, request.id, to, { scheduledDate: new Date() })).toEqual({ status: "not-found" });
      expect(await convertWorkRequest(a, request.id, to, { customerId: theirCustomer.id, scheduledDate: new Date() })).toEqual({
        status: "customer-not-found",
      });
    }
    for (const table of [customers, estimates, jobs, appointments]) {
      expect(await db.select().from(table).where(eq(table.accountId, a))).toEqual([]);
    }
    const [row] = await db.select().from(workRequests).where(eq(workRequests.id, request.id));
    expect(row).toMatchObject({ status: "new", customerId: null, convertedAt: null });
  });
});
