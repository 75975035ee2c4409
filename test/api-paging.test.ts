// API lists answer a bounded default page (50) with X-Total-Count and a Link header to the
// neighbouring pages (docs/product/api.md): no default answer grows with the account.
import { describe, expect, it } from "vitest";
import { createAppointment, createCustomer, createEstimate, createInvoice, createJob } from "#db/factories";
import { loader as appointmentsLoader } from "~/routes/api.appointments/route";
import { loader as customersLoader } from "~/routes/api.customers/route";
import { loader as estimatesLoader } from "~/routes/api.estimates/route";
import { loader as invoicesLoader } from "~/routes/api.invoices/route";
import { loader as jobsLoader } from "~/routes/api.jobs/route";
import { loader as recurringLoader } from "~/routes/api.recurring-invoices/route";
import { createRecurringInvoice } from "~/models/recurring-invoice.server";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "./accounts";
import { apiRequest } from "./requests";
import { runRoute } from "./route";

const COUNT = 53;

async function busyAccount() {
  const account = await signedInAccount();
  const db = await getDb();
  const customer = await createCustomer(db, account.user.id, { name: "Customer 000" });
  for (let i = 1; i < COUNT; i++) await createCustomer(db, account.user.id, { name: `Customer ${String(i).padStart(3, "0")}` });
  for (let i = 0; i < COUNT; i++) {
    await createJob(db, account.user.id, { customerId: customer.id, title: `Job ${i}` });
    await createEstimate(db, account.user.id, { customerId: customer.id, title: `Estimate ${i}` });
    await createInvoice(db, account.user.id, { customerId: customer.id });
    await createAppointment(db, account.user.id, { customerId: customer.id, title: `Visit ${i}` });
    await createRecurringInvoice(account.user.id, {
      customerId: customer.id,
      title: `Plan ${i}`,
      description: null,
      notes: null,
      taxRate: 0,
      frequency: "monthly",
      startDate: "2099-01-01",
      endDate: null,
      count: null,
      autoSend: false,
      items: [{ description: "Visit", quantity: 100, unitPrice: 100 }],
    });
  }
  return account;
}

const lists = [
  ["/api/customers", customersLoader],
  ["/api/jobs", jobsLoader],
  ["/api/estimates", estimatesLoader],
  ["/api/invoices", invoicesLoader],
  ["/api/appointments", appointmentsLoader],
  ["/api/recurring-invoices", recurringLoader],
] as const;

describe("API list pages", () => {
  it("answer 50 by default with the total and a link to the next page; the last page links back", async () => {
    const { cookie } = await busyAccount();
    for (const [path, loader] of lists) {
      const first = await runRoute(loader, apiRequest(`http://localhost${path}?q=`, "GET", cookie));
      expect(first.status, path).toBe(200);
      expect(((await first.json()) as unknown[]).length, path).toBe(50);
      expect(first.headers.get("X-Total-Count"), path).toBe(String(COUNT));
      expect(first.headers.get("Link"), path).toBe(`<${path}?q=&page=2&pageSize=50>; rel="next"`);

      const last = await runRoute(loader, apiRequest(`http://localhost${path}?page=2`, "GET", cookie));
      expect(((await last.json()) as unknown[]).length, path).toBe(COUNT - 50);
      expect(last.headers.get("Link"), path).toBe(`<${path}?page=1&pageSize=50>; rel="prev"`);
    }
  });

  it("take pageSize from 1 to 1000; anything else is the default page", async () => {
    const { cookie } = await busyAccount();
    const sizes: [string, number][] = [
      ["pageSize=10", 10],
      ["pageSize=1000", COUNT],
      ["pageSize=0", 50],
      ["pageSize=-3", 50],
      ["pageSize=abc", 50],
      ["pageSize=2.5", 50],
    ];
    for (const [query, expected] of sizes) {
      const response = await runRoute(customersLoader, apiRequest(`http://localhost/api/customers?${query}`, "GET", cookie));
      expect(((await response.json()) as unknown[]).length, query).toBe(expected);
    }
    const all = await runRoute(customersLoader, apiRequest("http://localhost/api/customers?pageSize=1000", "GET", cookie));
    expect(all.headers.get("Link")).toBeNull();
  });
});
