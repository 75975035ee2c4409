// /api/invoices, /api/invoices/{id} and /api/invoices/from-estimate/{id}, called as Remix
// calls them, with real sessions.
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, createEstimate, createInvoice } from "#db/factories";
import { invoices } from "#db/schema";
import { getInvoiceWithItems } from "~/models/invoice.server";
import { loader as collectionLoader, action as collectionAction } from "~/routes/api.invoices/route";
import { action as itemAction, loader as itemLoader } from "~/routes/api.invoices.$id/route";
import { action as fromEstimateAction, loader as fromEstimateLoader } from "~/routes/api.invoices.from-estimate.$id/route";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../../test/accounts";
import { apiRequest } from "../../../test/requests";
import { runRoute } from "../../../test/route";

const URL_BASE = "http://localhost/api/invoices";

const call = (method: string, cookie: string | null, body?: unknown, path = "") =>
  apiRequest(`${URL_BASE}${path}`, method, cookie, body);

async function invoiceCount(accountId: string) {
  const db = await getDb();
  return (await db.select({ value: count() }).from(invoices).where(eq(invoices.accountId, accountId)).get())?.value ?? 0;
}

const LINES = [
  { description: "Rough-in wiring", quantity: 150, unitPrice: 12_345 },
  { description: "Fixtures", quantity: 400, unitPrice: 4_999 },
  { description: "Permit", quantity: 100, unitPrice: 7_500 },
];

describe("/api/invoices", () => {
  it("answers 401 without a session, for every endpoint", async () => {
    for (const [handler, request, params] of [
      [collectionLoader, call("GET", null), {}],
      [itemLoader, call("GET", null, undefined, "/x"), { id: "x" }],
      [itemAction, call("PUT", null, { status: "paid" }, "/x"), { id: "x" }],
      [itemAction, call("DELETE", null, undefined, "/x"), { id: "x" }],
      [fromEstimateAction, call("POST", null, undefined, "/from-estimate/x"), { id: "x" }],
    ] as const) {
      const response = await runRoute(handler as never, request, { params });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Not authenticated" });
    }
  });

  it("creates an invoice from an approved estimate: 201, then 200 with the same invoice", async () => {
    const { user, cookie } = await signedInAccount();
    const db = await getDb();
    const customer = await createCustomer(db, user.id, { name: "Ana Ruiz", city: "Austin", email: "ana@example.com" });
    const estimate = await createEstimate(db, user.id, {
      customerId: customer.id,
      status: "approved",
      items: LINES,
      title: "Kitchen lights",
    });

    const created = await runRoute(fromEstimateAction, call("POST", cookie, undefined, `/from-estimate/${estimate.id}`), {
      params: { id: estimate.id },
    });
    expect(created.status).toBe(201);
    const invoice = await created.json();
    expect(invoice).toMatchObject({
      customerId: customer.id,
      estimateId: estimate.id,
      title: "Kitchen lights",
      status: "pending",
      taxRate: "0.0825",
      subtotal: (estimate.subtotal / 100).toFixed(2),
      total: (estimate.total / 100).toFixed(2),
      paidDate: null,
      customer: { name: "Ana Ruiz", city: "Austin", email: "ana@example.com" },
    });
    // The account's first invoice (decision 031).
    expect(invoice.invoiceNumber).toBe("INV-0001");
    expect(invoice.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(
      invoice.items.map((item: { description: string; quantity: string; order: number }) => [
        item.description,
        item.quantity,
        item.order,
      ]),
    ).toEqual([
      ["Rough-in wiring", "1.50", 0],
      ["Fixtures", "4.00", 1],
      ["Permit", "1.00", 2],
    ]);

    const again = await runRoute(fromEstimateAction, call("POST", cookie, undefined, `/from-estimate/${estimate.id}`), {
      params: { id: estimate.id },
    });
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe(invoice.id);
    expect(await invoiceCount(user.id)).toBe(1);
  });

  it("refuses a non-approved estimate with 400 { message } and writes nothing", async () => {
    const { user, cookie } = await signedInAccount();
    const estimate = await createEstimate(await getDb(), user.id, { status: "pending" });
    const response = await runRoute(fromEstimateAction, call("POST", cookie, undefined, `/from-estimate/${estimate.id}`), {
      params: { id: estimate.id },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Only approved estimates can be invoiced; this estimate is pending." });
    expect(await invoiceCount(user.id)).toBe(0);
  });

  it("answers 404 for an unknown estimate or another account's, and 405 for GET", async () => {
    const owner = await signedInAccount();
    const other = await signedInAccount();
    const estimate = await createEstimate(await getDb(), owner.user.id, { status: "approved" });
    for (const id of [estimate.id, "no-such-estimate"]) {
      const response = await runRoute(fromEstimateAction, call("POST", other.cookie, undefined, `/from-estimate/${id}`), {
        params: { id },
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Not found" });
    }
    expect(await invoiceCount(owner.user.id)).toBe(0);
    expect(await invoiceCount(other.user.id)).toBe(0);
    expect((await fromEstimateLoader()).status).toBe(405);
  });

  it("lists the account's invoices with items, customer and decimal strings, searchable and filtered", async () => {
    const { user, cookie } = await signedInAccount();
    const db = await getDb();
    const customer = await createCustomer(db, user.id, {
      name: "Bea Flores",
      address: "9 Oak",
      city: null,
      state: "TX",
      zipCode: "78702",
      phone: "555-0100",
      email: null,
    });
    const late = await createInvoice(db, user.id, {
      customerId: customer.id,
      title: "Late job",
      status: "pending",
      dueDate: "2020-01-01",
      items: LINES,
      createdAt: new Date("2020-01-01"),
    });
    const paid = await createInvoice(db, user.id, {
      title: "Paid job",
      status: "paid",
      paidDate: new Date("2024-05-01T10:00:00Z"),
      createdAt: new Date("2024-04-01"),
    });
    await createInvoice(await getDb(), (await signedInAccount()).user.id, { title: "Someone else's" });

    const response = await runRoute(collectionLoader, call("GET", cookie));
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Total-Count")).toBe("2");
    const list = await response.json();
    expect(list.map((i: { id: string }) => i.id)).toEqual([paid.id, late.id]);
    expect(list[0]).toMatchObject({ status: "paid", paidDate: "2024-05-01T10:00:00.000Z" });
    expect(list[1]).toMatchObject({
      status: "overdue",
      dueDate: "2020-01-01",
      taxRate: "0.0825",
      customer: {
        name: "Bea Flores",
        address: "9 Oak",
        city: null,
        state: "TX",
        zipCode: "78702",
        phone: "555-0100",
        email: null,
      },
    });
    expect(list[1].items.map((i: { unitPrice: string }) => i.unitPrice)).toEqual(["123.45", "49.99", "75.00"]);
    expect(list[1].total).toMatch(/^\d+\.\d{2}$/);

    const get = async (query: string) =>
      (await (await runRoute(collectionLoader, new Request(`${URL_BASE}?${query}`, { headers: { Cookie: cookie } }))).json()).map(
        (i: { title: string }) => i.title,
      );
    expect(await get("status=overdue")).toEqual(["Late job"]);
    expect(await get("status=paid")).toEqual(["Paid job"]);
    expect(await get("q=bea")).toEqual(["Late job"]);
    expect(await get(`q=${paid.invoiceNumber}`)).toEqual(["Paid job"]);
    expect(await get("pageSize=1&page=2")).toEqual(["Late job"]);
    const bogus = await runRoute(collectionLoader, new Request(`${URL_BASE}?status=unpaid`, { headers: { Cookie: cookie } }));
    expect(bogus.status).toBe(400);
    expect(await bogus.json()).toEqual({ message: "status must be pending, paid, overdue or cancelled." });
    expect((await runRoute(collectionAction as never, call("POST", cookie, {}))).status).toBe(405);
  });

  it("reads, updates the status of and deletes one invoice", async () => {
    const { user, cookie } = await signedInAccount();
    const invoice = await createInvoice(await getDb(), user.id, { status: "pending", items: LINES });
    const path = `/${invoice.id}`;
    const params = { id: invoice.id };

    const read = await runRoute(itemLoader, call("GET", cookie, undefined, path), { params });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({
      id: invoice.id,
      status: "pending",
      items: [{ order: 0 }, { order: 1 }, { order: 2 }],
    });

    const paid = await runRoute(itemAction, call("PUT", cookie, { status: "paid" }, path), { params });
    expect(paid.status).toBe(200);
    const body = await paid.json();
    expect(body.status).toBe("paid");
    expect(Date.now() - Date.parse(body.paidDate)).toBeLessThan(60_000);

    const cancelled = await runRoute(itemAction, call("PUT", cookie, { status: "cancelled" }, path), { params });
    expect(await cancelled.json()).toMatchObject({ status: "cancelled", paidDate: null });

    const deleted = await runRoute(itemAction, call("DELETE", cookie, undefined, path), { params });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ message: "Invoice deleted" });
    expect(await getInvoiceWithItems(user.id, invoice.id)).toBeUndefined();
    expect((await runRoute(itemAction, call("DELETE", cookie, undefined, path), { params })).status).toBe(404);
  });

  it("rejects a bad PUT with 400 { message, errors } and changes nothing", async () => {
    const { user, cookie } = await signedInAccount();
    const invoice = await createInvoice(await getDb(), user.id, { status: "pending" });
    const params = { id: invoice.id };
    const cases: [unknown, string][] = [
      [{}, "Status is required"],
      [{ status: "done" }, "Status must be one of pending, paid, overdue or cancelled"],
      [{ status: null }, "Status must be one of pending, paid, overdue or cancelled"],
      [{ status: "paid", total: "0.01" }, "Unrecognized field(s): total"],
      [{ status: "paid", paidDate: "2020-01-01" }, "Unrecognized field(s): paidDate"],
      ["{broken", "Request body is not valid JSON."],
      ["[]", "Request body must be a JSON object."],
    ];
    for (const [body, message] of cases) {
      const response = await runRoute(itemAction, call("PUT", cookie, body, `/${invoice.id}`), { params });
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = await response.json();
      expect(answer.message, JSON.stringify(body)).toBe(message);
      if (typeof body === "object") expect(answer.errors?.[0]?.message).toBe(message);
    }
    const stored = await getInvoiceWithItems(user.id, invoice.id);
    expect(stored).toMatchObject({ status: "pending", paidDate: null, total: invoice.total });
  });

  it("answers 404 for another account's invoice and changes nothing", async () => {
    const owner = await signedInAccount();
    const other = await signedInAccount();
    const invoice = await createInvoice(await getDb(), owner.user.id, { status: "pending" });
    const params = { id: invoice.id };
    for (const [handler, request] of [
      [itemLoader, call("GET", other.cookie, undefined, `/${invoice.id}`)],
      [itemAction, call("PUT", other.cookie, { status: "paid" }, `/${invoice.id}`)],
      [itemAction, call("DELETE", other.cookie, undefined, `/${invoice.id}`)],
    ] as const) {
      const response = await runRoute(handler as never, request, { params });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Not found" });
    }
    expect(await getInvoiceWithItems(owner.user.id, invoice.id)).toMatchObject({ status: "pending", paidDate: null });
    const list = await runRoute(collectionLoader, call("GET", other.cookie));
    expect(await list.json()).toEqual([]);
  });
});
