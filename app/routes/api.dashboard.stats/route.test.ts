// GET /api/dashboard/stats, called as Remix calls it, with real sessions.
import { describe, expect, it } from "vitest";
import { createCustomer, createEstimate, createInvoice, createJob } from "#db/factories";
import { loader } from "~/routes/api.dashboard.stats/route";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../../test/accounts";
import { apiRequest } from "../../../test/requests";
import { runRoute } from "../../../test/route";

const URL = "http://localhost/api/dashboard/stats";
const DAY = 86_400_000;
const line = [{ description: "Labor", quantity: 150, unitPrice: 9_500 }];
const none = { count: 0, amount: "0.00" };
const methods = (some: Record<string, { count: number; amount: string }> = {}) => ({
  card: none,
  cash: none,
  check: none,
  bank_transfer: none,
  other: none,
  ...some,
});
const ages = (some: Record<string, { count: number; amount: string }> = {}) => ({
  current: none,
  days1to30: none,
  days31to60: none,
  days61to90: none,
  over90: none,
  ...some,
});

describe("/api/dashboard/stats", () => {
  it("answers 401 JSON without a session", async () => {
    const response = await runRoute(loader, apiRequest(URL, "GET", null));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Not authenticated" });
  });

  it("an empty account: zeros, revenue as a decimal string, nothing to compare", async () => {
    const { cookie } = await signedInAccount();
    const response = await runRoute(loader, apiRequest(URL, "GET", cookie));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({
      totalJobs: 0,
      totalRevenue: "0.00",
      pendingEstimates: 0,
      activeCustomers: 0,
      jobsChange: null,
      revenueChange: null,
      overdueInvoices: 0,
      newCustomersThisWeek: 0,
      collectedLast30Days: "0.00",
      collectedByMethod: methods(),
      unpaidBalance: "0.00",
      unpaidByAge: ages(),
    });
  });

  it("counts the account's own records only", async () => {
    const db = await getDb();
    const me = await signedInAccount();
    const other = await signedInAccount();
    const theirs = await createCustomer(db, other.user.id);
    await createJob(db, other.user.id, { customerId: theirs.id });
    await createEstimate(db, other.user.id, { customerId: theirs.id, status: "pending" });
    await createInvoice(db, other.user.id, { customerId: theirs.id, status: "paid", items: line });
    await createInvoice(db, other.user.id, { customerId: theirs.id, status: "overdue", items: line });

    const ana = await createCustomer(db, me.user.id);
    await createJob(db, me.user.id, { customerId: ana.id });
    await createJob(db, me.user.id, { customerId: ana.id, createdAt: new Date(Date.now() - 40 * DAY) });
    await createEstimate(db, me.user.id, { customerId: ana.id, status: "pending" });
    await createEstimate(db, me.user.id, { customerId: ana.id, status: "rejected" });
    // 1.5 h at $95.00 = $142.50, tax $11.76: $154.26 each.
    await createInvoice(db, me.user.id, { customerId: ana.id, status: "paid", paidDate: new Date(), items: line });
    await createInvoice(db, me.user.id, {
      customerId: ana.id,
      status: "paid",
      paidDate: new Date(Date.now() - 45 * DAY),
      items: line,
    });
    await createInvoice(db, me.user.id, { customerId: ana.id, status: "pending", dueDate: "2000-01-01", items: line });

    const response = await runRoute(loader, apiRequest(URL, "GET", me.cookie));
    expect(await response.json()).toEqual({
      totalJobs: 2,
      totalRevenue: "308.52",
      pendingEstimates: 1,
      activeCustomers: 1,
      jobsChange: 0,
      revenueChange: 0,
      overdueInvoices: 1,
      newCustomersThisWeek: 1,
      // Added with the payments ledger (docs/decisions/020): the money of the ledger. The factory records
      // a paid invoice's payment by check, on its paid date.
      collectedLast30Days: "154.26",
      collectedByMethod: methods({ check: { count: 1, amount: "154.26" } }),
      unpaidBalance: "154.26",
      unpaidByAge: ages({ over90: { count: 1, amount: "154.26" } }),
    });
  });
});
