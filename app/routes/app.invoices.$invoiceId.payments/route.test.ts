// The invoice's payments dialog (/app/invoices/{id}/payments), posted as a browser without
// JavaScript posts it: record a payment, refuse one above the balance, delete one.
import { describe, expect, it } from "vitest";
import { createCustomer, createInvoice } from "#db/factories";
import { getInvoiceWithItems } from "~/models/invoice.server";
import { listInvoicePayments } from "~/models/payment.server";
import { action, loader } from "~/routes/app.invoices.$invoiceId.payments/route";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../../test/accounts";
import { formRequest } from "../../../test/requests";
import { runRoute, toastOf } from "../../../test/route";

const ORIGIN = "http://localhost";

async function setUp() {
  const account = await signedInAccount();
  const db = await getDb();
  const customer = await createCustomer(db, account.user.id, { name: "Rosa Díaz" });
  const invoice = await createInvoice(db, account.user.id, {
    customerId: customer.id,
    taxRate: 0,
    items: [{ description: "Breaker panel", quantity: 100, unitPrice: 40_000 }],
  });
  const url = `${ORIGIN}/app/invoices/${invoice.id}/payments?q=panel`;
  const post = async (fields: Record<string, string>, cookie = account.cookie) => {
    const response = await runRoute(action, formRequest(url, fields, { Cookie: cookie }), { params: { invoiceId: invoice.id } });
    return response;
  };
  return { ...account, invoice, url, post };
}

describe("/app/invoices/:invoiceId/payments", () => {
  it("shows the figures, records a partial payment and goes back to the list with a toast", async () => {
    const { user, cookie, invoice, url, post } = await setUp();
    const page = (
      await runRoute(loader, new Request(url, { headers: { Cookie: cookie } }), { params: { invoiceId: invoice.id } })
    ).data as {
      invoice: { total: number; amountPaid: number };
      payments: unknown[];
    };
    expect(page.invoice).toMatchObject({ total: 40_000, amountPaid: 0 });
    expect(page.payments).toEqual([]);

    const answer = await post({
      intent: "record",
      amount: "150.00",
      date: "2026-11-01",
      method: "check",
      reference: "2231",
      note: "",
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/app/invoices?q=panel");
    // A part payment is not announced as paying the invoice: the toast gives what is left.
    expect(await toastOf(answer.headers)).toMatchObject({
      title: "invoices.payments.recorded",
      description: "invoices.payments.recordedPartBody",
      values: { number: invoice.invoiceNumber, amount: "$150.00", balance: "$250.00" },
    });
    expect((await listInvoicePayments(user.id, invoice.id)).map((p) => [p.amount, p.method, p.reference])).toEqual([
      [15_000, "check", "2231"],
    ]);
    expect(await getInvoiceWithItems(user.id, invoice.id)).toMatchObject({ status: "pending", amountPaid: 15_000 });
  });

  it("refuses an amount above the balance, a bad amount and a future date with 400 and writes nothing", async () => {
    const { user, invoice, post } = await setUp();
    for (const [fields, field, message] of [
      [{ amount: "400.01", method: "cash" }, "amount", "invoices.payments.aboveBalanceForm"],
      [{ amount: "12.345", method: "cash" }, "amount", "invoices.payments.amountDecimals"],
      [{ amount: "", method: "cash" }, "amount", "invoices.payments.amountRequired"],
      [{ amount: "10", method: "cash", date: "2999-01-01" }, "date", "invoices.payments.dateFuture"],
      [{ amount: "10", method: "barter" }, "method", "invoices.payments.methodInvalid"],
    ] as const) {
      const answer = await post({ intent: "record", ...fields });
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      const result = (answer.data as { result: { error: Record<string, string[]> } }).result;
      expect(result.error[field], JSON.stringify(fields)).toEqual([message]);
    }
    expect(await listInvoicePayments(user.id, invoice.id)).toEqual([]);
  });

  it("deletes a payment, reopening the invoice; another account cannot", async () => {
    const { user, invoice, post } = await setUp();
    const paid = await post({ intent: "record", amount: "400", method: "cash" });
    expect(await toastOf(paid.headers)).toMatchObject({
      description: "invoices.payments.recordedPaidBody",
      values: { amount: "$400.00", balance: "$0.00" },
    });
    expect(await getInvoiceWithItems(user.id, invoice.id)).toMatchObject({ status: "paid" });
    const [payment] = await listInvoicePayments(user.id, invoice.id);

    const other = await signedInAccount("Other");
    const foreign = await post({ intent: "delete", paymentId: payment.id }, other.cookie);
    expect(foreign.status).toBe(404);
    expect(await listInvoicePayments(user.id, invoice.id)).toHaveLength(1);

    const deleted = await post({ intent: "delete", paymentId: payment.id });
    expect(deleted.status).toBe(302);
    expect(await toastOf(deleted.headers)).toMatchObject({
      title: "invoices.payments.deleted",
      description: "invoices.payments.deletedBody",
    });
    expect(await listInvoicePayments(user.id, invoice.id)).toEqual([]);
    expect(await getInvoiceWithItems(user.id, invoice.id)).toMatchObject({ status: "pending", amountPaid: 0 });
  });
});
