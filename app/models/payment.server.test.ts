// The payments ledger (docs/decisions/013, 017): one path records, lists and deletes money
// received against an invoice or an estimate; the invoice's amount paid, status and paid date
// follow in the same batch. Against a real libSQL file.
import { describe, expect, it } from "vitest";
import { createCustomer, createEstimate, createInvoice } from "#db/factories";
import { getDb } from "~/infrastructure/db.server";
import { INVOICE_STATUS_VALUES, statusAfterPayments, type InvoiceStatus } from "~/lib/invoice-status";
import { signedInAccount } from "../../test/accounts";
import { createInvoiceFromEstimate, getInvoiceWithItems } from "./invoice.server";
import {
  deleteDeposit,
  deletePayment,
  listEstimateDeposits,
  listInvoicePayments,
  recordDeposit,
  recordManualPayment,
  recordPayment,
} from "./payment.server";

const DAY = 24 * 60 * 60 * 1000;
const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * DAY);

async function invoiceOf(total: number, status: InvoiceStatus = "pending") {
  const { user } = await signedInAccount();
  const db = await getDb();
  const customer = await createCustomer(db, user.id);
  const invoice = await createInvoice(db, user.id, {
    customerId: customer.id,
    status,
    amountPaid: 0,
    taxRate: 0,
    items: [{ description: "Repipe", quantity: 100, unitPrice: total }],
  });
  return { user, invoice };
}

const paid = async (accountId: string, invoiceId: string) => {
  const invoice = await getInvoiceWithItems(accountId, invoiceId);
  return { status: invoice?.status, amountPaid: invoice?.amountPaid, paidDate: invoice?.paidDate?.getTime() ?? null };
};

describe("the payments ledger", () => {
  it("leaves the status statusAfterPayments says, from every stored status, below, at and above the total", async () => {
    for (const status of INVOICE_STATUS_VALUES) {
      for (const amount of [4_000, 10_000, 12_000]) {
        const { user, invoice } = await invoiceOf(10_000, status);
        const recorded = await recordPayment(user.id, invoice.id, { amount, method: "card" }, { notify: false });
        const after = statusAfterPayments(status, 10_000, amount);
        expect([status, amount, (await paid(user.id, invoice.id)).status]).toEqual([status, amount, after]);
        await deletePayment(user.id, recorded.status === "recorded" ? recorded.payment.id : "");
        expect([status, amount, (await paid(user.id, invoice.id)).status]).toEqual([
          status,
          amount,
          statusAfterPayments(after, 10_000, 0),
        ]);
      }
    }
  });

  it("pays an invoice on the day of the payment that settles it, and reopens it when one goes", async () => {
    const { user, invoice } = await invoiceOf(10_000);
    const first = await recordPayment(user.id, invoice.id, { amount: 4_000, method: "cash", receivedAt: day(3) });
    expect(first).toMatchObject({ status: "recorded", amountPaid: 4_000, balance: 6_000 });
    expect(await paid(user.id, invoice.id)).toEqual({ status: "pending", amountPaid: 4_000, paidDate: null });

    // Backdated, it still settles the invoice on its own day.
    const second = await recordPayment(user.id, invoice.id, { amount: 6_000, method: "check", receivedAt: day(1) });
    expect(second).toMatchObject({ status: "recorded", amountPaid: 10_000, balance: 0 });
    expect(await paid(user.id, invoice.id)).toEqual({ status: "paid", amountPaid: 10_000, paidDate: day(1).getTime() });

    // More money keeps the paid day.
    const third = await recordPayment(user.id, invoice.id, { amount: 500, method: "card", receivedAt: day(9) });
    expect(await paid(user.id, invoice.id)).toEqual({ status: "paid", amountPaid: 10_500, paidDate: day(1).getTime() });

    // Deleting one that leaves it paid: paid on its latest payment's day.
    expect((await deletePayment(user.id, third.status === "recorded" ? third.payment.id : ""))?.amount).toBe(500);
    expect(await paid(user.id, invoice.id)).toEqual({ status: "paid", amountPaid: 10_000, paidDate: day(3).getTime() });

    // Deleting one that opens the balance: pending, no paid day.
    await deletePayment(user.id, first.status === "recorded" ? first.payment.id : "");
    expect(await paid(user.id, invoice.id)).toEqual({ status: "pending", amountPaid: 6_000, paidDate: null });
    expect((await listInvoicePayments(user.id, invoice.id)).map((p) => p.amount)).toEqual([6_000]);
  });

  it("refuses by hand above the balance, two at once included, and records from outside whatever the balance", async () => {
    const { user, invoice } = await invoiceOf(10_000);
    const values = (amount: number) => ({ amount, date: "2026-01-05", method: "check" as const, reference: null, note: null });
    expect(await recordManualPayment(user.id, invoice.id, values(10_001))).toEqual({ status: "above-balance", balance: 10_000 });
    const both = await Promise.all([
      recordManualPayment(user.id, invoice.id, values(6_000)),
      recordManualPayment(user.id, invoice.id, values(6_000)),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual(["above-balance", "recorded"]);
    expect(await recordPayment(user.id, invoice.id, { amount: 9_000, method: "card", externalId: "cs_over" })).toMatchObject({
      status: "recorded",
      amountPaid: 15_000,
      balance: -5_000,
    });
    expect(await recordPayment(user.id, invoice.id, { amount: 9_000, method: "card", externalId: "cs_over" })).toEqual({
      status: "duplicate",
    });
    const other = await signedInAccount();
    expect(await recordPayment(other.user.id, invoice.id, { amount: 100, method: "cash" })).toEqual({ status: "not-found" });
    expect(await deletePayment(other.user.id, (await listInvoicePayments(user.id, invoice.id))[0].id)).toBeNull();
  });

  it("deleting a deposit carried onto a paid invoice takes its payment off and reopens the invoice, in one go", async () => {
    const { user } = await signedInAccount();
    const db = await getDb();
    const customer = await createCustomer(db, user.id);
    const estimate = await createEstimate(db, user.id, {
      customerId: customer.id,
      status: "approved",
      taxRate: 0,
      items: [{ description: "Repipe", quantity: 100, unitPrice: 10_000 }],
    });
    await recordDeposit(user.id, estimate.id, { amount: 3_000, method: "check", receivedAt: day(1) }, { manual: true });
    const created = await createInvoiceFromEstimate(user.id, estimate.id);
    const invoiceId = created.status === "created" ? created.invoice.id : "";
    // The rest arrives as a deposit after the invoice exists: carried at once, the invoice is paid on its day.
    await recordDeposit(user.id, estimate.id, { amount: 7_000, method: "card", receivedAt: day(4), externalId: "cs_rest" });
    expect(await paid(user.id, invoiceId)).toEqual({ status: "paid", amountPaid: 10_000, paidDate: day(4).getTime() });

    const [, rest] = await listEstimateDeposits(user.id, estimate.id);
    expect((await deleteDeposit(user.id, rest.id))?.amount).toBe(7_000);
    expect(await paid(user.id, invoiceId)).toEqual({ status: "pending", amountPaid: 3_000, paidDate: null });
    expect((await listInvoicePayments(user.id, invoiceId)).map((p) => p.depositId)).toEqual([
      (await listEstimateDeposits(user.id, estimate.id))[0].id,
    ]);
  });
});
