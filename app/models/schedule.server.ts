// The schedule: the account's appointments and scheduled jobs merged into one list of items
// (the merging rules are app/lib/schedule.ts): the calendar week, a window, what is next and
// the list. Appointments themselves are app/models/appointment.server.ts.
import { and, asc, count, eq, gte, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { appointments, customers, jobs } from "#db/schema";
import { dayRange, type Range, weekDays, now as clockNow } from "~/lib/clock";
import { PAGE_SIZE } from "~/lib/list-params";
import {
  compareScheduleItems,
  mergeScheduleItems,
  type AppointmentSource,
  type JobSource,
  type ScheduleFilter,
  type ScheduleItem,
  TODAY_LIMIT,
  upcomingItems,
} from "~/lib/schedule";
import { getDb } from "~/infrastructure/db.server";
import { listTotal } from "./account-totals.server";
import { keptFigure } from "./kept-figures.server";
import { accountAppointments, appointmentCustomer, appointmentFilter, inRange } from "./appointment.server";
import { accountCustomer, accountRows, customerNameContains, textSearch } from "./sql.server";

const jobCustomer = (accountId: string) => accountCustomer(jobs.customerId, accountId);

function accountJobs(accountId: string, q = "") {
  return accountRows(jobs.accountId, accountId, q, (text) =>
    or(
      textSearch("jobs", jobs.id, accountId, text, [jobs.title, jobs.location, jobs.description]),
      customerNameContains(jobs.customerId, accountId, text),
    ),
  );
}

/** Jobs on the schedule: dated and not cancelled (app/lib/schedule.ts, jobItem), then the filter. */
function jobFilter(filter: ScheduleFilter | "active") {
  const scheduled = and(sql`${jobs.scheduledDate} is not null`, ne(jobs.status, "cancelled"));
  if (filter === "all") return scheduled;
  if (filter === "completed") return and(scheduled, eq(jobs.status, "completed"));
  return and(scheduled, ne(jobs.status, "completed"));
}

interface ScheduleQuery {
  range?: Partial<Range>;
  filter?: ScheduleFilter | "active";
  q?: string;
  limit?: number;
  /** Only the items assigned to this member (the member filter; a technician's own). */
  assignee?: string;
}

// The member filter, in SQL: undefined (everyone's) adds nothing.
const assignedAppointments = (assignee?: string) => (assignee ? eq(appointments.assigneeId, assignee) : undefined);
const assignedJobs = (assignee?: string) => (assignee ? eq(jobs.assigneeId, assignee) : undefined);

// What the schedule reads of an appointment and of a job, with the customer (joined).
const appointmentSourceColumns = {
  id: appointments.id,
  title: appointments.title,
  description: appointments.description,
  location: appointments.location,
  status: appointments.status,
  scheduledDate: appointments.scheduledDate,
  duration: appointments.duration,
  jobId: appointments.jobId,
  assigneeId: appointments.assigneeId,
  customerName: customers.name,
  customerPhone: customers.phone,
};
const jobSourceColumns = {
  id: jobs.id,
  title: jobs.title,
  description: jobs.description,
  location: jobs.location,
  status: jobs.status,
  scheduledDate: jobs.scheduledDate,
  assigneeId: jobs.assigneeId,
  customerName: customers.name,
  customerPhone: customers.phone,
};

type CustomerColumns = { customerName: string; customerPhone: string | null };
const withScheduleCustomer = <T extends CustomerColumns>(row: T) => ({
  ...row,
  customer: { name: row.customerName, phone: row.customerPhone },
});

type ScheduledDate = typeof appointments.scheduledDate | typeof jobs.scheduledDate;

/** The two sources' queries, in the schedule order: `when` narrows each by its scheduled date. */
async function sourceQueries(
  accountId: string,
  { filter = "all", q, limit, assignee }: Omit<ScheduleQuery, "range">,
  when: (scheduledDate: ScheduledDate) => SQL | undefined,
) {
  const db = await getDb();
  const appointmentQuery = db
    .select(appointmentSourceColumns)
    .from(appointments)
    .innerJoin(customers, appointmentCustomer(accountId))
    .where(
      and(
        accountAppointments(accountId, q),
        when(appointments.scheduledDate),
        appointmentFilter(filter),
        assignedAppointments(assignee),
      ),
    )
    .orderBy(asc(appointments.scheduledDate), asc(appointments.id));
  const jobQuery = db
    .select(jobSourceColumns)
    .from(jobs)
    .innerJoin(customers, jobCustomer(accountId))
    .where(and(accountJobs(accountId, q), when(jobs.scheduledDate), jobFilter(filter), assignedJobs(assignee)))
    .orderBy(asc(jobs.scheduledDate), asc(jobs.id));
  return {
    appointmentQuery: limit === undefined ? appointmentQuery : appointmentQuery.limit(limit),
    jobQuery: limit === undefined ? jobQuery : jobQuery.limit(limit),
  };
}

type AppointmentRow = Omit<AppointmentSource, "customer"> & CustomerColumns;
type JobRow = Omit<JobSource, "customer"> & CustomerColumns;
const mergeSources = (appointmentRows: AppointmentRow[], jobRows: JobRow[]) =>
  mergeScheduleItems(appointmentRows.map(withScheduleCustomer), jobRows.map(withScheduleCustomer));

async function scheduleSources(accountId: string, { range, ...query }: ScheduleQuery) {
  const { appointmentQuery, jobQuery } = await sourceQueries(accountId, query, (scheduledDate) => inRange(scheduledDate, range));
  const [appointmentRows, jobRows] = await Promise.all([appointmentQuery, jobQuery]);
  return mergeSources(appointmentRows, jobRows);
}

/**
 * Several ranges' first items (the days of a week): the two queries are built and prepared
 * once, with the range as placeholders, and run for each range. Seven small statements per
 * source cost less than building seven queries into one (drizzle's building is most of a
 * small account's time here).
 */
async function scheduleSourcesOfRanges(accountId: string, ranges: Range[], query: Omit<ScheduleQuery, "range">) {
  const { appointmentQuery, jobQuery } = await sourceQueries(accountId, query, (scheduledDate) =>
    and(gte(scheduledDate, sql.placeholder("start")), lt(scheduledDate, sql.placeholder("end"))),
  );
  const appointmentsIn = appointmentQuery.prepare();
  const jobsIn = jobQuery.prepare();
  return Promise.all(
    ranges.map(async ({ start, end }) => {
      // Epoch milliseconds, as stored (placeholders skip the column's encoding).
      const values = { start: start.getTime(), end: end.getTime() };
      const [appointmentRows, jobRows] = await Promise.all([appointmentsIn.all(values), jobsIn.all(values)]);
      return mergeSources(appointmentRows, jobRows);
    }),
  );
}

/** How many items a calendar day shows; the rest are counted and listed under the List tab. */
export const CALENDAR_DAY_LIMIT = 12;

export interface CalendarDay {
  day: string;
  /** The first items of the day in the schedule order, at most `perDay`. */
  items: ScheduleItem[];
  /** Every item of the day that matches the filter and search. */
  total: number;
}

/**
 * How many rows fall on each of the ranges (the days of a week, by their first instants, so
 * exact across a clock change): one pass over the scheduled-date index, one sum per range,
 * as the columns `range0`, `range1`...
 */
function countsPerRange(scheduledDate: ScheduledDate, ranges: Range[]): Record<string, SQL<number>> {
  return Object.fromEntries(
    ranges.map(({ start, end }, index) => [
      `range${index}`,
      sql<number>`coalesce(sum(${and(gte(scheduledDate, start), lt(scheduledDate, end))}), 0)`,
    ]),
  );
}

/**
 * The calendar's week: for each day its first `perDay` items and how many it has, filtered and
 * searched in SQL. Each day's items are read like the Today tab's, with a limit per source on
 * the scheduled-date index (one prepared statement per source, run for each day); the days'
 * totals are one pass per source over the week's index entries. A week with thousands of items reads
 * and renders only what the calendar shows.
 */
export async function scheduleWeek(
  accountId: string,
  {
    sunday,
    zone,
    filter = "all",
    q = "",
    perDay = CALENDAR_DAY_LIMIT,
    assignee,
  }: { sunday: string; zone: string; filter?: ScheduleFilter; q?: string; perDay?: number; assignee?: string },
): Promise<CalendarDay[]> {
  // Kept while the account's records stay as they are (docs/decisions/023): a week's items
  // and totals depend on nothing else, not even the time.
  const key = `week:${zone}:${sunday}:${filter}:${perDay}:${assignee ?? "*"}:${q}`;
  return keptFigure(accountId, key, clockNow().getTime(), async () => ({
    value: await readWeek(accountId, { sunday, zone, filter, q, perDay, assignee }),
    validUntil: Number.POSITIVE_INFINITY,
  }));
}

async function readWeek(
  accountId: string,
  {
    sunday,
    zone,
    filter,
    q,
    perDay,
    assignee,
  }: { sunday: string; zone: string; filter: ScheduleFilter; q: string; perDay: number; assignee?: string },
): Promise<CalendarDay[]> {
  const db = await getDb();
  const days = weekDays(sunday);
  const dayRanges = days.map((day) => dayRange(day, zone));
  const range = { start: dayRanges[0].start, end: dayRanges[6].end };
  const [dayItems, appointmentCounts, jobCounts] = await Promise.all([
    scheduleSourcesOfRanges(accountId, dayRanges, { filter, q, limit: perDay, assignee }),
    db
      .select(countsPerRange(appointments.scheduledDate, dayRanges))
      .from(appointments)
      .where(
        and(
          accountAppointments(accountId, q),
          inRange(appointments.scheduledDate, range),
          appointmentFilter(filter),
          assignedAppointments(assignee),
        ),
      )
      .get(),
    db
      .select(countsPerRange(jobs.scheduledDate, dayRanges))
      .from(jobs)
      .where(and(accountJobs(accountId, q), inRange(jobs.scheduledDate, range), jobFilter(filter), assignedJobs(assignee)))
      .get(),
  ]);
  return days.map((day, index) => ({
    day,
    items: dayItems[index].slice(0, perDay),
    total: Number(appointmentCounts?.[`range${index}`] ?? 0) + Number(jobCounts?.[`range${index}`] ?? 0),
  }));
}

/**
 * One day of the schedule in the account's zone (the Today tab): its first `limit` items in
 * the schedule order, read with a SQL limit, and how many it has (count queries), filtered and
 * searched in SQL. The rest is the List tab narrowed to the day.
 */
export async function scheduleDay(
  accountId: string,
  {
    day,
    zone,
    filter = "all",
    q = "",
    limit = TODAY_LIMIT,
    assignee,
  }: { day: string; zone: string; filter?: ScheduleFilter; q?: string; limit?: number; assignee?: string },
): Promise<{ items: ScheduleItem[]; total: number }> {
  const { items, total } = await scheduleList(accountId, { filter, q, pageSize: limit, range: dayRange(day, zone), assignee });
  return { items, total };
}

/**
 * Everything on the schedule between two instants (a day, a week), whatever its status:
 * a bounded window, read with range queries on the scheduled-date indexes. The screen
 * filters and searches it with app/lib/schedule.ts.
 */
export function scheduleWindow(accountId: string, range: Range): Promise<ScheduleItem[]> {
  return scheduleSources(accountId, { range });
}

/** What is still to happen from `now` on, filtered and searched in SQL, at most `limit` items. */
export async function upcomingSchedule(
  accountId: string,
  {
    now = clockNow(),
    filter = "all",
    q = "",
    limit = 5,
    assignee,
  }: { now?: Date; filter?: ScheduleFilter; q?: string; limit?: number; assignee?: string } = {},
): Promise<ScheduleItem[]> {
  // "Completed" and "still to happen" never meet.
  if (filter === "completed") return [];
  return upcomingItems(
    await scheduleSources(accountId, { range: { start: now }, filter: "active", q, limit, assignee }),
    now,
    limit,
  );
}

/**
 * One page of the whole schedule, earliest first, filtered and searched in SQL. Each
 * source gives its first page-end rows in the schedule order; merged, they hold the
 * page exactly.
 */
export async function scheduleList(
  accountId: string,
  {
    filter = "all",
    q = "",
    page = 1,
    pageSize = PAGE_SIZE,
    range,
    assignee,
  }: { filter?: ScheduleFilter; q?: string; page?: number; pageSize?: number; range?: Partial<Range>; assignee?: string } = {},
) {
  const db = await getDb();
  const offset = (page - 1) * pageSize;
  // The whole schedule, unfiltered, is counted by the account's kept totals.
  const narrowed = q.trim() !== "" || filter !== "all" || Boolean(range?.start || range?.end) || Boolean(assignee);
  const [items, appointmentTotal, jobTotal] = await Promise.all([
    scheduleSources(accountId, { filter, q, range, limit: offset + pageSize, assignee }),
    listTotal(accountId, "appointments", narrowed, () =>
      db
        .select({ value: count() })
        .from(appointments)
        .where(
          and(
            accountAppointments(accountId, q),
            inRange(appointments.scheduledDate, range),
            appointmentFilter(filter),
            assignedAppointments(assignee),
          ),
        )
        .get(),
    ),
    listTotal(accountId, "scheduledJobs", narrowed, () =>
      db
        .select({ value: count() })
        .from(jobs)
        .where(and(accountJobs(accountId, q), inRange(jobs.scheduledDate, range), jobFilter(filter), assignedJobs(assignee)))
        .get(),
    ),
  ]);
  return {
    items: items.sort(compareScheduleItems).slice(offset, offset + pageSize),
    total: appointmentTotal + jobTotal,
    page,
    pageSize,
  };
}
