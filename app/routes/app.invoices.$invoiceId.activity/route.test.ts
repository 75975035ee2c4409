// The activity dialogs, /app/invoices/{id}/activity and /app/estimates/{id}/activity, called as
// Remix calls their loaders, with real sessions: the account's own document answers its
// history with the zone and currency to show it in; another account's id answers 404.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, createEstimate, createInvoice } from "#db/factories";
import { accountSettings } from "#db/schema";
import { recordPayment } from "~/models/payment.server";
import { getSettings } from "~/models/settings.server";
import { loader as estimateActivity } from "~/routes/app.estimates.$estimateId.activity/route";
import { loader as invoiceActivity } from "~/routes/app.invoices.$invoiceId.activity/route";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../../test/accounts";
import { runRoute } from "../../../test/route";

async function documents() {
  const db = await getDb();
  const account = await signedInAccount();
  const customer = await createCustomer(db, account.user.id, { name: "Ana García" });
  const invoice = await createInvoice(db, account.user.id, { customerId: customer.id, status: "pending", taxRate: 0 });
  const estimate = await createEstimate(db, account.user.id, { customerId: customer.id, status: "pending" });
  return { ...account, invoice, estimate };
}

const get = (loader: unknown, path: string, cookie: string | undefined, params: Record<string, string>) =>
  runRoute(loader, path, { cookie, params });

describe("/app/invoices/{id}/activity", () => {
  it("answers the invoice's history, in the account's zone and currency", async () => {
    const { user, cookie, invoice } = await documents();
    await getSettings(user.id);
    const db = await getDb();
    await db.update(accountSettings).set({ timeZone: "America/Chicago" }).where(eq(accountSettings.accountId, user.id));
    const paid = await recordPayment(user.id, invoice.id, { amount: 2_500, method: "cash" }, { notify: false });
    expect(paid.status).toBe("recorded");

    const response = await get(invoiceActivity, `/app/invoices/${invoice.id}/activity`, cookie, { invoiceId: invoice.id });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      activity: { number: string; customerName: string; events: { type: string; amount?: number; method?: string }[] };
      zone: string;
      currency: string;
    };
    expect(body.zone).toBe("America/Chicago");
    expect(body.currency).toBe("USD");
    expect(body.activity).toMatchObject({ number: invoice.invoiceNumber, customerName: "Ana García" });
    expect(body.activity.events.map((event) => event.type)).toEqual(["created", "payment"]);
    expect(body.activity.events[1]).toMatchObject({ amount: 2_500, method: "cash" });
  });

  it("answers 404 for another account's invoice, an estimate's id and an unknown id", async () => {
    const { invoice, estimate } = await documents();
    const other = await signedInAccount();
    for (const id of [invoice.id, estimate.id, "nope"]) {
      const response = await get(invoiceActivity, `/app/invoices/${id}/activity`, other.cookie, { invoiceId: id });
      expect(response.status, id).toBe(404);
    }
  });

  it("sends the signed-out to sign in", async () => {
    const { invoice } = await documents();
    const response = await get(invoiceActivity, `/app/invoices/${invoice.id}/activity`, undefined, { invoiceId: invoice.id });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
  });
});

describe("/app/estimates/{id}/activity", () => {
  it("answers the estimate's history", async () => {
    const { cookie, estimate } = await documents();
    const response = await get(estimateActivity, `/app/estimates/${estimate.id}/activity`, cookie, { estimateId: estimate.id });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      activity: { kind: string; number: string; events: { type: string }[] };
      zone: string;
    };
    expect(body.activity).toMatchObject({ kind: "estimate", number: estimate.estimateNumber });
    expect(body.activity.events.map((event) => event.type)).toEqual(["created"]);
    // No zone saved: UTC (docs/decisions/012).
    expect(body.zone).toBe("UTC");
  });

  it("answers 404 for another account's estimate and for an invoice's id", async () => {
    const { invoice, estimate } = await documents();
    const other = await signedInAccount();
    for (const id of [estimate.id, invoice.id]) {
      const response = await get(estimateActivity, `/app/estimates/${id}/activity`, other.cookie, { estimateId: id });
      expect(response.status, id).toBe(404);
    }
    const mine = await get(estimateActivity, `/app/estimates/${invoice.id}/activity`, undefined, { estimateId: invoice.id });
    expect(mine.status).toBe(302);
  });
});
