// Query plans and loader timings on a large account (docs/decisions/009).
//
//   npx tsx scripts/explain.ts            plans of every statement, then timings
//   npx tsx scripts/explain.ts plans      only the plans
//   npx tsx scripts/explain.ts times      only the timings (median of 20 calls, small and large account)
//   npx tsx scripts/explain.ts cost       each statement alone on the large account (median ms)
//   npx tsx scripts/explain.ts times jobs only the scenarios whose name contains "jobs"
//   PRAGMAS="cache_size=-65536" npx tsx scripts/explain.ts times   with connection settings tried first
//
// Each scenario calls the model functions a screen's or an API's loader calls, with the
// same arguments. The statements it runs are caught through onQuery (app/infrastructure/db.server.ts)
// and explained with their own arguments, so the plans are those of the real queries. The
// database is data/perf/perf.db (scripts/perf-db.ts), seeded on first use.
import { preparePerfDatabase } from "./perf-db";

const RUNS = 20;
const WARMUP = 3;

const accounts = await preparePerfDatabase();
const { getConnection, onQuery } = await import("~/infrastructure/db.server");
const { listCustomers, countCustomers } = await import("~/models/customer.server");
const { listJobs, countJobs, getJobDetail, recentJobs } = await import("~/models/job.server");
const { listEstimates, countEstimates, getEstimateWithItems } = await import("~/models/estimate.server");
const { listInvoices, countInvoices, todayFor } = await import("~/models/invoice.server");
const { loadEstimateDocument } = await import("~/models/document.server");
const appointmentModel = await import("~/models/appointment.server");
const { getNotificationBell, listNotifications, countUnread } = await import("~/models/notification.server");
const { getDashboardStats, searchBusiness } = await import("~/models/overview.server");
const { getBusinessReport } = await import("~/models/report.server");
const { forgetKeptFigures } = await import("~/models/kept-figures.server");
const { getSettings, getSettingsWithoutLogo, getShellSettings } = await import("~/models/settings.server");
const { shareLinksOf } = await import("~/models/share.server");
const { dayKey: calendarDay, weekStartOf } = await import("~/lib/clock");
const dayKey = calendarDay;
const { DASHBOARD_UPCOMING_LIMIT, UPCOMING_LIMIT } = await import("~/lib/schedule");
const { listAppointments, upcomingAppointments, getAccountTimeZone } = appointmentModel;
const { scheduleDay, scheduleWeek, upcomingSchedule, scheduleList } = await import("~/models/schedule.server");

const { client } = await getConnection();
// PRAGMAS="cache_size=-65536;mmap_size=268435456" tries connection settings before they go into db.server.ts.
// Only on a local file: a libSQL server (sqld) refuses them ("SQL_PARSE_ERROR: unsupported
// statement: PRAGMA cache_size ...") and keeps its own settings.
const pragmas = (process.env.PRAGMAS ?? "").split(";").filter(Boolean);
if (pragmas.length && !(process.env.DATABASE_URL ?? "").startsWith("file:")) {
  console.error(`PRAGMAS skipped: ${process.env.DATABASE_URL} is not a local file, and a libSQL server refuses them.`);
} else {
  for (const pragma of pragmas) await client.execute(`PRAGMA ${pragma}`);
}
const API_PAGE = 1000;

/** An estimate of the account with the most line items (the detail and PDF scenarios). */
async function biggestEstimate(accountId: string): Promise<string> {
  const row = await client.execute({
    sql: `select e.id from estimates e join estimate_items i on i.estimate_id = e.id
          where e.account_id = ? group by e.id order by count(*) desc limit 1`,
    args: [accountId],
  });
  return String(row.rows[0].id);
}
async function someJob(accountId: string): Promise<string> {
  const row = await client.execute({
    sql: `select j.id from jobs j join estimates e on e.job_id = j.id where j.account_id = ?
          group by j.id order by count(*) desc limit 1`,
    args: [accountId],
  });
  return String(row.rows[0].id);
}

const fixtures = {
  [accounts.large]: { estimate: await biggestEstimate(accounts.large), job: await someJob(accounts.large) },
  [accounts.small]: { estimate: await biggestEstimate(accounts.small), job: await someJob(accounts.small) },
};

type Scenario = [name: string, run: (accountId: string) => Promise<unknown>];

// What each loader calls (app/routes/*), in the same order and with the same arguments
// (an unfiltered list page takes the account total from the page total).
const scenarios: Scenario[] = [
  ["shell (app layout, every page)", (u) => Promise.all([getShellSettings(u), getNotificationBell(u)])],
  [
    "dashboard /app",
    async (u) => {
      const timeZone = await getAccountTimeZone(u);
      return Promise.all([
        getDashboardStats(u, { timeZone }),
        getSettings(u),
        recentJobs(u, 3),
        upcomingAppointments(u, { limit: DASHBOARD_UPCOMING_LIMIT }),
      ]);
    },
  ],
  ["customers", (u) => listCustomers(u, { sort: "name" })],
  ["customers newest p2", (u) => listCustomers(u, { sort: "newest", page: 2 })],
  ["customers name p200", (u) => listCustomers(u, { sort: "name", page: 200 })],
  ["customers search", (u) => Promise.all([listCustomers(u, { q: "garcia", sort: "name" }), countCustomers(u)])],
  ["jobs", (u) => Promise.all([listJobs(u, { sort: "newest" }), getSettings(u)])],
  [
    "jobs status=completed",
    (u) => Promise.all([listJobs(u, { sort: "newest", status: "completed" }), countJobs(u), getSettings(u)]),
  ],
  ["jobs sort=scheduled", (u) => Promise.all([listJobs(u, { sort: "scheduled" }), getSettings(u)])],
  ["jobs sort=title", (u) => Promise.all([listJobs(u, { sort: "title" }), getSettings(u)])],
  ["jobs search", (u) => Promise.all([listJobs(u, { q: "panel", sort: "newest" }), countJobs(u), getSettings(u)])],
  ["job detail", (u) => getJobDetail(u, fixtures[u].job)],
  [
    "estimates",
    async (u) => {
      const [list] = await Promise.all([listEstimates(u, {}), getSettings(u)]);
      return shareLinksOf(
        u,
        list.items.map((e) => e.id),
      );
    },
  ],
  [
    "estimates status=pending",
    async (u) => {
      const [list] = await Promise.all([listEstimates(u, { status: "pending" }), countEstimates(u), getSettings(u)]);
      return shareLinksOf(
        u,
        list.items.map((e) => e.id),
      );
    },
  ],
  [
    "estimates search",
    async (u) => {
      const [list] = await Promise.all([listEstimates(u, { q: "heater" }), countEstimates(u), getSettings(u)]);
      return shareLinksOf(
        u,
        list.items.map((e) => e.id),
      );
    },
  ],
  ["estimate detail", (u) => getEstimateWithItems(u, fixtures[u].estimate)],
  ["estimate document (preview/PDF data)", (u) => loadEstimateDocument(u, fixtures[u].estimate)],
  ...(["all", "overdue", "pending", "paid"] as const).map((status): Scenario => [
    `invoices status=${status}`,
    async (u) => {
      const settings = await getSettings(u);
      const today = calendarDay(new Date(), settings.timeZone);
      return Promise.all([listInvoices(u, { status, today }), status === "all" ? undefined : countInvoices(u)]);
    },
  ]),
  [
    "invoices search",
    async (u) => {
      const settings = await getSettings(u);
      const today = calendarDay(new Date(), settings.timeZone);
      return Promise.all([listInvoices(u, { q: "smith", today }), countInvoices(u)]);
    },
  ],
  [
    "schedule today",
    async (u) => {
      const timeZone = await getAccountTimeZone(u);
      const now = new Date();
      // As the schedule's loader: the day's first items and its count, and the next few.
      return Promise.all([
        scheduleDay(u, { day: dayKey(now, timeZone), zone: timeZone }),
        upcomingSchedule(u, { now, filter: "all", q: "", limit: UPCOMING_LIMIT }),
      ]);
    },
  ],
  [
    "schedule calendar week",
    async (u) => {
      const timeZone = await getAccountTimeZone(u);
      return scheduleWeek(u, { sunday: weekStartOf(dayKey(new Date(), timeZone)), zone: timeZone });
    },
  ],
  ["schedule list", async (u) => (await getAccountTimeZone(u), scheduleList(u, { filter: "all", q: "", page: 1 }))],
  ["schedule list p20", async (u) => (await getAccountTimeZone(u), scheduleList(u, { filter: "all", q: "", page: 20 }))],
  [
    "schedule list scheduled",
    async (u) => (await getAccountTimeZone(u), scheduleList(u, { filter: "scheduled", q: "", page: 1 })),
  ],
  ["schedule list search", async (u) => (await getAccountTimeZone(u), scheduleList(u, { filter: "all", q: "garcia", page: 1 }))],
  ...([7, 30, 90, 365] as const).map((range): Scenario => [
    `reports range=${range}`,
    async (u) => getBusinessReport(u, range, { timeZone: (await getSettingsWithoutLogo(u)).timeZone }),
  ]),
  ["notifications", (u) => Promise.all([listNotifications(u), countUnread(u)])],
  [
    "search /app/search",
    async (u) => {
      const [timeZone] = await Promise.all([getAccountTimeZone(u), getSettings(u)]);
      return searchBusiness(u, "garcia", { today: dayKey(new Date(), timeZone) });
    },
  ],
  ["api customers (1000)", (u) => listCustomers(u, { sort: "name", pageSize: API_PAGE })],
  ["api jobs (1000)", (u) => listJobs(u, { sort: "newest", pageSize: API_PAGE })],
  ["api estimates (1000)", (u) => listEstimates(u, { pageSize: API_PAGE, withItems: true })],
  ["api invoices (1000)", async (u) => listInvoices(u, { pageSize: API_PAGE, today: await todayFor(u), withItems: true })],
  ["api appointments (1000)", async (u) => (await getAccountTimeZone(u), listAppointments(u, { pageSize: API_PAGE }))],
  ["api dashboard stats", async (u) => getDashboardStats(u, { timeZone: await getAccountTimeZone(u) })],
];

const [mode = "all", filter = ""] = process.argv.slice(2);
const selected = scenarios.filter(([name]) => name.includes(filter));

async function capture(run: () => Promise<unknown>) {
  const statements: { sql: string; args: unknown }[] = [];
  forgetKeptFigures();
  const stop = onQuery((s) => statements.push(s));
  try {
    await run();
  } finally {
    stop();
  }
  return statements;
}

/**
 * Plan lines that deserve a look on a large account: a table scanned whole, or a sort in a
 * temporary b-tree of rows found through the account alone (many rows, sorted before the
 * LIMIT). A sort of the rows of one key (a job's estimates, the lines of some estimates)
 * is small and only noted.
 */
function verdict(detail: string, driving: string, subqueries: Set<string>): { flag: boolean; note: string } | null {
  const scanned = /^SCAN (\w+)( AS \w+)?$/.exec(detail);
  // A subquery's rows, made by its co-routine (a part of a UNION ALL with its own LIMIT).
  if (scanned && subqueries.has(scanned[1])) return { flag: false, note: "the rows of a subquery" };
  if (scanned) return { flag: true, note: "full table scan" };
  if (!/USE TEMP B-TREE/.test(detail)) return null;
  const byKey = /[( ](?!account_id)(\w*_id|id)=\?/.test(driving);
  return byKey ? { flag: false, note: "small sort: the rows of one key" } : { flag: true, note: "sort of the account's rows" };
}

if (mode === "all" || mode === "plans") {
  let flagged = 0;
  for (const [name, run] of selected) {
    const statements = await capture(() => run(accounts.large));
    console.log(`\n## ${name}: ${statements.length} statements`);
    for (const statement of statements) {
      const plan = await client.execute({ sql: `EXPLAIN QUERY PLAN ${statement.sql}`, args: statement.args as never });
      console.log(`\n  ${statement.sql.replace(/\s+/g, " ").slice(0, 400)}`);
      const details = plan.rows.map((row) => String(row.detail));
      const driving = details.find((detail) => /^(SEARCH|SCAN)/.test(detail)) ?? "";
      const subqueries = new Set(details.flatMap((detail) => /^CO-ROUTINE (\w+)/.exec(detail)?.[1] ?? []));
      for (const detail of details) {
        const found = verdict(detail, driving, subqueries);
        if (found?.flag) flagged++;
        console.log(`    ${found?.flag ? "!!" : found ? " ~" : "  "} ${detail}${found ? `   <-- ${found.note}` : ""}`);
      }
    }
  }
  console.log(`\n${flagged} plan lines flagged.`);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * Wall-clock and CPU milliseconds per call; the CPU figure holds up better on a busy machine.
 * Each call starts with no kept figures (decision 023), so the report and the dashboard are
 * timed working their figures out, as on the first visit after a change.
 */
async function time(scenario: () => Promise<unknown>) {
  const run = () => (forgetKeptFigures(), scenario());
  for (let i = 0; i < WARMUP; i++) await run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    await run();
    wall.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  return { median: median(wall), max: Math.max(...wall), cpu: median(cpu) };
}

if (mode === "cost") {
  for (const [name, run] of selected) {
    const statements = await capture(() => run(accounts.large));
    console.log(`\n## ${name}`);
    for (const statement of statements) {
      const { median: ms, cpu } = await time(() => client.execute({ sql: statement.sql, args: statement.args as never }));
      console.log(
        `  ${ms.toFixed(2).padStart(8)} ms ${cpu.toFixed(2).padStart(8)} cpu  ${statement.sql.replace(/\s+/g, " ").slice(0, 200)}`,
      );
    }
  }
}

if (mode === "all" || mode === "times") {
  console.log(`\nmedian of ${RUNS} calls (after ${WARMUP} warm-up calls); cpu = process CPU time per call`);
  console.log(`| scenario | queries | small ms | large ms | large max ms | small cpu ms | large cpu ms | large/small |`);
  console.log(`|---|---:|---:|---:|---:|---:|---:|---:|`);
  for (const [name, run] of selected) {
    const queries = (await capture(() => run(accounts.large))).length;
    const small = await time(() => run(accounts.small));
    const large = await time(() => run(accounts.large));
    console.log(
      `| ${name} | ${queries} | ${small.median.toFixed(2)} | ${large.median.toFixed(2)} | ${large.max.toFixed(2)} | ${small.cpu.toFixed(2)} | ${large.cpu.toFixed(2)} | ${(large.median / small.median).toFixed(1)} |`,
    );
  }
}

client.close();
