// /api/estimates and /api/estimates/{id}, called as Remix calls them, with real sessions.
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, createJob } from "#db/factories";
import { estimateItems, estimates } from "#db/schema";
import { getEstimateWithItems } from "~/models/estimate.server";
import { recordDeposit } from "~/models/payment.server";
import { action as collectionAction, loader as collectionLoader } from "~/routes/api.estimates/route";
import { action as itemAction, loader as itemLoader } from "~/routes/api.estimates.$id/route";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../../test/accounts";
import { apiRequest } from "../../../test/requests";
import { runRoute } from "../../../test/route";

const URL_BASE = "http://localhost/api/estimates";

const call = (method: string, cookie: string | null, body?: unknown, path = "") =>
  apiRequest(`${URL_BASE}${path}`, method, cookie, body);

async function rowCounts() {
  const db = await getDb();
  const [e] = await db.select({ value: count() }).from(estimates);
  const [i] = await db.select({ value: count() }).from(estimateItems);
  return { estimates: e.value, items: i.value };
}

async function account() {
  const { user, cookie } = await signedInAccount();
  const db = await getDb();
  const customer = await createCustomer(db, user.id, {
    name: "Ana Ruiz",
    email: "ana@example.com",
    phone: "555-0100",
    address: "12 Elm St",
    city: "Austin",
    state: "TX",
    zipCode: "78701",
  });
  return { user, cookie, db, customer };
}

const payload = (customerId: string, overrides: Record<string, unknown> = {}) => ({
  customerId,
  jobId: null,
  title: "Water heater replacement",
  description: "40-gallon gas unit",
  status: "pending",
  taxRate: "0.0825",
  validUntil: "2025-08-01",
  notes: "Gate code 4417",
  items: [
    { description: "Labor (hours)", quantity: "1.5", unitPrice: "19.99", total: "0.01", order: 0 },
    { description: "Water heater", quantity: 1, unitPrice: 849, total: 1, order: 1 },
  ],
  ...overrides,
});

describe("/api/estimates", () => {
  it("answers 401 without a session, for every method", async () => {
    for (const [handler, request, params] of [
      [collectionLoader, call("GET", null), {}],
      [collectionAction, call("POST", null, payload("x")), {}],
      [itemLoader, call("GET", null, undefined, "/x"), { id: "x" }],
      [itemAction, call("PUT", null, payload("x"), "/x"), { id: "x" }],
      [itemAction, call("DELETE", null, undefined, "/x"), { id: "x" }],
    ] as const) {
      const response = await runRoute(handler as never, request, { params });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Not authenticated" });
    }
  });

  it("creates with computed totals (ignoring sent ones), lists with items and customer, reads, updates and deletes", async () => {
    const { user, cookie, db, customer } = await account();
    const job = await createJob(db, user.id, { customerId: customer.id, title: "Garage heater" });

    const created = await runRoute(
      collectionAction,
      call("POST", cookie, payload(customer.id, { jobId: job.id, subtotal: "1.00", taxAmount: "0", total: "1.00" })),
    );
    expect(created.status).toBe(201);
    const estimate = await created.json();
    expect(estimate).toMatchObject({
      customerId: customer.id,
      jobId: job.id,
      title: "Water heater replacement",
      status: "pending",
      subtotal: "878.99",
      taxRate: "0.0825",
      taxAmount: "72.52",
      total: "951.51",
      validUntil: "2025-08-01",
      notes: "Gate code 4417",
      approvedAt: null,
      customer: {
        name: "Ana Ruiz",
        address: "12 Elm St",
        city: "Austin",
        state: "TX",
        zipCode: "78701",
        phone: "555-0100",
        email: "ana@example.com",
      },
    });
    // The account's first estimate (decision 031).
    expect(estimate.estimateNumber).toBe("EST-0001");
    expect(
      estimate.items.map((i: Record<string, unknown>) => [i.description, i.quantity, i.unitPrice, i.total, i.order]),
    ).toEqual([
      ["Labor (hours)", "1.50", "19.99", "29.99", 0],
      ["Water heater", "1.00", "849.00", "849.00", 1],
    ]);
    expect(typeof estimate.createdAt).toBe("string");

    const list = await runRoute(collectionLoader, call("GET", cookie));
    expect(list.status).toBe(200);
    expect(list.headers.get("X-Total-Count")).toBe("1");
    const [listed] = await list.json();
    expect(listed).toEqual(estimate);

    const read = await runRoute(itemLoader, call("GET", cookie, undefined, `/${estimate.id}`), { params: { id: estimate.id } });
    expect(await read.json()).toEqual(estimate);

    const updated = await runRoute(
      itemAction,
      call(
        "PUT",
        cookie,
        payload(customer.id, {
          status: "approved",
          taxRate: 0.1,
          validUntil: null,
          items: [
            { description: "Second", quantity: "2", unitPrice: "10", order: 1 },
            { description: "First", quantity: "0.33", unitPrice: "0.01", order: 0 },
          ],
        }),
        `/${estimate.id}`,
      ),
      { params: { id: estimate.id } },
    );
    expect(updated.status).toBe(200);
    const after = await updated.json();
    expect(after).toMatchObject({
      estimateNumber: estimate.estimateNumber,
      status: "approved",
      subtotal: "20.00",
      taxRate: "0.1000",
      taxAmount: "2.00",
      total: "22.00",
      validUntil: null,
      jobId: null,
    });
    expect(typeof after.approvedAt).toBe("string");
    expect(after.items.map((i: { description: string; total: string }) => [i.description, i.total])).toEqual([
      ["First", "0.00"],
      ["Second", "20.00"],
    ]);
    expect((await rowCounts()).items).toBeGreaterThanOrEqual(2);
    expect((await getEstimateWithItems(user.id, estimate.id))?.items).toHaveLength(2);

    const deleted = await runRoute(itemAction, call("DELETE", cookie, undefined, `/${estimate.id}`), {
      params: { id: estimate.id },
    });
    expect(deleted.status).toBe(200);
    expect(await getEstimateWithItems(user.id, estimate.id)).toBeUndefined();
    expect(await db.select().from(estimateItems).where(eq(estimateItems.estimateId, estimate.id))).toEqual([]);
  });

  it("keeps taxable and discounted lines and computes the totals by the line rule (decision 019)", async () => {
    const { cookie, customer } = await account();
    const created = await runRoute(
      collectionAction,
      call(
        "POST",
        cookie,
        payload(customer.id, {
          taxRate: "0.1",
          items: [
            { description: "Labor", quantity: "2", unitPrice: "50.00", taxable: false },
            { description: "Valve", quantity: "1", unitPrice: "40.00", discountPercent: "12.5" },
            { description: "Free check", quantity: "1", unitPrice: "30.00", discountPercent: 100 },
            { description: "Water softener", quantity: "1", unitPrice: "500.00", optional: true },
          ],
        }),
      ),
    );
    expect(created.status).toBe(201);
    const estimate = await created.json();
    // 100.00 (untaxed) + 35.00 + 0.00; tax 10% of 35.00; the optional line counts in nothing yet.
    expect(estimate).toMatchObject({ subtotal: "135.00", taxAmount: "3.50", total: "138.50" });
    expect(
      estimate.items.map((item: Record<string, unknown>) => [item.taxable, item.discountPercent, item.optional, item.total]),
    ).toEqual([
      [false, "0.00", false, "100.00"],
      [true, "12.50", false, "35.00"],
      [true, "100.00", false, "0.00"],
      [true, "0.00", true, "500.00"],
    ]);
  });

  it("uses the account's default tax rate when none is sent, and a PUT without one keeps the estimate's", async () => {
    const { cookie, customer } = await account();
    const created = await (
      await runRoute(collectionAction, call("POST", cookie, payload(customer.id, { taxRate: undefined })))
    ).json();
    expect(created.taxRate).toBe("0.0825");
    const put = await runRoute(itemAction, call("PUT", cookie, payload(customer.id, { taxRate: "0.05" }), `/${created.id}`), {
      params: { id: created.id },
    });
    expect((await put.json()).taxRate).toBe("0.0500");
    const again = await runRoute(
      itemAction,
      call("PUT", cookie, payload(customer.id, { taxRate: undefined }), `/${created.id}`),
      { params: { id: created.id } },
    );
    expect((await again.json()).taxRate).toBe("0.0500");
  });

  it("refuses a PUT whose total is below the deposits already received, with the field's message", async () => {
    const { user, cookie, customer } = await account();
    const created = await (await runRoute(collectionAction, call("POST", cookie, payload(customer.id, { taxRate: "0" })))).json();
    expect(created.total).toBe("878.99");
    await recordDeposit(user.id, created.id, { amount: 50_000, method: "cash" }, { manual: true });
    const lines = (price: string) => ({ taxRate: "0", items: [{ description: "Water heater", quantity: 1, unitPrice: price }] });
    const refused = await runRoute(itemAction, call("PUT", cookie, payload(customer.id, lines("499.99")), `/${created.id}`), {
      params: { id: created.id },
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors).toEqual([
      {
        path: "items",
        message:
          "The total cannot be less than the deposits already received on this estimate. If a deposit was refunded, delete it first.",
      },
    ]);
    expect((await getEstimateWithItems(user.id, created.id))?.total).toBe(87_899);
    const saved = await runRoute(itemAction, call("PUT", cookie, payload(customer.id, lines("500.00")), `/${created.id}`), {
      params: { id: created.id },
    });
    expect((await saved.json()).total).toBe("500.00");
  });

  it("searches, filters and pages with X-Total-Count", async () => {
    const { cookie, customer } = await account();
    for (const [title, status] of [
      ["Panel upgrade", "pending"],
      ["EV charger", "approved"],
      ["Surge protector", "approved"],
    ]) {
      expect((await runRoute(collectionAction, call("POST", cookie, payload(customer.id, { title, status })))).status).toBe(201);
    }
    const byTitle = await runRoute(collectionLoader, new Request(`${URL_BASE}?q=charger`, { headers: { Cookie: cookie } }));
    expect((await byTitle.json()).map((e: { title: string }) => e.title)).toEqual(["EV charger"]);
    const approved = await runRoute(
      collectionLoader,
      new Request(`${URL_BASE}?status=approved&pageSize=1&page=2`, { headers: { Cookie: cookie } }),
    );
    expect(approved.headers.get("X-Total-Count")).toBe("2");
    expect(await approved.json()).toHaveLength(1);
    const bogus = await runRoute(collectionLoader, new Request(`${URL_BASE}?status=Approved`, { headers: { Cookie: cookie } }));
    expect(bogus.status).toBe(400);
    expect(await bogus.json()).toEqual({ message: "status must be pending, approved, rejected or expired." });
  });

  it("rejects bad payloads with 400 { message, errors } in the SPEC's words, and writes nothing", async () => {
    const { user, cookie, db, customer } = await account();
    const stranger = await account();
    const strangerJob = await createJob(db, stranger.user.id, { customerId: stranger.customer.id });
    const otherCustomer = await createCustomer(db, user.id, { name: "Other" });
    const otherCustomersJob = await createJob(db, user.id, { customerId: otherCustomer.id });
    const good = payload(customer.id);
    const cases: [unknown, string][] = [
      [{ ...good, items: [] }, "At least one line item is required"],
      [{ ...good, items: undefined }, "At least one line item is required"],
      [{ ...good, items: [{ description: "  ", quantity: "1", unitPrice: "1" }] }, "Description is required"],
      [{ ...good, items: [{ description: "A", unitPrice: "1" }] }, "Quantity is required"],
      [{ ...good, items: [{ description: "A", quantity: "1" }] }, "Unit price is required"],
      [{ ...good, items: [{ description: "A", quantity: "-1", unitPrice: "1" }] }, "Quantity cannot be negative"],
      [{ ...good, items: [{ description: "A", quantity: "1", unitPrice: "-0.01" }] }, "Unit price cannot be negative"],
      [{ ...good, items: [{ description: "A", quantity: "two", unitPrice: "1" }] }, "Quantity must be a number"],
      [{ ...good, items: [{ description: "A", quantity: "1", unitPrice: "abc" }] }, "Unit price must be a number"],
      [{ ...good, items: [{ description: "A", quantity: "1.001", unitPrice: "1" }] }, "Quantity can have at most two decimals"],
      [{ ...good, items: [{ description: "A", quantity: "1", unitPrice: "1.005" }] }, "Unit price can have at most two decimals"],
      [
        { ...good, items: [{ description: "A", quantity: "1", unitPrice: "1", discountPercent: "100.01" }] },
        "The discount must be between 0 and 100",
      ],
      [
        { ...good, items: [{ description: "A", quantity: "1", unitPrice: "1", discountPercent: "12.345" }] },
        "The discount can have at most two decimals",
      ],
      [{ ...good, items: [{ description: "A", quantity: "1", unitPrice: "1", taxable: "no" }] }, "taxable must be true or false"],
      [
        { ...good, items: [{ description: "A", quantity: "2", unitPrice: "99999999.99" }] },
        "The total exceeds the maximum of $99,999,999.99",
      ],
      [
        { ...good, items: [{ description: "A", quantity: "1", unitPrice: "99999999.99" }] },
        "The total exceeds the maximum of $99,999,999.99",
      ],
      [{ ...good, customerId: undefined }, "Please select a customer"],
      [{ ...good, customerId: stranger.customer.id }, "Please select a customer"],
      [{ ...good, customerId: "no-such-customer" }, "Please select a customer"],
      [{ ...good, jobId: strangerJob.id }, "Choose one of this customer's jobs"],
      [{ ...good, jobId: otherCustomersJob.id }, "Choose one of this customer's jobs"],
      [{ ...good, title: "" }, "Title is required"],
      [{ ...good, status: "won" }, "Choose a status: pending, approved, rejected or expired"],
      [{ ...good, taxRate: "8.25%" }, "Send the tax rate as a fraction with at most four decimals, like 0.0825"],
      [{ ...good, taxRate: -0.01 }, "The tax rate cannot be negative"],
      [{ ...good, validUntil: "2025-13-01" }, "Enter a valid date (yyyy-MM-dd)"],
      [{ ...good, id: "abc" }, "Unrecognized field(s): id"],
      [{ ...good, createdAt: "2020-01-01" }, "Unrecognized field(s): createdAt"],
      [{ ...good, accountId: stranger.user.id }, "Unrecognized field(s): accountId"],
      [{ ...good, estimateNumber: "EST-1" }, "Unrecognized field(s): estimateNumber"],
      [
        { ...good, items: [{ description: "A", quantity: "1", unitPrice: "1", estimateId: "x" }] },
        "Unrecognized field(s): estimateId",
      ],
      ["{broken", "Request body is not valid JSON."],
      ["[]", "Request body must be a JSON object."],
    ];
    const before = await rowCounts();
    for (const [body, message] of cases) {
      const response = await runRoute(collectionAction, call("POST", cookie, body));
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).message, JSON.stringify(body)).toBe(message);
    }
    expect(await rowCounts()).toEqual(before);

    const response = await runRoute(
      collectionAction,
      call("POST", cookie, { ...good, title: " ", items: [{ description: "", quantity: "1", unitPrice: "x" }] }),
    );
    expect((await response.json()).errors).toEqual([
      { path: "title", message: "Title is required" },
      { path: "items.0.description", message: "Description is required" },
      { path: "items.0.unitPrice", message: "Unit price must be a number" },
    ]);

    // The same rules on PUT, and the estimate is left as it was.
    const created = await (await runRoute(collectionAction, call("POST", cookie, good))).json();
    const afterCreate = await rowCounts();
    for (const [body, message] of cases.slice(0, 8)) {
      const put = await runRoute(itemAction, call("PUT", cookie, body, `/${created.id}`), { params: { id: created.id } });
      expect(put.status).toBe(400);
      expect((await put.json()).message).toBe(message);
    }
    expect(await rowCounts()).toEqual(afterCreate);
    expect((await getEstimateWithItems(user.id, created.id))?.items.map((i) => i.description)).toEqual([
      "Labor (hours)",
      "Water heater",
    ]);
  });

  it("answers 404 for another account's estimate and changes nothing", async () => {
    const owner = await account();
    const other = await account();
    const created = await (
      await runRoute(collectionAction, call("POST", owner.cookie, payload(owner.customer.id, { title: "Private" })))
    ).json();
    const before = await rowCounts();
    for (const [handler, request] of [
      [itemLoader, call("GET", other.cookie, undefined, `/${created.id}`)],
      [itemAction, call("PUT", other.cookie, payload(other.customer.id, { title: "Stolen" }), `/${created.id}`)],
      [itemAction, call("DELETE", other.cookie, undefined, `/${created.id}`)],
    ] as const) {
      const response = await runRoute(handler as never, request, { params: { id: created.id } });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Not found" });
    }
    expect(await rowCounts()).toEqual(before);
    expect((await getEstimateWithItems(owner.user.id, created.id))?.title).toBe("Private");
    const list = await runRoute(collectionLoader, call("GET", other.cookie));
    expect(await list.json()).toEqual([]);
    expect(list.headers.get("X-Total-Count")).toBe("0");
    expect((await runRoute(itemLoader, call("GET", owner.cookie, undefined, "/nope"), { params: { id: "nope" } })).status).toBe(
      404,
    );
    expect(
      (await runRoute(itemAction, call("DELETE", owner.cookie, undefined, "/nope"), { params: { id: "nope" } })).status,
    ).toBe(404);

    // Their own estimate pointed at the owner's customer is refused, not linked.
    const mine = await (await runRoute(collectionAction, call("POST", other.cookie, payload(other.customer.id)))).json();
    const put = await runRoute(itemAction, call("PUT", other.cookie, payload(owner.customer.id), `/${mine.id}`), {
      params: { id: mine.id },
    });
    expect(put.status).toBe(400);
    expect((await put.json()).message).toBe("Please select a customer");
    expect((await getEstimateWithItems(other.user.id, mine.id))?.customerId).toBe(other.customer.id);
  });

  it("answers 405 for other methods", async () => {
    const { cookie } = await account();
    expect((await runRoute(collectionAction, call("PATCH", cookie, {}))).status).toBe(405);
    expect((await runRoute(itemAction, call("PATCH", cookie, {}, "/x"), { params: { id: "x" } })).status).toBe(405);
  });
});
