// /api/recurring-invoices and /api/recurring-invoices/{id}, called as Remix calls them, with
// real sessions: the payload, paging, bad input refused with nothing written, and another
// account's ids answering 404 with nothing changed.
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer } from "#db/factories";
import { recurringInvoiceItems, recurringInvoices } from "#db/schema";
import { setNow } from "~/lib/clock";
import { action as collectionAction, loader as collectionLoader } from "~/routes/api.recurring-invoices/route";
import { action as itemAction, loader as itemLoader } from "~/routes/api.recurring-invoices.$id/route";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../../test/accounts";
import { apiRequest } from "../../../test/requests";
import { runRoute } from "../../../test/route";

const URL_BASE = "http://localhost/api/recurring-invoices";
const call = (method: string, cookie: string | null, body?: unknown, path = "") =>
  apiRequest(`${URL_BASE}${path}`, method, cookie, body);

async function rowCounts() {
  const db = await getDb();
  const [r] = await db.select({ value: count() }).from(recurringInvoices);
  const [i] = await db.select({ value: count() }).from(recurringInvoiceItems);
  return { schedules: r.value, items: i.value };
}

async function account() {
  const { user, cookie } = await signedInAccount();
  const db = await getDb();
  const customer = await createCustomer(db, user.id, { name: "Ana Ruiz", email: "ana@example.com" });
  return { user, cookie, customer };
}

const payload = (customerId: string, overrides: Record<string, unknown> = {}) => ({
  customerId,
  title: "Furnace maintenance plan",
  description: "Twice a year",
  notes: "Thank you",
  taxRate: "0.0825",
  frequency: "semiannually",
  startDate: "2099-01-31",
  endDate: null,
  count: 4,
  autoSend: true,
  items: [
    { description: "Tune-up", quantity: "1", unitPrice: "89.00" },
    { description: "Filter", quantity: 2, unitPrice: 12.5, total: "999" },
  ],
  ...overrides,
});

async function create(cookie: string, body: unknown) {
  const response = await runRoute(collectionAction, call("POST", cookie, body));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { id: string } };
}

describe("/api/recurring-invoices", () => {
  it("creates, reads, lists, pauses, edits and deletes a recurring invoice", async () => {
    const { cookie, customer } = await account();
    const created = await create(cookie, payload(customer.id));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      customerId: customer.id,
      customer: { name: "Ana Ruiz", email: "ana@example.com" },
      title: "Furnace maintenance plan",
      taxRate: "0.0825",
      frequency: "semiannually",
      startDate: "2099-01-31",
      endDate: null,
      count: 4,
      autoSend: true,
      paused: false,
      status: "active",
      nextDate: "2099-01-31",
      invoicesMade: 0,
      subtotal: "114.00",
      taxAmount: "9.41",
      total: "123.41",
    });
    expect((created.body.items as { total: string }[]).map((item) => item.total)).toEqual(["89.00", "25.00"]);

    const id = created.body.id;
    const read = await runRoute(itemLoader, call("GET", cookie, undefined, `/${id}`), { params: { id } });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(created.body);

    const list = await runRoute(collectionLoader, call("GET", cookie, undefined, "?pageSize=1"));
    expect(list.headers.get("X-Total-Count")).toBe("1");
    expect(((await list.json()) as { id: string }[]).map((row) => row.id)).toEqual([id]);

    const paused = await runRoute(itemAction, call("PUT", cookie, payload(customer.id, { paused: true }), `/${id}`), {
      params: { id },
    });
    expect(paused.status).toBe(200);
    expect(await paused.json()).toMatchObject({ paused: true, status: "paused" });

    const edited = await runRoute(
      itemAction,
      call(
        "PUT",
        cookie,
        payload(customer.id, { frequency: "monthly", count: null, endDate: "2099-03-31", paused: false }),
        `/${id}`,
      ),
      { params: { id } },
    );
    expect(await edited.json()).toMatchObject({ frequency: "monthly", count: null, endDate: "2099-03-31", status: "active" });

    const deleted = await runRoute(itemAction, call("DELETE", cookie, undefined, `/${id}`), { params: { id } });
    expect(deleted.status).toBe(200);
    const gone = await runRoute(itemLoader, call("GET", cookie, undefined, `/${id}`), { params: { id } });
    expect(gone.status).toBe(404);
  });

  it("keeps a line's taxable flag and discount (decision 019) and totals by them", async () => {
    const { cookie, customer } = await account();
    const items = [
      { description: "Tune-up", quantity: "1", unitPrice: "89.00", discountPercent: "12.5" },
      { description: "Permit fee", quantity: 1, unitPrice: "25.00", taxable: false },
    ];
    const created = await create(cookie, payload(customer.id, { items }));
    expect(created.status).toBe(201);
    // 89.00 less 12.5% is 77.875, so 77.88; the tax is 8.25% of the taxed line only: 6.4251, so 6.43.
    expect(created.body).toMatchObject({ subtotal: "102.88", taxAmount: "6.43", total: "109.31" });
    expect(
      (created.body.items as { taxable: boolean; discountPercent: string; total: string }[]).map((item) => [
        item.taxable,
        item.discountPercent,
        item.total,
      ]),
    ).toEqual([
      [true, "12.50", "77.88"],
      [false, "0.00", "25.00"],
    ]);
  });

  it("refuses bad input with 400 and a message, and writes nothing", async () => {
    const { cookie, customer } = await account();
    const stranger = await account();
    const bad: [Record<string, unknown>, string][] = [
      [{ frequency: "daily" }, "frequency"],
      [{ frequency: undefined }, "frequency"],
      [{ startDate: "2026-02-30" }, "startDate"],
      [{ startDate: undefined }, "startDate"],
      [{ endDate: "2098-01-01", count: null }, "endDate"],
      [{ endDate: "2099-06-30", count: 3 }, "count"],
      [{ count: 0 }, "count"],
      [{ count: 1001 }, "count"],
      [{ count: "2.5" }, "count"],
      [{ autoSend: "yes" }, "autoSend"],
      [{ items: [] }, "items"],
      [{ items: [{ description: "x", quantity: "-1", unitPrice: "1" }] }, "items.0.quantity"],
      [{ items: [{ description: "x", quantity: "1", unitPrice: "1", discountPercent: "100.01" }] }, "items.0.discountPercent"],
      [{ items: [{ description: "x", quantity: "1", unitPrice: "1", discountPercent: 12.345 }] }, "items.0.discountPercent"],
      [{ items: [{ description: "x", quantity: "1", unitPrice: "1", discountPercent: "-1" }] }, "items.0.discountPercent"],
      [{ items: [{ description: "x", quantity: "1", unitPrice: "1", taxable: "no" }] }, "items.0.taxable"],
      [{ taxRate: "-0.01" }, "taxRate"],
      [{ customerId: stranger.customer.id }, "customerId"],
      [{ title: "" }, "title"],
      [{ id: "forged" }, "id"],
      [{ accountId: stranger.user.id }, "accountId"],
    ];
    const before = await rowCounts();
    for (const [change, path] of bad) {
      const body = { ...payload(customer.id), ...change };
      const { status, body: answer } = await create(cookie, body);
      expect(status, JSON.stringify(change)).toBe(400);
      expect(answer.message, JSON.stringify(change)).toBeTruthy();
      expect(
        (answer.errors as { path: string }[]).map((error) => error.path),
        JSON.stringify(change),
      ).toContain(path);
    }
    for (const raw of ["not json", "[1,2]"]) {
      const response = await runRoute(
        collectionAction,
        new Request(URL_BASE, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/json" }, body: raw }),
      );
      expect(response.status).toBe(400);
    }
    expect(await rowCounts()).toEqual(before);

    // A bad PUT changes nothing either.
    const { body: created } = await create(cookie, payload(customer.id));
    const id = created.id;
    const refused = await runRoute(itemAction, call("PUT", cookie, payload(customer.id, { frequency: "hourly" }), `/${id}`), {
      params: { id },
    });
    expect(refused.status).toBe(400);
    const read = await runRoute(itemLoader, call("GET", cookie, undefined, `/${id}`), { params: { id } });
    expect(await read.json()).toEqual(created);
  });

  it("answers 404 for another account's id and changes nothing; 401 without a session", async () => {
    const owner = await account();
    const stranger = await account();
    const { body: created } = await create(owner.cookie, payload(owner.customer.id));
    const id = created.id;
    const before = await rowCounts();
    for (const [handler, request] of [
      [itemLoader, call("GET", stranger.cookie, undefined, `/${id}`)],
      [itemAction, call("PUT", stranger.cookie, payload(stranger.customer.id), `/${id}`)],
      [itemAction, call("DELETE", stranger.cookie, undefined, `/${id}`)],
    ] as const) {
      const response = await runRoute(handler, request, { params: { id } });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Not found" });
    }
    expect(await rowCounts()).toEqual(before);
    const strangers = await runRoute(collectionLoader, call("GET", stranger.cookie));
    expect(await strangers.json()).toEqual([]);
    const read = await runRoute(itemLoader, call("GET", owner.cookie, undefined, `/${id}`), { params: { id } });
    expect(await read.json()).toEqual(created);

    for (const [handler, request] of [
      [collectionLoader, call("GET", null)],
      [collectionAction, call("POST", null, payload(owner.customer.id))],
      [itemLoader, call("GET", null, undefined, `/${id}`)],
    ] as const) {
      expect((await runRoute(handler, request, { params: { id } })).status).toBe(401);
    }
  });

  it("says a schedule whose dates have all passed has ended, and counts from today, not from a past start", async () => {
    const { cookie, customer } = await account();
    setNow("2026-11-25T12:00:00Z");
    try {
      const { body } = await create(cookie, payload(customer.id, { startDate: "2026-01-31", count: null, frequency: "monthly" }));
      // Created on November 25: the dates before it are not made.
      expect(body).toMatchObject({ nextDate: "2026-11-30", invoicesMade: 0, status: "active" });
      const { body: ended } = await create(
        cookie,
        payload(customer.id, { startDate: "2026-01-31", count: 2, frequency: "monthly" }),
      );
      expect(ended).toMatchObject({ nextDate: null, status: "ended" });
    } finally {
      setNow(null);
    }
  });
});
