// Deposits before and after the estimate becomes an invoice (docs/decisions/017): never lost on
// conversion, never counted twice, against a real libSQL file.
import { describe, expect, it } from "vitest";
import { createCustomer, createEstimate } from "#db/factories";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../test/accounts";
import { depositSummary, setDepositAsk } from "./deposit.server";
import { createInvoiceFromEstimate, deleteInvoice, getInvoiceWithItems } from "./invoice.server";
import { listNotifications } from "./notification.server";
import {
  deleteDeposit,
  deletePayment,
  listInvoicePayments,
  recordCardDeposit,
  recordDeposit,
  recordManualPayment,
} from "./payment.server";

async function approvedEstimate(total = 200_000) {
  const { user } = await signedInAccount();
  const db = await getDb();
  const customer = await createCustomer(db, user.id);
  const estimate = await createEstimate(db, user.id, {
    customerId: customer.id,
    status: "approved",
    taxRate: 0,
    items: [{ description: "Repipe", quantity: 100, unitPrice: total }],
  });
  return { user, estimate };
}

const byHand = (accountId: string, estimateId: string, amount: number) =>
  recordDeposit(accountId, estimateId, { amount, method: "check" }, { manual: true });

describe("deposits", () => {
  it("asks a percent, records by hand, and the invoice keeps it as a payment already made", async () => {
    const { user, estimate } = await approvedEstimate();
    await setDepositAsk(user.id, estimate.id, { type: "percent", value: 2500 });
    expect(await depositSummary(user.id, estimate.id)).toMatchObject({ asked: 50_000, received: 0, due: 50_000 });
    expect((await byHand(user.id, estimate.id, 50_000)).status).toBe("recorded");
    expect(await depositSummary(user.id, estimate.id)).toMatchObject({ received: 50_000, due: 0 });

    const created = await createInvoiceFromEstimate(user.id, estimate.id);
    expect(created.status).toBe("created");
    const invoiceId = created.status === "created" ? created.invoice.id : "";
    expect(await getInvoiceWithItems(user.id, invoiceId)).toMatchObject({
      total: 200_000,
      amountPaid: 50_000,
      status: "pending",
    });
    expect((await listInvoicePayments(user.id, invoiceId)).map((p) => [p.amount, p.method])).toEqual([[50_000, "check"]]);

    // Converting again answers the same invoice and counts nothing twice.
    expect((await createInvoiceFromEstimate(user.id, estimate.id)).status).toBe("exists");
    expect(await getInvoiceWithItems(user.id, invoiceId)).toMatchObject({ amountPaid: 50_000 });
  });

  it("a card deposit after the invoice exists lands on the invoice, once per session", async () => {
    const { user, estimate } = await approvedEstimate();
    await byHand(user.id, estimate.id, 10_000);
    const created = await createInvoiceFromEstimate(user.id, estimate.id);
    const invoiceId = created.status === "created" ? created.invoice.id : "";
    for (let i = 0; i < 2; i++) await recordCardDeposit(estimate.id, { amount: 30_000, externalId: "cs_test_late" });
    expect((await depositSummary(user.id, estimate.id))?.received).toBe(40_000);
    expect(await getInvoiceWithItems(user.id, invoiceId)).toMatchObject({ amountPaid: 40_000 });
    // By hand, the invoiced estimate sends the contractor to the invoice.
    expect(await byHand(user.id, estimate.id, 1_000)).toMatchObject({ status: "invoiced" });
  });

  it("a card deposit that overpays the invoice it lands on tells the contractor the invoice is overpaid, once", async () => {
    const { user, estimate } = await approvedEstimate();
    const created = await createInvoiceFromEstimate(user.id, estimate.id);
    const invoice = created.status === "created" ? created.invoice : undefined;
    // Paid in full by hand, then Stripe reports a deposit the customer paid on the estimate's page.
    expect((await byHand(user.id, estimate.id, 1_000)).status).toBe("invoiced");
    expect(
      (
        await recordManualPayment(user.id, invoice!.id, {
          date: "2026-11-02",
          amount: 200_000,
          method: "check",
          reference: null,
          note: null,
        })
      ).status,
    ).toBe("recorded");
    const overpaid = async () => (await listNotifications(user.id)).filter((n) => n.title === "Invoice overpaid");
    expect(await overpaid()).toEqual([]);

    for (let i = 0; i < 2; i++)
      await recordCardDeposit(estimate.id, { amount: 30_000, externalId: `cs_test_over_${estimate.id}` });
    expect(await getInvoiceWithItems(user.id, invoice!.id)).toMatchObject({
      total: 200_000,
      amountPaid: 230_000,
      status: "paid",
    });
    const notices = await overpaid();
    expect(notices).toHaveLength(1);
    expect(notices[0].message).toContain(invoice!.invoiceNumber);
    expect(notices[0].message).toContain("$300.00");
    // The estimate itself is not overpaid: its deposits are below its total.
    expect((await listNotifications(user.id)).filter((n) => n.title === "Estimate overpaid")).toEqual([]);
  });

  it("a card deposit that leaves a balance on the invoice says nothing of overpaying", async () => {
    const { user, estimate } = await approvedEstimate();
    const created = await createInvoiceFromEstimate(user.id, estimate.id);
    const invoiceId = created.status === "created" ? created.invoice.id : "";
    await recordManualPayment(user.id, invoiceId, {
      date: "2026-11-02",
      amount: 150_000,
      method: "check",
      reference: null,
      note: null,
    });
    await recordCardDeposit(estimate.id, { amount: 50_000, externalId: `cs_test_exact_${estimate.id}` });
    expect(await getInvoiceWithItems(user.id, invoiceId)).toMatchObject({ amountPaid: 200_000, status: "paid" });
    expect((await listNotifications(user.id)).map((n) => n.title)).not.toContain("Invoice overpaid");
  });

  it("deleting the invoice keeps the deposits with the estimate for the next invoice", async () => {
    const { user, estimate } = await approvedEstimate();
    await byHand(user.id, estimate.id, 25_000);
    const first = await createInvoiceFromEstimate(user.id, estimate.id);
    await deleteInvoice(user.id, first.status === "created" ? first.invoice.id : "");
    expect((await depositSummary(user.id, estimate.id))?.received).toBe(25_000);
    const second = await createInvoiceFromEstimate(user.id, estimate.id);
    expect(second.status).toBe("created");
    expect(second.status === "created" && second.invoice.amountPaid).toBe(25_000);
  });

  it("deleting the deposit's payment on the invoice deletes the deposit: it does not come back", async () => {
    const { user, estimate } = await approvedEstimate();
    await byHand(user.id, estimate.id, 25_000);
    const created = await createInvoiceFromEstimate(user.id, estimate.id);
    const invoiceId = created.status === "created" ? created.invoice.id : "";
    const [payment] = await listInvoicePayments(user.id, invoiceId);
    await deletePayment(user.id, payment.id);
    expect((await depositSummary(user.id, estimate.id))?.received).toBe(0);
    await recordCardDeposit(estimate.id, { amount: 5_000, externalId: "cs_test_after" });
    expect((await listInvoicePayments(user.id, invoiceId)).map((p) => p.amount)).toEqual([5_000]);
    expect(await getInvoiceWithItems(user.id, invoiceId)).toMatchObject({ amountPaid: 5_000 });
    // And deleting a deposit takes its payment off the invoice.
    const summary = await depositSummary(user.id, estimate.id);
    await deleteDeposit(user.id, summary!.deposits[0].id);
    expect(await getInvoiceWithItems(user.id, invoiceId)).toMatchObject({ amountPaid: 0 });
    expect(await listInvoicePayments(user.id, invoiceId)).toEqual([]);
  });

  it("refuses by hand above what is left of the total, on a declined estimate, and for another account", async () => {
    const { user, estimate } = await approvedEstimate(10_000);
    await byHand(user.id, estimate.id, 6_000);
    expect(await byHand(user.id, estimate.id, 4_001)).toEqual({ status: "above-total", remaining: 4_000 });
    const results = await Promise.all([byHand(user.id, estimate.id, 3_000), byHand(user.id, estimate.id, 3_000)]);
    expect(results.map((r) => r.status).sort()).toEqual(["above-total", "recorded"]);
    expect((await depositSummary(user.id, estimate.id))?.received).toBe(9_000);

    const other = await signedInAccount();
    expect(await byHand(other.user.id, estimate.id, 100)).toEqual({ status: "not-found" });
    expect(await depositSummary(other.user.id, estimate.id)).toBeUndefined();
    expect(await deleteDeposit(other.user.id, (await depositSummary(user.id, estimate.id))!.deposits[0].id)).toBeNull();

    const db = await getDb();
    const declined = await createEstimate(db, user.id, { customerId: estimate.customerId, status: "rejected" });
    expect(await byHand(user.id, declined.id, 100)).toEqual({ status: "declined" });
  });
});
