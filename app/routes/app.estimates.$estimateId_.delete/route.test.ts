// The estimate delete dialog says what goes with the estimate: the deposits received on it
// when no invoice carries them (decision 017), counted in the signed-in account only.
import { describe, expect, it } from "vitest";
import { createCustomer, createEstimate } from "#db/factories";
import { createInvoiceFromEstimate } from "~/models/invoice.server";
import { listEstimateDeposits, recordDeposit } from "~/models/payment.server";
import { action, loader } from "~/routes/app.estimates.$estimateId_.delete/route";
import { formatMoney } from "~/lib/money";
import { getDb } from "~/infrastructure/db.server";
import { serverI18n } from "~/infrastructure/i18n.server";
import { signedInAccount } from "../../../test/accounts";
import { runRoute } from "../../../test/route";

const dialog = (estimateId: string, cookie: string) =>
  runRoute(loader, new Request(`http://localhost/app/estimates/${estimateId}/delete`, { headers: { Cookie: cookie } }), {
    params: { estimateId },
  });

async function approvedEstimate(accountId: string) {
  const db = await getDb();
  const customer = await createCustomer(db, accountId);
  return createEstimate(db, accountId, {
    customerId: customer.id,
    status: "approved",
    taxRate: 0,
    items: [{ description: "Rewire", quantity: 100, unitPrice: 100_000 }],
  });
}

describe("/app/estimates/:estimateId/delete", () => {
  it("sums the deposits the delete takes with it, and none once an invoice carries them", async () => {
    const { user, cookie } = await signedInAccount();
    const plain = await approvedEstimate(user.id);
    const paid = await approvedEstimate(user.id);
    const invoiced = await approvedEstimate(user.id);
    await recordDeposit(user.id, paid.id, { amount: 10_000, method: "check" });
    await recordDeposit(user.id, paid.id, { amount: 5_000, method: "cash" });
    await recordDeposit(user.id, invoiced.id, { amount: 20_000, method: "check" });
    expect((await createInvoiceFromEstimate(user.id, invoiced.id)).status).not.toBe("not-found");
    const other = await signedInAccount();
    const theirs = await approvedEstimate(other.user.id);
    await recordDeposit(other.user.id, theirs.id, { amount: 7_000, method: "cash" });

    expect((await dialog(plain.id, cookie)).data).toMatchObject({
      estimate: { id: plain.id },
      invoiced: false,
      deposits: { count: 0, received: 0 },
      currency: "USD",
    });
    const page = await dialog(paid.id, cookie);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ invoiced: false, deposits: { count: 2, received: 15_000 } });
    expect(
      (await serverI18n("en")).t("estimates.deleteTakesDeposits", { count: 1, amount: formatMoney(15_000, "en", "USD") }),
    ).toBe("The deposit of $150.00 received on it is deleted too; record it on another estimate or refund it.");
    expect((await dialog(invoiced.id, cookie)).data).toMatchObject({ invoiced: true, deposits: { count: 0, received: 0 } });
    expect((await dialog(theirs.id, cookie)).status).toBe(404);

    // The dialog tells the truth: deleting the estimate deletes its deposits.
    const deleted = await runRoute(
      action,
      new Request(`http://localhost/app/estimates/${paid.id}/delete`, { method: "POST", headers: { Cookie: cookie } }),
      { params: { estimateId: paid.id } },
    );
    expect(deleted.status).toBe(302);
    expect(await listEstimateDeposits(user.id, paid.id)).toEqual([]);
    expect(await listEstimateDeposits(other.user.id, theirs.id)).toHaveLength(1);
  });
});
