import { and, asc, count, eq, gte, inArray, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { appointments, customers, jobs } from "#db/schema";
import { PAGE_SIZE } from "~/lib/list-params";
import {
  ACTIVE_STATUSES,
  compareScheduleItems,
  mergeScheduleItems,
  type AppointmentSource,
  type AppointmentStatus,
  type JobSource,
  type ScheduleFilter,
  type ScheduleItem,
  upcomingItems,
} from "~/lib/schedule";
import type { AppointmentInput } from "~/lib/schedule-schema";
import { getDb } from "~/services/db.server";
import { accountCustomer, accountRows, customerNameContains, textSearch } from "./sql.server";
import { addDays, dayRange, type Range, weekDays, now as clockNow } from "~/lib/clock";

export type Appointment = typeof appointments.$inferSelect;
export type AppointmentWithCustomer = Appointment & { customer: { name: string; phone: string | null } };

export { getAccountTimeZone } from "./settings.server";

const appointmentColumns = {
  id: appointments.id,
  userId: appointments.userId,
  customerId: appointments.customerId,
  jobId: appointments.jobId,
  title: appointments.title,
  description: appointments.description,
  location: appointments.location,
  appointmentType: appointments.appointmentType,
  customType: appointments.customType,
  scheduledDate: appointments.scheduledDate,
  duration: appointments.duration,
  status: appointments.status,
  notes: appointments.notes,
  createdAt: appointments.createdAt,
  customerName: customers.name,
  customerPhone: customers.phone,
};

type AppointmentRow = Appointment & { customerName: string; customerPhone: string | null };

function withCustomer({ customerName, customerPhone, ...appointment }: AppointmentRow): AppointmentWithCustomer {
  return { ...appointment, customer: { name: customerName, phone: customerPhone } };
}

// The customer is joined inside the account too: an appointment never shows another account's customer.
const appointmentCustomer = (userId: string) => accountCustomer(appointments.customerId, userId);
const jobCustomer = (userId: string) => accountCustomer(jobs.customerId, userId);

const inRange = (column: typeof appointments.scheduledDate | typeof jobs.scheduledDate, range?: Partial<Range>) =>
  and(range?.start ? gte(column, range.start) : undefined, range?.end ? lt(column, range.end) : undefined);

// The account's appointments and jobs, searched (title, location, description and the
// customer's name, matched through customerNameContains, so the counts need no join).
function accountAppointments(userId: string, q = "") {
  return accountRows(appointments.userId, userId, q, (text) =>
    or(
      textSearch("appointments", appointments.id, userId, text, [
        appointments.title,
        appointments.location,
        appointments.description,
      ]),
      customerNameContains(appointments.customerId, userId, text),
    ),
  );
}

function accountJobs(userId: string, q = "") {
  return accountRows(jobs.userId, userId, q, (text) =>
    or(
      textSearch("jobs", jobs.id, userId, text, [jobs.title, jobs.location, jobs.description]),
      customerNameContains(jobs.customerId, userId, text),
    ),
  );
}

// The status filter of app/lib/schedule.ts (matchesFilter), in SQL.
function appointmentFilter(filter: ScheduleFilter | "active") {
  if (filter === "all") return undefined;
  if (filter === "completed") return eq(appointments.status, "completed");
  return inArray(appointments.status, [...ACTIVE_STATUSES]);
}

/** Jobs on the schedule: dated and not cancelled (app/lib/schedule.ts, jobItem), then the filter. */
function jobFilter(filter: ScheduleFilter | "active") {
  const scheduled = and(sql`${jobs.scheduledDate} is not null`, ne(jobs.status, "cancelled"));
  if (filter === "all") return scheduled;
  if (filter === "completed") return and(scheduled, eq(jobs.status, "completed"));
  return and(scheduled, ne(jobs.status, "completed"));
}

export interface AppointmentListOptions {
  range?: Partial<Range>;
  q?: string;
  status?: AppointmentStatus | "all";
  page?: number;
  pageSize?: number;
}

/** One page of the account's appointments, earliest first, with their customer; range, search and status in SQL. */
export async function listAppointments(
  userId: string,
  { range, q = "", status = "all", page = 1, pageSize = PAGE_SIZE }: AppointmentListOptions = {},
) {
  const db = await getDb();
  const where = and(
    accountAppointments(userId, q),
    inRange(appointments.scheduledDate, range),
    status === "all" ? undefined : eq(appointments.status, status),
  );
  const [rows, total] = await Promise.all([
    db
      .select(appointmentColumns)
      .from(appointments)
      .innerJoin(customers, appointmentCustomer(userId))
      .where(where)
      .orderBy(asc(appointments.scheduledDate), asc(appointments.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(appointments).where(where).get(),
  ]);
  return { items: rows.map(withCustomer), total: total?.value ?? 0, page, pageSize };
}

/** The account's appointments still to happen (scheduled or rescheduled, from `now` on), earliest first. */
export async function upcomingAppointments(userId: string, { now = clockNow(), limit = 5 }: { now?: Date; limit?: number } = {}) {
  const db = await getDb();
  const rows = await db
    .select(appointmentColumns)
    .from(appointments)
    .innerJoin(customers, appointmentCustomer(userId))
    .where(and(eq(appointments.userId, userId), gte(appointments.scheduledDate, now), appointmentFilter("active")))
    .orderBy(asc(appointments.scheduledDate), asc(appointments.id))
    .limit(limit);
  return rows.map(withCustomer);
}

export async function getAppointment(userId: string, id: string): Promise<AppointmentWithCustomer | undefined> {
  const db = await getDb();
  const row = await db
    .select(appointmentColumns)
    .from(appointments)
    .innerJoin(customers, appointmentCustomer(userId))
    .where(and(eq(appointments.userId, userId), eq(appointments.id, id)))
    .get();
  return row ? withCustomer(row) : undefined;
}

/** An appointment with what its detail view shows of the customer and the job. */
export async function getAppointmentDetail(userId: string, id: string) {
  const appointment = await getAppointment(userId, id);
  if (!appointment) return undefined;
  const db = await getDb();
  const [customer, job] = await Promise.all([
    db
      .select({ id: customers.id, name: customers.name, phone: customers.phone, email: customers.email })
      .from(customers)
      .where(and(eq(customers.userId, userId), eq(customers.id, appointment.customerId)))
      .get(),
    appointment.jobId
      ? db
          .select({ id: jobs.id, title: jobs.title })
          .from(jobs)
          .where(and(eq(jobs.userId, userId), eq(jobs.id, appointment.jobId)))
          .get()
      : undefined,
  ]);
  return { appointment, customer: customer!, job: job ?? null };
}

export type AppointmentDetail = NonNullable<Awaited<ReturnType<typeof getAppointmentDetail>>>;

/** True when the job belongs to the account (the appointment API's job check). */
export async function isAccountJob(userId: string, jobId: string): Promise<boolean> {
  const db = await getDb();
  const row = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.userId, userId), eq(jobs.id, jobId)))
    .get();
  return Boolean(row);
}

async function isAccountCustomer(userId: string, customerId: string): Promise<boolean> {
  const db = await getDb();
  const row = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.userId, userId), eq(customers.id, customerId)))
    .get();
  return Boolean(row);
}

class ForeignRecordError extends Error {
  constructor() {
    super("The customer or job does not belong to this account.");
  }
}

// The schemas check ownership already; it is repeated here so no caller can link another account's records.
async function assertOwnLinks(userId: string, input: AppointmentInput) {
  const [customerOk, jobOk] = await Promise.all([
    isAccountCustomer(userId, input.customerId),
    input.jobId ? isAccountJob(userId, input.jobId) : true,
  ]);
  if (!customerOk || !jobOk) throw new ForeignRecordError();
}

export async function createAppointment(userId: string, input: AppointmentInput): Promise<AppointmentWithCustomer> {
  await assertOwnLinks(userId, input);
  const db = await getDb();
  const [row] = await db
    .insert(appointments)
    .values({ ...input, userId })
    .returning({ id: appointments.id });
  return (await getAppointment(userId, row.id))!;
}

/**
 * Replaces the account's appointment with the input; undefined when there is no such
 * appointment in this account. The form has no job or status field: what it leaves out
 * stays as it was.
 */
export async function updateAppointment(
  userId: string,
  id: string,
  input: AppointmentInput,
): Promise<AppointmentWithCustomer | undefined> {
  await assertOwnLinks(userId, input);
  const db = await getDb();
  const [row] = await db
    .update(appointments)
    .set(input)
    .where(and(eq(appointments.userId, userId), eq(appointments.id, id)))
    .returning({ id: appointments.id });
  return row ? getAppointment(userId, row.id) : undefined;
}

export async function setAppointmentStatus(userId: string, id: string, status: AppointmentStatus) {
  const db = await getDb();
  const [row] = await db
    .update(appointments)
    .set({ status })
    .where(and(eq(appointments.userId, userId), eq(appointments.id, id)))
    .returning({ id: appointments.id, title: appointments.title });
  return row;
}

/** Moves the appointment to a new date and time; it then reads as rescheduled. */
export async function rescheduleAppointment(userId: string, id: string, scheduledDate: Date) {
  const db = await getDb();
  const [row] = await db
    .update(appointments)
    .set({ scheduledDate, status: "rescheduled" })
    .where(and(eq(appointments.userId, userId), eq(appointments.id, id)))
    .returning({ id: appointments.id, title: appointments.title });
  return row;
}

export async function deleteAppointment(userId: string, id: string): Promise<Appointment | undefined> {
  const db = await getDb();
  const [row] = await db
    .delete(appointments)
    .where(and(eq(appointments.userId, userId), eq(appointments.id, id)))
    .returning();
  return row;
}

/** An appointment as the API sends it (SPEC.md section 7): dates as ISO strings, the customer embedded. */
export function toApiAppointment(appointment: AppointmentWithCustomer) {
  return {
    id: appointment.id,
    customerId: appointment.customerId,
    jobId: appointment.jobId,
    title: appointment.title,
    description: appointment.description,
    location: appointment.location,
    appointmentType: appointment.appointmentType,
    customType: appointment.customType,
    scheduledDate: appointment.scheduledDate.toISOString(),
    duration: appointment.duration,
    status: appointment.status,
    notes: appointment.notes,
    createdAt: appointment.createdAt.toISOString(),
    customer: appointment.customer,
  };
}

// ---------------------------------------------------------------------------
// The schedule: appointments and scheduled jobs merged (app/lib/schedule.ts).

interface ScheduleQuery {
  range?: Partial<Range>;
  filter?: ScheduleFilter | "active";
  q?: string;
  limit?: number;
}

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
  customerName: customers.name,
  customerPhone: customers.phone,
};

type CustomerColumns = { customerName: string; customerPhone: string | null };
const withScheduleCustomer = <T extends CustomerColumns>(row: T) => ({
  ...row,
  customer: { name: row.customerName, phone: row.customerPhone },
});

async function scheduleSources(userId: string, { range, filter = "all", q, limit }: ScheduleQuery) {
  const db = await getDb();
  const appointmentQuery = db
    .select(appointmentSourceColumns)
    .from(appointments)
    .innerJoin(customers, appointmentCustomer(userId))
    .where(and(accountAppointments(userId, q), inRange(appointments.scheduledDate, range), appointmentFilter(filter)))
    .orderBy(asc(appointments.scheduledDate), asc(appointments.id));
  const jobQuery = db
    .select(jobSourceColumns)
    .from(jobs)
    .innerJoin(customers, jobCustomer(userId))
    .where(and(accountJobs(userId, q), inRange(jobs.scheduledDate, range), jobFilter(filter)))
    .orderBy(asc(jobs.scheduledDate), asc(jobs.id));
  const [appointmentRows, jobRows] = await Promise.all([
    limit === undefined ? appointmentQuery : appointmentQuery.limit(limit),
    limit === undefined ? jobQuery : jobQuery.limit(limit),
  ]);
  const appointmentSources: AppointmentSource[] = appointmentRows.map(withScheduleCustomer);
  const jobSources: JobSource[] = jobRows.map(withScheduleCustomer);
  return mergeScheduleItems(appointmentSources, jobSources);
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
 * The columns that rank a row within its day of the week: `day` (0 to 6, by the days' first
 * instants, so exact across a clock change), its place that day in the schedule order
 * (`dayRank`), and how many rows the day has (`dayTotal`).
 */
function dayRanking(
  id: typeof appointments.id | typeof jobs.id,
  scheduledDate: typeof appointments.scheduledDate | typeof jobs.scheduledDate,
  dayStarts: Date[],
) {
  const cases = dayStarts.slice(1).map((start, index) => sql` when ${lt(scheduledDate, start)} then ${index}`);
  const day: SQL<number> = sql`(case${sql.join(cases)} else 6 end)`;
  return {
    day: sql<number>`${day}`.as("day"),
    dayRank: sql<number>`row_number() over (partition by ${day} order by ${scheduledDate}, ${id})`.as("day_rank"),
    dayTotal: sql<number>`count(*) over (partition by ${day})`.as("day_total"),
  };
}

/**
 * The calendar's week: for each day its first `perDay` items and how many it has, filtered and
 * searched in SQL. Window functions rank each day's rows, so a week with thousands of items
 * reads and renders only what the calendar shows.
 */
export async function scheduleWeek(
  userId: string,
  {
    sunday,
    zone,
    filter = "all",
    q = "",
    perDay = CALENDAR_DAY_LIMIT,
  }: { sunday: string; zone: string; filter?: ScheduleFilter; q?: string; perDay?: number },
): Promise<CalendarDay[]> {
  const db = await getDb();
  const days = weekDays(sunday);
  const dayStarts = days.map((day) => dayRange(day, zone).start);
  const range = { start: dayStarts[0], end: dayRange(addDays(sunday, 6), zone).end };

  // Rank each day's rows on the scheduled-date index alone; read and join only the ones shown.
  const rankedAppointments = db
    .select({ id: appointments.id, ...dayRanking(appointments.id, appointments.scheduledDate, dayStarts) })
    .from(appointments)
    .where(and(accountAppointments(userId, q), inRange(appointments.scheduledDate, range), appointmentFilter(filter)))
    .as("ranked_appointments");
  const rankedJobs = db
    .select({ id: jobs.id, ...dayRanking(jobs.id, jobs.scheduledDate, dayStarts) })
    .from(jobs)
    .where(and(accountJobs(userId, q), inRange(jobs.scheduledDate, range), jobFilter(filter)))
    .as("ranked_jobs");
  const [appointmentRows, jobRows] = await Promise.all([
    db
      .select({ ...appointmentSourceColumns, day: rankedAppointments.day, dayTotal: rankedAppointments.dayTotal })
      .from(rankedAppointments)
      .innerJoin(appointments, eq(appointments.id, rankedAppointments.id))
      .innerJoin(customers, appointmentCustomer(userId))
      .where(lte(rankedAppointments.dayRank, perDay)),
    db
      .select({ ...jobSourceColumns, day: rankedJobs.day, dayTotal: rankedJobs.dayTotal })
      .from(rankedJobs)
      .innerJoin(jobs, eq(jobs.id, rankedJobs.id))
      .innerJoin(customers, jobCustomer(userId))
      .where(lte(rankedJobs.dayRank, perDay)),
  ]);

  // Every row of a day carries the day's total: count it once per source.
  const totals = days.map(() => 0);
  for (const rows of [appointmentRows, jobRows]) {
    const counted = new Set<number>();
    for (const row of rows) {
      if (counted.has(row.day)) continue;
      counted.add(row.day);
      totals[row.day] += Number(row.dayTotal);
    }
  }
  const items = mergeScheduleItems(appointmentRows.map(withScheduleCustomer), jobRows.map(withScheduleCustomer));
  return days.map((day, index) => ({
    day,
    items: items
      .filter((item) => item.scheduledDate >= dayStarts[index] && item.scheduledDate < (dayStarts[index + 1] ?? range.end))
      .slice(0, perDay),
    total: totals[index],
  }));
}

/**
 * Everything on the schedule between two instants (a day, a week), whatever its status:
 * a bounded window, read with range queries on the scheduled-date indexes. The screen
 * filters and searches it with app/lib/schedule.ts.
 */
export function scheduleWindow(userId: string, range: Range): Promise<ScheduleItem[]> {
  return scheduleSources(userId, { range });
}

/** What is still to happen from `now` on, filtered and searched in SQL, at most `limit` items. */
export async function upcomingSchedule(
  userId: string,
  {
    now = clockNow(),
    filter = "all",
    q = "",
    limit = 5,
  }: { now?: Date; filter?: ScheduleFilter; q?: string; limit?: number } = {},
): Promise<ScheduleItem[]> {
  // "Completed" and "still to happen" never meet.
  if (filter === "completed") return [];
  return upcomingItems(await scheduleSources(userId, { range: { start: now }, filter: "active", q, limit }), now, limit);
}

/**
 * One page of the whole schedule, earliest first, filtered and searched in SQL. Each
 * source gives its first page-end rows in the schedule order; merged, they hold the
 * page exactly.
 */
export async function scheduleList(
  userId: string,
  {
    filter = "all",
    q = "",
    page = 1,
    pageSize = PAGE_SIZE,
    range,
  }: { filter?: ScheduleFilter; q?: string; page?: number; pageSize?: number; range?: Partial<Range> } = {},
) {
  const db = await getDb();
  const offset = (page - 1) * pageSize;
  const [items, appointmentTotal, jobTotal] = await Promise.all([
    scheduleSources(userId, { filter, q, range, limit: offset + pageSize }),
    db
      .select({ value: count() })
      .from(appointments)
      .where(and(accountAppointments(userId, q), inRange(appointments.scheduledDate, range), appointmentFilter(filter)))
      .get(),
    db
      .select({ value: count() })
      .from(jobs)
      .where(and(accountJobs(userId, q), inRange(jobs.scheduledDate, range), jobFilter(filter)))
      .get(),
  ]);
  return {
    items: items.sort(compareScheduleItems).slice(offset, offset + pageSize),
    total: (appointmentTotal?.value ?? 0) + (jobTotal?.value ?? 0),
    page,
    pageSize,
  };
}
