// The customer delete dialog says what goes with the customer: their recurring invoices
// (foreign key cascade, decision 018), counted in the signed-in account only.
import { describe, expect, it } from "vitest";
import { createCustomer } from "#db/factories";
import { createRecurringInvoice, countCustomerRecurringInvoices } from "~/models/recurring-invoice.server";
import { action, loader } from "~/routes/app.customers.$customerId.delete/route";
import { getDb } from "~/infrastructure/db.server";
import { serverI18n } from "~/infrastructure/i18n.server";
import { signedInAccount } from "../../../test/accounts";
import { runRoute } from "../../../test/route";

const plan = (customerId: string, title: string) => ({
  customerId,
  title,
  description: null,
  notes: null,
  taxRate: 0,
  frequency: "monthly" as const,
  startDate: "2099-01-01",
  endDate: null,
  count: null,
  autoSend: false,
  items: [{ description: "Visit", quantity: 100, unitPrice: 10_000 }],
});

const dialog = (customerId: string, cookie: string) =>
  runRoute(loader, new Request(`http://localhost/app/customers/${customerId}/delete`, { headers: { Cookie: cookie } }), {
    params: { customerId },
  });

describe("/app/customers/:customerId/delete", () => {
  it("counts the customer's recurring invoices, which the delete takes with it", async () => {
    const { user, cookie } = await signedInAccount();
    const db = await getDb();
    const withPlans = await createCustomer(db, user.id, { name: "Ana Ruiz" });
    const without = await createCustomer(db, user.id, { name: "Ben Ortiz" });
    await createRecurringInvoice(user.id, plan(withPlans.id, "Monthly service"));
    await createRecurringInvoice(user.id, plan(withPlans.id, "Filter changes"));
    // Another account's plans for its own customer count for nobody here.
    const other = await signedInAccount();
    const theirs = await createCustomer(db, other.user.id, { name: "Cy Lee" });
    await createRecurringInvoice(other.user.id, plan(theirs.id, "Their plan"));

    const page = await dialog(withPlans.id, cookie);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ customer: { id: withPlans.id, name: "Ana Ruiz" }, recurring: 2 });
    expect((await serverI18n("en")).t("customers.deleteTakesRecurring", { count: 2 })).toBe(
      "Their 2 recurring invoices are deleted too.",
    );
    expect((await serverI18n("es")).t("customers.deleteTakesRecurring", { count: 1 })).toBe(
      "Su factura recurrente también se elimina.",
    );
    expect((await dialog(without.id, cookie)).data).toMatchObject({ customer: { id: without.id }, recurring: 0 });
    expect((await dialog(theirs.id, cookie)).status).toBe(404);

    // The dialog tells the truth: deleting the customer deletes both plans.
    const deleted = await runRoute(
      action,
      new Request(`http://localhost/app/customers/${withPlans.id}/delete`, { method: "POST", headers: { Cookie: cookie } }),
      { params: { customerId: withPlans.id } },
    );
    expect(deleted.status).toBe(302);
    expect(await countCustomerRecurringInvoices(user.id, withPlans.id)).toBe(0);
    expect(await countCustomerRecurringInvoices(other.user.id, theirs.id)).toBe(1);
  });
});
