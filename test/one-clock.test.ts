// One clock for every account (docs/decisions/012-one-clock.md): near midnight in the
// account's zone, and on the days its clocks change, the dashboard, the lists, the API,
// the reports and the PDFs agree on what is overdue, what is on today's schedule, which
// estimates are still valid, which week it is and which days a report covers.
// The machine runs in America/Chicago here, so an account without a zone shows whether
// anything still falls back to the server's zone instead of UTC.
process.env.TZ = "America/Chicago";

import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { accountSettings } from "#db/schema";
import { createAppointment, createCustomer, createEstimate, createInvoice } from "#db/factories";
import { addDays, setNow, startOfDay, weekStartOf } from "~/lib/clock";
import { defaultValidUntil } from "~/lib/estimate-dates";
import { getAccountTimeZone, todayFor } from "~/models/settings.server";
import { getDashboardStats } from "~/models/overview.server";
import { getBusinessReport } from "~/models/report.server";
import { getOrCreateShareLink, loadSharedEstimate } from "~/models/share.server";
import { createInvoiceFromEstimate, listInvoices } from "~/models/invoice.server";
import { getDb } from "~/infrastructure/db.server";
import { invoicePdf } from "~/services/pdf.server";
import * as dashboardRoute from "~/routes/app._index/route";
import * as dashboardApi from "~/routes/api.dashboard.stats/route";
import * as invoicesRoute from "~/routes/app.invoices/route";
import * as invoicesApi from "~/routes/api.invoices/route";
import * as invoiceApi from "~/routes/api.invoices.$id/route";
import * as scheduleRoute from "~/routes/app.schedule/route";
import * as appointmentsApi from "~/routes/api.appointments/route";
import * as reportsRoute from "~/routes/app.reports/route";
import { signedInAccount } from "./accounts";
import { pdfText } from "./pdf-text";
import { callRoute } from "./route-call";

const MINUTE = 60_000;

interface Scenario {
  name: string;
  zone: string | null;
  /** The instant the clock is set to. */
  at: string;
  /** The account's calendar day at that instant, worked out by hand. */
  today: string;
}

const scenarios: Scenario[] = [
  { name: "Pacific/Kiritimati (UTC+14) at 23:30", zone: "Pacific/Kiritimati", at: "2026-11-24T09:30:00Z", today: "2026-11-24" },
  { name: "Pacific/Kiritimati (UTC+14) at 00:30", zone: "Pacific/Kiritimati", at: "2026-11-24T10:30:00Z", today: "2026-11-25" },
  { name: "Pacific/Pago_Pago (UTC-11) at 23:30", zone: "Pacific/Pago_Pago", at: "2026-11-25T10:30:00Z", today: "2026-11-24" },
  { name: "Pacific/Pago_Pago (UTC-11) at 00:30", zone: "Pacific/Pago_Pago", at: "2026-11-25T11:30:00Z", today: "2026-11-25" },
  {
    name: "America/Chicago at 00:30 on 2026-03-08 (clocks go forward)",
    zone: "America/Chicago",
    at: "2026-03-08T06:30:00Z",
    today: "2026-03-08",
  },
  {
    name: "America/Chicago at 23:30 on 2026-03-08 (clocks went forward)",
    zone: "America/Chicago",
    at: "2026-03-09T04:30:00Z",
    today: "2026-03-08",
  },
  {
    name: "America/Chicago at 00:30 on 2026-11-01 (clocks go back)",
    zone: "America/Chicago",
    at: "2026-11-01T05:30:00Z",
    today: "2026-11-01",
  },
  {
    name: "America/Chicago at 23:30 on 2026-11-01 (clocks went back)",
    zone: "America/Chicago",
    at: "2026-11-02T05:30:00Z",
    today: "2026-11-01",
  },
  {
    name: "no zone (UTC) at 03:30 UTC, the machine's evening before",
    zone: null,
    at: "2026-11-25T03:30:00Z",
    today: "2026-11-25",
  },
];

afterEach(() => setNow(null));

const json = (text: string) => JSON.parse(text) as Record<string, unknown>;

async function accountAt(scenario: Scenario) {
  setNow(scenario.at);
  const { user, cookie } = await signedInAccount();
  const db = await getDb();
  await db.update(accountSettings).set({ timeZone: scenario.zone }).where(eq(accountSettings.accountId, user.id));
  const zone = scenario.zone ?? "UTC";
  const { today } = scenario;
  const midnight = startOfDay(today, zone).getTime();
  const sunday = startOfDay(weekStartOf(today), zone).getTime();
  const tomorrow = startOfDay(addDays(today, 1), zone).getTime();

  // Customers: one from the last minute of last week, one from the first of this week.
  const lastWeek = await createCustomer(db, user.id, { name: "Last Week", createdAt: new Date(sunday - MINUTE) });
  await createCustomer(db, user.id, { name: "This Week", createdAt: new Date(sunday + MINUTE) });
  const customerId = lastWeek.id;
  const created = new Date(sunday - 10 * 86_400_000);
  // Invoices: due yesterday (overdue), due today (not yet); paid just inside and just outside "last 7 days".
  const overdue = await createInvoice(db, user.id, {
    customerId,
    title: "Due yesterday",
    dueDate: addDays(today, -1),
    createdAt: created,
  });
  const dueToday = await createInvoice(db, user.id, { customerId, title: "Due today", dueDate: today, createdAt: created });
  const sevenDaysAgo = startOfDay(addDays(today, -6), zone).getTime();
  const paidInside = await createInvoice(db, user.id, {
    customerId,
    status: "paid",
    paidDate: new Date(sevenDaysAgo + MINUTE),
    createdAt: created,
  });
  await createInvoice(db, user.id, { customerId, status: "paid", paidDate: new Date(sevenDaysAgo - MINUTE), createdAt: created });
  // Appointments: the last minute of yesterday, the first and the last minute of today, the first of tomorrow.
  const appointment = (title: string, at: number) =>
    createAppointment(db, user.id, { customerId, title, scheduledDate: new Date(at), status: "scheduled" });
  await appointment("Yesterday late", midnight - MINUTE);
  await appointment("Today early", midnight + MINUTE);
  await appointment("Today late", tomorrow - MINUTE);
  await appointment("Tomorrow early", tomorrow + MINUTE);
  // Estimates: valid through today, valid through yesterday.
  const validToday = await createEstimate(db, user.id, { customerId, status: "pending", validUntil: today, createdAt: created });
  const validYesterday = await createEstimate(db, user.id, {
    customerId,
    status: "pending",
    validUntil: addDays(today, -1),
    createdAt: created,
  });
  return { user, cookie, overdue, dueToday, paidInside, validToday, validYesterday };
}

const get = (path: string, cookie: string) => new Request(`http://localhost${path}`, { headers: { Cookie: cookie } });

describe.each(scenarios)("$name", (scenario) => {
  it("every part of the product reads the same today, overdue, schedule, validity, week and report range", async () => {
    const { user, cookie, overdue, dueToday, paidInside, validToday, validYesterday } = await accountAt(scenario);
    const { today } = scenario;

    // The one clock's answer.
    expect(await getAccountTimeZone(user.id)).toBe(scenario.zone ?? "UTC");
    expect(await todayFor(user.id)).toBe(today);
    expect(defaultValidUntil(30, scenario.zone)).toBe(addDays(today, 30));

    // Overdue: the dashboard (model, page, API) ...
    const stats = await getDashboardStats(user.id, { timeZone: await getAccountTimeZone(user.id) });
    expect(stats.overdueInvoices).toBe(1);
    expect(stats.newCustomersThisWeek).toBe(1);
    const dashboard = json((await callRoute(dashboardRoute.loader, get("/app", cookie))).text) as { stats: typeof stats };
    expect(dashboard.stats).toMatchObject({ overdueInvoices: 1, newCustomersThisWeek: 1 });
    expect(json((await callRoute(dashboardApi.loader, get("/api/dashboard/stats", cookie))).text)).toMatchObject({
      overdueInvoices: 1,
      newCustomersThisWeek: 1,
    });

    // ... the lists (model, page, API) ...
    const listed = await listInvoices(user.id, { status: "overdue", today: await todayFor(user.id) });
    expect(listed.items.map((invoice) => invoice.id)).toEqual([overdue.id]);
    const page = json((await callRoute(invoicesRoute.loader, get("/app/invoices", cookie))).text) as {
      items: { id: string; status: string }[];
    };
    expect(page.items.find((item) => item.id === overdue.id)?.status).toBe("overdue");
    expect(page.items.find((item) => item.id === dueToday.id)?.status).toBe("pending");
    const pageOverdue = json((await callRoute(invoicesRoute.loader, get("/app/invoices?status=overdue", cookie))).text) as {
      items: { id: string }[];
    };
    expect(pageOverdue.items.map((item) => item.id)).toEqual([overdue.id]);
    const api = JSON.parse((await callRoute(invoicesApi.loader, get("/api/invoices?status=overdue", cookie))).text) as {
      id: string;
      status: string;
    }[];
    expect(api.map((invoice) => [invoice.id, invoice.status])).toEqual([[overdue.id, "overdue"]]);
    const one = json((await callRoute(invoiceApi.loader, get(`/api/invoices/${dueToday.id}`, cookie), { id: dueToday.id })).text);
    expect(one.status).toBe("pending");

    // ... and the PDFs.
    expect((await pdfText((await invoicePdf(user.id, overdue.id))!.body)).toUpperCase()).toContain("OVERDUE");
    expect((await pdfText((await invoicePdf(user.id, dueToday.id))!.body)).toUpperCase()).not.toContain("OVERDUE");

    // Today's schedule: the page and the API's day filter hold today's first and last minute, nothing else.
    const schedule = json((await callRoute(scheduleRoute.loader, get("/app/schedule", cookie))).text) as {
      today: string;
      view: { todayItems: { title: string }[] };
    };
    expect(schedule.today).toBe(today);
    expect(schedule.view.todayItems.map((item) => item.title)).toEqual(["Today early", "Today late"]);
    const apiDay = JSON.parse(
      (await callRoute(appointmentsApi.loader, get(`/api/appointments?from=${today}&to=${today}`, cookie))).text,
    ) as { title: string }[];
    expect(apiDay.map((item) => item.title)).toEqual(["Today early", "Today late"]);

    // Estimate validity: valid through today is still open; through yesterday has expired.
    const openLink = await getOrCreateShareLink(user.id, validToday.id);
    const closedLink = await getOrCreateShareLink(user.id, validYesterday.id);
    expect((await loadSharedEstimate(openLink!.link.token))?.state).toBe("pending");
    expect((await loadSharedEstimate(closedLink!.link.token))?.state).toBe("expired");

    // Report range: the last 7 days end today, in the model and on the page, and hold the payment made in them.
    const report = await getBusinessReport(user.id, 7, { timeZone: scenario.zone });
    expect([report.window.from, report.window.to]).toEqual([addDays(today, -6), today]);
    expect(report.totalRevenue).toBe(paidInside.total);
    expect(report.aging.current.count).toBe(1);
    expect(report.aging.days1to30.count).toBe(1);
    const reportsPage = json((await callRoute(reportsRoute.loader, get("/app/reports?range=7", cookie))).text) as {
      from: string;
      to: string;
    };
    expect([reportsPage.from, reportsPage.to]).toEqual([addDays(today, -6), today]);
  });
});

describe("rows written through the app", () => {
  afterEach(() => setNow(null));

  it("are dated by the clock, so an invoice is issued on the clock's day and due 30 days after it", async () => {
    const { user } = await signedInAccount();
    const db = await getDb();
    const customer = await createCustomer(db, user.id, { name: "Ana Ruiz" });
    const estimate = await createEstimate(db, user.id, { customerId: customer.id, status: "approved" });
    setNow("2030-03-10T15:00:00Z");
    const made = await createInvoiceFromEstimate(user.id, estimate.id);
    if (made.status !== "created") throw new Error(made.status);
    const invoice = made.invoice;
    expect(invoice.createdAt.toISOString()).toBe("2030-03-10T15:00:00.000Z");
    expect(invoice.dueDate).toBe("2030-04-09");
    // Its number is the account's next (decision 031), whatever the clock says.
    expect(invoice.invoiceNumber).toBe("INV-0001");
  });
});
