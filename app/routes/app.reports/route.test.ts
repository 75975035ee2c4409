// The money figures (docs/decisions/020) through the routes a contractor and the API use:
// the reports page, its two exports and /api/dashboard/stats agree on the money collected
// (payments by the day received, by method) and on what is owed by age, after payments
// recorded and deleted through the API.
import { afterEach, describe, expect, it } from "vitest";
import { createCustomer, createInvoice } from "#db/factories";
import { setNow } from "~/lib/clock";
import { loader as statsLoader } from "~/routes/api.dashboard.stats/route";
import { action as paymentsAction } from "~/routes/api.invoices.$id.payments/route";
import { action as paymentAction } from "~/routes/api.payments.$id/route";
import { loader as reportsLoader } from "~/routes/app.reports/route";
import { loader as csvLoader } from "~/routes/app.reports.export[.csv]/route";
import { loader as jsonLoader } from "~/routes/app.reports.export[.json]/route";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../../test/accounts";
import { apiRequest } from "../../../test/requests";
import { runRoute } from "../../../test/route";

// Wednesday, November 18, 2026, in the afternoon (the account is in UTC).
const NOW = new Date("2026-11-18T15:00:00Z");
const BASE = "http://localhost";

afterEach(() => setNow(null));

async function business() {
  setNow(NOW);
  const account = await signedInAccount();
  const db = await getDb();
  const customer = await createCustomer(db, account.user.id);
  const invoice = (cents: number, dueDate: string) =>
    createInvoice(db, account.user.id, {
      customerId: customer.id,
      status: "pending",
      taxRate: 0,
      dueDate,
      createdAt: new Date("2026-08-01T12:00:00Z"),
      items: [{ description: "Work", quantity: 100, unitPrice: cents }],
    });
  // $1,000.00 due 48 days ago, $500.00 due in a week, $200.00 due 100 days ago.
  const big = await invoice(100_000, "2026-10-01");
  const soon = await invoice(50_000, "2026-11-25");
  const old = await invoice(20_000, "2026-08-10");
  const pay = async (invoiceId: string, body: Record<string, string>) => {
    const response = await runRoute(
      paymentsAction,
      apiRequest(`${BASE}/api/invoices/${invoiceId}/payments`, "POST", account.cookie, body),
      { params: { id: invoiceId } },
    );
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as { id: string };
  };
  return { ...account, big, soon, old, pay };
}

async function figures(cookie: string, range = 30) {
  const page = (await (await runRoute(reportsLoader, `/app/reports?range=${range}`, { cookie })).json()) as {
    report: {
      totalRevenue: number;
      collected: Record<string, { count: number; amount: number }>;
      aging: Record<string, { count: number; amount: number }>;
    };
  };
  const json = await (await runRoute(jsonLoader, `/app/reports/export.json?range=${range}`, { cookie })).json();
  const csv = await (await runRoute(csvLoader, `/app/reports/export.csv?range=${range}`, { cookie })).text();
  const stats = await (await runRoute(statsLoader, apiRequest(`${BASE}/api/dashboard/stats`, "GET", cookie))).json();
  return { page: page.report, json, csv, stats };
}

describe("money collected and owed, on every surface", () => {
  it("partial payments by method, on the day received; what is left owed by age", async () => {
    const { cookie, big, soon, pay } = await business();
    await pay(big.id, { amount: "300.00", date: "2026-11-02", method: "check", reference: "1042" });
    await pay(big.id, { amount: "150.50", date: "2026-11-18", method: "cash" });
    await pay(soon.id, { amount: "100", date: "2026-09-01", method: "card" }); // 78 days ago: outside 30 days

    const { page, json, csv, stats } = await figures(cookie);
    expect(page.totalRevenue).toBe(45_050);
    expect(page.collected.check).toEqual({ count: 1, amount: 30_000 });
    expect(page.collected.cash).toEqual({ count: 1, amount: 15_050 });
    expect(page.collected.card).toEqual({ count: 0, amount: 0 });
    // Owed: $549.50 of the big one (48 days late), $400.00 not yet due, $200.00 100 days late.
    expect(page.aging).toEqual({
      current: { count: 1, amount: 40_000 },
      days1to30: { count: 0, amount: 0 },
      days31to60: { count: 1, amount: 54_950 },
      days61to90: { count: 0, amount: 0 },
      over90: { count: 1, amount: 20_000 },
    });

    expect(json.summary.totalRevenue).toBe("450.50");
    expect(json.collected.total).toEqual({ count: 2, amount: "450.50" });
    expect(json.collected.byMethod.check).toEqual({ count: 1, amount: "300.00" });
    expect(json.aging.total).toEqual({ count: 3, amount: "1149.50" });
    expect(json.aging.buckets.days31to60).toEqual({ count: 1, amount: "549.50" });

    expect(csv).toContain("summary.totalRevenue,450.50\r\n");
    expect(csv).toContain("collected.cash.amount,150.50\r\n");
    expect(csv).toContain("collected.cash.count,1\r\n");
    expect(csv).toContain("aging.over90.amount,200.00\r\n");
    expect(csv).toContain("aging.total.amount,1149.50\r\n");

    // The dashboard: everything ever collected, the last 30 days by method, owed today.
    expect(stats).toMatchObject({
      totalRevenue: "550.50",
      collectedLast30Days: "450.50",
      unpaidBalance: "1149.50",
    });
    expect(stats.collectedByMethod).toEqual(json.collected.byMethod);
    expect(stats.unpaidByAge).toEqual(json.aging.buckets);

    // The year sees the card payment of September too.
    const year = await figures(cookie, 365);
    expect(year.page.collected.card).toEqual({ count: 1, amount: 10_000 });
    expect(year.json.summary.totalRevenue).toBe("550.50");
  });

  it("a deleted payment leaves every figure, and its balance is owed again", async () => {
    const { cookie, big, pay } = await business();
    await pay(big.id, { amount: "400.00", date: "2026-11-10", method: "bank_transfer" });
    const mistake = await pay(big.id, { amount: "600.00", date: "2026-11-17", method: "check" });
    let now = await figures(cookie);
    expect(now.json.summary.totalRevenue).toBe("1000.00");
    expect(now.page.aging.days31to60).toEqual({ count: 0, amount: 0 });

    const deleted = await runRoute(paymentAction, apiRequest(`${BASE}/api/payments/${mistake.id}`, "DELETE", cookie), {
      params: { id: mistake.id },
    });
    expect(deleted.status).toBeLessThan(300);
    now = await figures(cookie);
    expect(now.json.summary.totalRevenue).toBe("400.00");
    expect(now.json.collected.byMethod.check).toEqual({ count: 0, amount: "0.00" });
    expect(now.json.collected.byMethod.bank_transfer).toEqual({ count: 1, amount: "400.00" });
    expect(now.page.aging.days31to60).toEqual({ count: 1, amount: 60_000 });
    expect(now.stats).toMatchObject({ totalRevenue: "400.00", unpaidBalance: "1300.00" });
  });

  it("another account's payments and balances never show", async () => {
    const { big, pay } = await business();
    await pay(big.id, { amount: "300.00", date: "2026-11-02", method: "check" });
    const other = await signedInAccount();
    const { json, stats } = await figures(other.cookie);
    expect(json.collected.total).toEqual({ count: 0, amount: "0.00" });
    expect(json.aging.total).toEqual({ count: 0, amount: "0.00" });
    expect(stats).toMatchObject({ totalRevenue: "0.00", collectedLast30Days: "0.00", unpaidBalance: "0.00" });
  });
});
