// The payments ledger through the API: /api/invoices/{id}/payments and /api/payments/{id},
// called as Remix calls them, with real sessions and a real libSQL file.
import { describe, expect, it } from "vitest";
import { createCustomer, createInvoice } from "#db/factories";
import { PAYMENT_METHODS } from "#db/schema";
import { PAYMENT_METHOD_VALUES } from "~/lib/payment-schema";
import { getInvoiceWithItems, markInvoicePaid } from "~/models/invoice.server";
import { listInvoicePayments } from "~/models/payment.server";
import { action as invoiceAction, loader as invoiceLoader } from "~/routes/api.invoices.$id/route";
import { action as paymentsAction, loader as paymentsLoader } from "~/routes/api.invoices.$id.payments/route";
import { action as paymentAction } from "~/routes/api.payments.$id/route";
import { getDb } from "~/infrastructure/db.server";
import { setNow } from "~/lib/clock";
import { signedInAccount } from "../../../test/accounts";
import { apiRequest } from "../../../test/requests";
import { runRoute } from "../../../test/route";

const BASE = "http://localhost/api";

async function invoiceOf(total = 100_000) {
  const account = await signedInAccount();
  const db = await getDb();
  const customer = await createCustomer(db, account.user.id);
  const invoice = await createInvoice(db, account.user.id, {
    customerId: customer.id,
    taxRate: 0,
    items: [{ description: "Water heater", quantity: 100, unitPrice: total }],
    dueDate: "2099-01-01",
  });
  return { ...account, invoice };
}

const pay = (cookie: string | null, invoiceId: string, body: unknown) =>
  runRoute(paymentsAction, apiRequest(`${BASE}/invoices/${invoiceId}/payments`, "POST", cookie, body), {
    params: { id: invoiceId },
  });
const apiInvoice = async (cookie: string, id: string) =>
  (await (
    await runRoute(invoiceLoader, apiRequest(`${BASE}/invoices/${id}`, "GET", cookie), { params: { id } })
  ).json()) as Record<string, unknown>;

describe("payments API", () => {
  it("stores the same methods as the database allows", () => {
    expect([...PAYMENT_METHOD_VALUES]).toEqual([...PAYMENT_METHODS]);
  });

  it("answers 401 without a session", async () => {
    const { invoice } = await invoiceOf();
    expect((await pay(null, invoice.id, { amount: "10.00", method: "cash" })).status).toBe(401);
    expect(
      (
        await runRoute(paymentsLoader, apiRequest(`${BASE}/invoices/${invoice.id}/payments`, "GET", null), {
          params: { id: invoice.id },
        })
      ).status,
    ).toBe(401);
    expect(
      (await runRoute(paymentAction, apiRequest(`${BASE}/payments/x`, "DELETE", null), { params: { id: "x" } })).status,
    ).toBe(401);
  });

  it("records a deposit and a partial payment, shows amountPaid and balance, then paid at zero with the last payment's date", async () => {
    const { cookie, invoice } = await invoiceOf(100_000);
    const deposit = await pay(cookie, invoice.id, {
      amount: "250",
      date: "2026-11-02",
      method: "check",
      reference: "1042",
      note: "Deposit",
    });
    expect(deposit.status).toBe(201);
    expect(await deposit.json()).toMatchObject({
      amount: "250.00",
      date: "2026-11-02",
      method: "check",
      reference: "1042",
      note: "Deposit",
    });
    expect(await apiInvoice(cookie, invoice.id)).toMatchObject({
      status: "pending",
      total: "1000.00",
      amountPaid: "250.00",
      balance: "750.00",
      paidDate: null,
    });

    expect((await pay(cookie, invoice.id, { amount: "749.99", method: "bank_transfer", date: "2026-11-10" })).status).toBe(201);
    expect(await apiInvoice(cookie, invoice.id)).toMatchObject({ status: "pending", balance: "0.01" });

    expect((await pay(cookie, invoice.id, { amount: "0.01", method: "cash", date: "2026-11-12" })).status).toBe(201);
    const paid = await apiInvoice(cookie, invoice.id);
    expect(paid).toMatchObject({ status: "paid", amountPaid: "1000.00", balance: "0.00" });
    expect(String(paid.paidDate).slice(0, 10)).toBe("2026-11-12");

    const list = await runRoute(paymentsLoader, apiRequest(`${BASE}/invoices/${invoice.id}/payments`, "GET", cookie), {
      params: { id: invoice.id },
    });
    expect(((await list.json()) as { amount: string }[]).map((p) => p.amount)).toEqual(["250.00", "749.99", "0.01"]);
  });

  it("refuses bad input and a payment above the balance with 400, writing nothing", async () => {
    const { user, cookie, invoice } = await invoiceOf(10_000);
    setNow(new Date("2026-11-24T15:00:00Z"));
    try {
      const cases: [unknown, string][] = [
        [{ method: "cash" }, "Amount is required"],
        [{ amount: "-5", method: "cash" }, "Amount must be more than zero"],
        [{ amount: "0", method: "cash" }, "Amount must be more than zero"],
        [{ amount: "10.001", method: "cash" }, "Amount can have at most two decimals"],
        [{ amount: "ten", method: "cash" }, "Amount must be a number such as 125.50"],
        [{ amount: "10", method: "bitcoin" }, "Method must be card, cash, check, bank transfer or other"],
        [{ amount: "10" }, "Method must be card, cash, check, bank transfer or other"],
        [{ amount: "10", method: "cash", date: "2026-13-01" }, "Date must be a day such as 2026-11-24"],
        [{ amount: "10", method: "cash", date: "2026-11-25" }, "The date cannot be in the future"],
        [{ amount: "10", method: "cash", reference: "a\u0000b" }, "validation.controlCharacters"],
        [{ amount: "10", method: "cash", paid: true }, "Unrecognized field(s): paid"],
        [{ amount: "100.01", method: "cash" }, "The payment is more than the balance due (100.00)"],
      ];
      for (const [body, message] of cases) {
        const response = await pay(cookie, invoice.id, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        const answer = (await response.json()) as { message: string };
        if (message.startsWith("validation.")) expect(answer.message).toMatch(/control/i);
        else expect(answer.message, JSON.stringify(body)).toBe(message);
      }
      const notJson = await runRoute(
        paymentsAction,
        new Request(`${BASE}/invoices/${invoice.id}/payments`, {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": "application/json" },
          body: "{",
        }),
        { params: { id: invoice.id } },
      );
      expect(notJson.status).toBe(400);
      expect(await listInvoicePayments(user.id, invoice.id)).toEqual([]);
      expect(await getInvoiceWithItems(user.id, invoice.id)).toMatchObject({ amountPaid: 0, status: "pending" });
    } finally {
      setNow(null);
    }
  });

  it("two payments of the whole balance sent at once: one is recorded, the other refused", async () => {
    const { user, cookie, invoice } = await invoiceOf(10_000);
    const answers = await Promise.all([1, 2, 3].map(() => pay(cookie, invoice.id, { amount: "100", method: "cash" })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    expect(await listInvoicePayments(user.id, invoice.id)).toHaveLength(1);
    expect(await getInvoiceWithItems(user.id, invoice.id)).toMatchObject({ amountPaid: 10_000, status: "paid" });
  });

  it("deleting a payment reopens a paid invoice; another account's invoice and payment are 404 and untouched", async () => {
    const owner = await invoiceOf(10_000);
    const other = await signedInAccount("Other");
    const created = await pay(owner.cookie, owner.invoice.id, { amount: "100", method: "card" });
    const payment = (await created.json()) as { id: string };
    expect(await getInvoiceWithItems(owner.user.id, owner.invoice.id)).toMatchObject({ status: "paid" });

    expect((await pay(other.cookie, owner.invoice.id, { amount: "1", method: "cash" })).status).toBe(404);
    const foreignList = await runRoute(
      paymentsLoader,
      apiRequest(`${BASE}/invoices/${owner.invoice.id}/payments`, "GET", other.cookie),
      { params: { id: owner.invoice.id } },
    );
    expect(foreignList.status).toBe(404);
    const foreignDelete = await runRoute(paymentAction, apiRequest(`${BASE}/payments/${payment.id}`, "DELETE", other.cookie), {
      params: { id: payment.id },
    });
    expect(foreignDelete.status).toBe(404);
    expect(await listInvoicePayments(owner.user.id, owner.invoice.id)).toHaveLength(1);

    const deleted = await runRoute(paymentAction, apiRequest(`${BASE}/payments/${payment.id}`, "DELETE", owner.cookie), {
      params: { id: payment.id },
    });
    expect(deleted.status).toBe(200);
    expect(await getInvoiceWithItems(owner.user.id, owner.invoice.id)).toMatchObject({
      status: "pending",
      amountPaid: 0,
      paidDate: null,
    });
  });

  it("Mark as paid and PUT status paid record one payment of the remaining balance", async () => {
    const first = await invoiceOf(10_000);
    await pay(first.cookie, first.invoice.id, { amount: "30", method: "cash" });
    expect((await markInvoicePaid(first.user.id, first.invoice.id)).status).toBe("paid");
    expect((await listInvoicePayments(first.user.id, first.invoice.id)).map((p) => [p.amount, p.method])).toEqual([
      [3_000, "cash"],
      [7_000, "other"],
    ]);
    expect((await markInvoicePaid(first.user.id, first.invoice.id)).status).toBe("not-payable");
    expect(await listInvoicePayments(first.user.id, first.invoice.id)).toHaveLength(2);

    const second = await invoiceOf(5_000);
    const put = await runRoute(
      invoiceAction,
      apiRequest(`${BASE}/invoices/${second.invoice.id}`, "PUT", second.cookie, { status: "paid" }),
      {
        params: { id: second.invoice.id },
      },
    );
    expect(await put.json()).toMatchObject({ status: "paid", amountPaid: "50.00", balance: "0.00" });
    expect((await listInvoicePayments(second.user.id, second.invoice.id)).map((p) => p.amount)).toEqual([5_000]);
  });
});
