// The late-charge confirm dialog (/app/invoices/{id}/late-charge) without JavaScript, and
// POST /api/invoices/{id}/late-charge: one charge per month past due, a clear refusal after.
import { afterEach, describe, expect, it } from "vitest";
import { createCustomer, createInvoice } from "#db/factories";
import { setNow } from "~/lib/clock";
import { getInvoiceWithItems } from "~/models/invoice.server";
import { action, loader } from "~/routes/app.invoices.$invoiceId.late-charge/route";
import { action as apiAction } from "~/routes/api.invoices.$id.late-charge/route";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../../test/accounts";
import { apiRequest, formRequest } from "../../../test/requests";
import { runRoute, toastOf } from "../../../test/route";

afterEach(() => setNow(null));

async function setUp() {
  const account = await signedInAccount();
  const db = await getDb();
  const customer = await createCustomer(db, account.user.id);
  const invoice = await createInvoice(db, account.user.id, {
    customerId: customer.id,
    taxRate: 0,
    status: "pending",
    dueDate: "2026-09-30",
    items: [{ description: "Service call", quantity: 100, unitPrice: 20_000 }],
  });
  return { ...account, invoice, url: `http://localhost/app/invoices/${invoice.id}/late-charge` };
}

describe("/app/invoices/:invoiceId/late-charge", () => {
  it("shows the accrued charge, adds it after the confirm post, and refuses a second one that month", async () => {
    const { user, cookie, invoice, url } = await setUp();
    setNow("2026-12-05T12:00:00Z");
    const params = { params: { invoiceId: invoice.id } };
    const page = (await runRoute(loader, new Request(url, { headers: { Cookie: cookie } }), params)).data as {
      late: { amount: number; months: number };
    };
    // Two whole months past due (October 30 → November 30): 2 × 1.5% of $200.00.
    expect(page.late).toMatchObject({ months: 2, amount: 600 });
    const added = await runRoute(action, formRequest(url, {}, { Cookie: cookie }), params);
    expect(added.status).toBe(302);
    expect(await toastOf(added.headers)).toMatchObject({ title: "invoices.lateCharge.added" });
    expect((await getInvoiceWithItems(user.id, invoice.id))?.total).toBe(20_600);

    const again = await runRoute(action, formRequest(url, {}, { Cookie: cookie }), params);
    expect(again.status).toBe(409);
    expect(again.data).toEqual({ problem: "invoices.lateCharge.alreadyCharged" });
    const api = await runRoute(apiAction, apiRequest(`http://localhost/api/invoices/${invoice.id}/late-charge`, "POST", cookie), {
      params: { id: invoice.id },
    });
    expect(api.status).toBe(409);
    expect((await getInvoiceWithItems(user.id, invoice.id))?.total).toBe(20_600);
  });

  it("answers 404 to another account and changes nothing", async () => {
    const { user, invoice, url } = await setUp();
    setNow("2026-12-05T12:00:00Z");
    const stranger = await signedInAccount();
    const params = { params: { invoiceId: invoice.id } };
    await expect(runRoute(action, formRequest(url, {}, { Cookie: stranger.cookie }), params)).resolves.toMatchObject({
      status: 404,
    });
    const api = await runRoute(
      apiAction,
      apiRequest(`http://localhost/api/invoices/${invoice.id}/late-charge`, "POST", stranger.cookie),
      { params: { id: invoice.id } },
    );
    expect(api.status).toBe(404);
    expect((await getInvoiceWithItems(user.id, invoice.id))?.total).toBe(20_000);
  });
});
