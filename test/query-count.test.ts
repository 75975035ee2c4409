// The query budget (docs/decisions/009): every list page, list API and document
// runs the same statements for an account with a few records as for one with many (no
// statement per row: no N+1), and no more than its budget. Each request runs the loaders
// Remix runs for it (root, the /app layout, parent routes, the route itself), and every
// statement the libSQL client executes is counted through onQuery. A page's count includes
// the shell's four (the session and the shell settings, each read once per GET request
// through app/infrastructure/request-memo.server.ts, and the bell's two). The budgets were
// counted when the shell ran six (a session read in each loader, the settings twice), so
// pages under the root and /app layout have three statements of room, the print pages one.
// A page that needs another query raises its budget in the same change, knowingly.
import { beforeAll, describe, expect, it } from "vitest";
import { createAppointment, createEstimate, createInvoice, createJob, JOB_TEMPLATES, seedAccount } from "#db/factories";
import { listEstimates } from "~/models/estimate.server";
import { getOrCreateShareLink } from "~/models/share.server";
import { getDb, onQuery } from "~/infrastructure/db.server";
import { inRequestScope } from "~/infrastructure/request-memo.server";
import { signedInAccount } from "./accounts";
import { runRoute } from "./route";

const FEW = 3;
const MANY = 60;

interface Account {
  cookie: string;
  /** A job with `size` estimates, invoices and appointments linked to it. */
  jobId: string;
  /** An estimate with `size` line items, and its invoice (the same lines). */
  estimateId: string;
  invoiceId: string;
}

/** An account with `size` records of every kind, linked the way seedAccount links them, plus a few heavy records. */
async function businessOf(size: number): Promise<Account> {
  const { user, cookie } = await signedInAccount(`Contractor with ${size}`);
  const db = await getDb();
  const each = { customers: size, jobs: size, estimates: size, invoices: size, appointments: size, notifications: size };
  await seedAccount(db, user.id, each, { seed: size });
  const job = await createJob(db, user.id, { status: "in_progress" });
  for (let i = 0; i < size; i++) {
    await createEstimate(db, user.id, { jobId: job.id });
    await createInvoice(db, user.id, { jobId: job.id, customerId: job.customerId });
    await createAppointment(db, user.id, { jobId: job.id });
  }
  const lines = Array.from({ length: size }, (_, i) => ({ ...JOB_TEMPLATES[i % JOB_TEMPLATES.length].items[0] }));
  const estimate = await createEstimate(db, user.id, { status: "approved", items: lines });
  const invoice = await createInvoice(db, user.id, { fromEstimate: estimate });
  // Every filter the cases use finds something in the small account too.
  await createInvoice(db, user.id, { status: "overdue" });
  // Share links on the newest estimates, so the estimates list reads some.
  for (const { id } of (await listEstimates(user.id, { pageSize: Math.min(size, 10) })).items)
    await getOrCreateShareLink(user.id, id);
  return { cookie, jobId: job.id, estimateId: estimate.id, invoiceId: invoice.id };
}

type Loader = (args: unknown) => unknown;
const loaderOf = async (module: Promise<{ loader?: unknown }>) => (await module).loader as Loader;

/** The loaders of a page: the root, the /app layout, then the route's own parents and itself. */
const pageChain = (...routes: Promise<{ loader?: unknown }>[]) => [import("~/root"), import("~/routes/app/route"), ...routes];

interface Case {
  name: string;
  url: (account: Account) => string;
  params?: (account: Account) => Record<string, string>;
  loaders: Promise<{ loader?: unknown }>[];
  /** At most this many statements for the whole request. */
  budget: number;
}

const cases: Case[] = [
  // 14: the last 30 days' payments by method and the balances by age are a grouped query each (decision 020).
  { name: "dashboard /app", url: () => "/app", loaders: pageChain(import("~/routes/app._index/route")), budget: 14 },
  { name: "customers", url: () => "/app/customers", loaders: pageChain(import("~/routes/app.customers/route")), budget: 9 },
  {
    name: "customers search",
    url: () => "/app/customers?q=a&sort=newest",
    loaders: pageChain(import("~/routes/app.customers/route")),
    budget: 10,
  },
  {
    // Through the search index: the page's customers and the count in one statement.
    name: "customers search by name",
    url: () => "/app/customers?q=son",
    loaders: pageChain(import("~/routes/app.customers/route")),
    budget: 9,
  },
  { name: "jobs", url: () => "/app/jobs", loaders: pageChain(import("~/routes/app.jobs/route")), budget: 12 },
  {
    name: "jobs search and filter",
    url: () => "/app/jobs?q=a&status=pending",
    loaders: pageChain(import("~/routes/app.jobs/route")),
    budget: 13,
  },
  {
    name: "job detail",
    url: (a) => `/app/jobs/${a.jobId}`,
    params: (a) => ({ jobId: a.jobId }),
    loaders: pageChain(import("~/routes/app.jobs.$jobId/route")),
    budget: 13,
  },
  { name: "estimates", url: () => "/app/estimates", loaders: pageChain(import("~/routes/app.estimates/route")), budget: 12 },
  {
    name: "estimates search",
    url: () => "/app/estimates?q=a&status=approved",
    loaders: pageChain(import("~/routes/app.estimates/route")),
    budget: 13,
  },
  {
    name: "estimate preview (many items)",
    url: (a) => `/app/estimates/${a.estimateId}/preview`,
    params: (a) => ({ estimateId: a.estimateId }),
    loaders: pageChain(import("~/routes/app.estimates/route"), import("~/routes/app.estimates.$estimateId.preview/route")),
    budget: 17, // +1: the deposits received (docs/decisions/017)
  },
  {
    name: "estimate editor (many items)",
    url: (a) => `/app/estimates/${a.estimateId}/edit`,
    params: (a) => ({ estimateId: a.estimateId }),
    loaders: pageChain(import("~/routes/app.estimates/route"), import("~/routes/app.estimates.$estimateId_.edit/route")),
    budget: 19, // +1: the deposits received (docs/decisions/017)
  },
  {
    name: "estimate print page",
    url: (a) => `/app/estimates/${a.estimateId}/print`,
    params: (a) => ({ estimateId: a.estimateId }),
    loaders: [import("~/root"), import("~/routes/app_.estimates.$estimateId.print/route")],
    budget: 7, // +1: the deposits received (docs/decisions/017)
  },
  {
    name: "estimate PDF",
    url: (a) => `/app/estimates/${a.estimateId}/pdf`,
    params: (a) => ({ estimateId: a.estimateId }),
    loaders: [import("~/routes/app.estimates.$estimateId.pdf/route")],
    budget: 6, // +1: the deposits received (docs/decisions/017); +1: the photos shown to the customer (docs/product/files.md)
  },
  { name: "invoices", url: () => "/app/invoices", loaders: pageChain(import("~/routes/app.invoices/route")), budget: 11 },
  {
    name: "invoices overdue",
    url: () => "/app/invoices?status=overdue",
    loaders: pageChain(import("~/routes/app.invoices/route")),
    budget: 12,
  },
  {
    name: "invoice PDF",
    url: (a) => `/app/invoices/${a.invoiceId}/pdf`,
    params: (a) => ({ invoiceId: a.invoiceId }),
    loaders: [import("~/routes/app.invoices.$invoiceId.pdf/route")],
    budget: 5, // +1: the photos shown to the customer (docs/product/files.md)
  },
  {
    name: "invoice activity",
    url: (a) => `/app/invoices/${a.invoiceId}/activity`,
    params: (a) => ({ invoiceId: a.invoiceId }),
    loaders: [import("~/routes/app.invoices.$invoiceId.activity/route")],
    budget: 7, // +1: the late charges added (docs/decisions/020)
  },
  {
    name: "estimate activity",
    url: (a) => `/app/estimates/${a.estimateId}/activity`,
    params: (a) => ({ estimateId: a.estimateId }),
    loaders: [import("~/routes/app.estimates.$estimateId.activity/route")],
    budget: 6, // +1: the deposits received (docs/decisions/020)
  },
  { name: "schedule today", url: () => "/app/schedule", loaders: pageChain(import("~/routes/app.schedule/route")), budget: 12 },
  {
    // Each day's first items are one prepared statement per source run for each of the seven
    // days (fourteen statements, however many records), and the days' totals one per source;
    // plus the account's data version, read first (decision 023: a week kept from an earlier
    // visit is that read alone, the test measures a first visit); plus the team, for the
    // member filter.
    name: "schedule calendar week",
    url: () => "/app/schedule?tab=calendar",
    loaders: pageChain(import("~/routes/app.schedule/route")),
    budget: 23, // +1: the sidebar's count of new work requests (docs/product/requests.md)
  },
  {
    name: "schedule list",
    url: () => "/app/schedule?tab=list",
    loaders: pageChain(import("~/routes/app.schedule/route")),
    budget: 12,
  },
  {
    name: "schedule list search",
    url: () => "/app/schedule?tab=list&q=a&status=scheduled",
    loaders: pageChain(import("~/routes/app.schedule/route")),
    budget: 12,
  },
  { name: "reports", url: () => "/app/reports?range=365", loaders: pageChain(import("~/routes/app.reports/route")), budget: 15 },
  {
    name: "notifications",
    url: () => "/app/notifications",
    loaders: pageChain(import("~/routes/app.notifications/route")),
    budget: 9,
  },
  { name: "search", url: () => "/app/search?q=a", loaders: pageChain(import("~/routes/app.search/route")), budget: 17 },
  { name: "GET /api/customers", url: () => "/api/customers", loaders: [import("~/routes/api.customers/route")], budget: 3 },
  { name: "GET /api/jobs", url: () => "/api/jobs", loaders: [import("~/routes/api.jobs/route")], budget: 5 },
  { name: "GET /api/estimates", url: () => "/api/estimates", loaders: [import("~/routes/api.estimates/route")], budget: 4 },
  {
    name: "GET /api/estimates/:id (many items)",
    url: (a) => `/api/estimates/${a.estimateId}`,
    params: (a) => ({ id: a.estimateId }),
    loaders: [import("~/routes/api.estimates.$id/route")],
    budget: 3,
  },
  { name: "GET /api/invoices", url: () => "/api/invoices", loaders: [import("~/routes/api.invoices/route")], budget: 5 },
  {
    name: "GET /api/appointments",
    url: () => "/api/appointments",
    loaders: [import("~/routes/api.appointments/route")],
    budget: 4,
  },
  {
    name: "GET /api/appointments/upcoming",
    url: () => "/api/appointments/upcoming",
    loaders: [import("~/routes/api.appointments.upcoming/route")],
    budget: 2,
  },
  {
    name: "GET /api/notifications",
    url: () => "/api/notifications",
    loaders: [import("~/routes/api.notifications/route")],
    budget: 2,
  },
  {
    name: "GET /api/dashboard/stats",
    url: () => "/api/dashboard/stats",
    loaders: [import("~/routes/api.dashboard.stats/route")],
    // 5: the two grouped queries of the money figures (docs/decisions/020).
    budget: 5,
  },
];

/** A statement without the length of its IN lists, which follows the page's length. */
const shape = (sql: string) => sql.replace(/\(\?(, \?)*\)/g, "(?...)");

/** The statements one request runs, loader after loader, each answering 200. */
async function statementsOf(c: Case, account: Account): Promise<string[]> {
  const request = () => new Request(`http://localhost${c.url(account)}`, { headers: { Cookie: account.cookie } });
  const statements: string[] = [];
  const stop = onQuery((statement) => statements.push(statement.sql));
  try {
    // One scope for the request's loaders, as server/app.ts opens for a GET.
    await inRequestScope(async () => {
      for (const module of c.loaders) {
        const response = await runRoute(await loaderOf(module), request(), { params: c.params?.(account) ?? {} });
        if (response instanceof Response) expect(response.status, `${c.name}: ${c.url(account)}`).toBe(200);
      }
    });
  } finally {
    stop();
  }
  return statements;
}

describe("query budget: as many statements for 60 records as for 3", () => {
  let few: Account;
  let many: Account;
  beforeAll(async () => {
    few = await businessOf(FEW);
    many = await businessOf(MANY);
  }, 60_000);

  it.each(cases)("$name", async (c) => {
    const small = await statementsOf(c, few);
    const large = await statementsOf(c, many);
    // Compared statement by statement, so a failure shows the query that repeats per record.
    expect(large.map(shape), `${c.name} runs more statements for more records`).toEqual(small.map(shape));
    expect(large.length, `${c.name} is over its budget:\n${large.join("\n")}`).toBeLessThanOrEqual(c.budget);
  });
});
