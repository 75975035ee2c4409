import { and, asc, count, eq, gte, inArray, lt, or } from "drizzle-orm";
import { appointments, customers, jobs } from "#db/schema";
import { PAGE_SIZE } from "~/lib/list-params";
import { ACTIVE_STATUSES, type AppointmentStatus, type ScheduleFilter } from "~/lib/schedule";
import type { AppointmentInput } from "~/lib/schedule-schema";
import { getDb } from "~/infrastructure/db.server";
import { listTotal } from "./account-totals.server";
import { isAccountMember } from "./member.server";
import { accountCustomer, accountRows, isAccountRow, customerNameContains, textSearch } from "./sql.server";
import { type Range, now as clockNow } from "~/lib/clock";

export type Appointment = typeof appointments.$inferSelect;
export type AppointmentWithCustomer = Appointment & { customer: { name: string; phone: string | null } };

export { getAccountTimeZone } from "./settings.server";

const appointmentColumns = {
  id: appointments.id,
  accountId: appointments.accountId,
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
  assigneeId: appointments.assigneeId,
  createdAt: appointments.createdAt,
  customerName: customers.name,
  customerPhone: customers.phone,
};

type AppointmentRow = Appointment & { customerName: string; customerPhone: string | null };

function withCustomer({ customerName, customerPhone, ...appointment }: AppointmentRow): AppointmentWithCustomer {
  return { ...appointment, customer: { name: customerName, phone: customerPhone } };
}

// The customer is joined inside the account too: an appointment never shows another account's customer.
export const appointmentCustomer = (accountId: string) => accountCustomer(appointments.customerId, accountId);

export const inRange = (column: typeof appointments.scheduledDate | typeof jobs.scheduledDate, range?: Partial<Range>) =>
  and(range?.start ? gte(column, range.start) : undefined, range?.end ? lt(column, range.end) : undefined);

// The account's appointments, searched (title, location, description and the
// customer's name, matched through customerNameContains, so the counts need no join).
export function accountAppointments(accountId: string, q = "") {
  return accountRows(appointments.accountId, accountId, q, (text) =>
    or(
      textSearch("appointments", appointments.id, accountId, text, [
        appointments.title,
        appointments.location,
        appointments.description,
      ]),
      customerNameContains(appointments.customerId, accountId, text),
    ),
  );
}

// The status filter of app/lib/schedule.ts (matchesFilter), in SQL.
export function appointmentFilter(filter: ScheduleFilter | "active") {
  if (filter === "all") return undefined;
  if (filter === "completed") return eq(appointments.status, "completed");
  return inArray(appointments.status, [...ACTIVE_STATUSES]);
}

export interface AppointmentListOptions {
  range?: Partial<Range>;
  /** Only the appointments assigned to this member. */
  assignee?: string;
  q?: string;
  status?: AppointmentStatus | "all";
  page?: number;
  pageSize?: number;
}

/** One page of the account's appointments, earliest first, with their customer; range, search and status in SQL. */
export async function listAppointments(
  accountId: string,
  { range, q = "", status = "all", page = 1, pageSize = PAGE_SIZE, assignee }: AppointmentListOptions = {},
) {
  const db = await getDb();
  const where = and(
    accountAppointments(accountId, q),
    assignee === undefined ? undefined : eq(appointments.assigneeId, assignee),
    inRange(appointments.scheduledDate, range),
    status === "all" ? undefined : eq(appointments.status, status),
  );
  const [rows, total] = await Promise.all([
    db
      .select(appointmentColumns)
      .from(appointments)
      .innerJoin(customers, appointmentCustomer(accountId))
      .where(where)
      .orderBy(asc(appointments.scheduledDate), asc(appointments.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    listTotal(
      accountId,
      "appointments",
      q.trim() !== "" || status !== "all" || assignee !== undefined || Boolean(range?.start || range?.end),
      () => db.select({ value: count() }).from(appointments).where(where).get(),
    ),
  ]);
  return { items: rows.map(withCustomer), total, page, pageSize };
}

/** The account's appointments still to happen (scheduled or rescheduled, from `now` on), earliest first. */
export async function upcomingAppointments(
  accountId: string,
  { now = clockNow(), limit = 5 }: { now?: Date; limit?: number } = {},
) {
  const db = await getDb();
  const rows = await db
    .select(appointmentColumns)
    .from(appointments)
    .innerJoin(customers, appointmentCustomer(accountId))
    .where(and(eq(appointments.accountId, accountId), gte(appointments.scheduledDate, now), appointmentFilter("active")))
    .orderBy(asc(appointments.scheduledDate), asc(appointments.id))
    .limit(limit);
  return rows.map(withCustomer);
}

/** The account's appointment; with `assignee`, only when it is assigned to that member. */
export async function getAppointment(
  accountId: string,
  id: string,
  assignee?: string,
): Promise<AppointmentWithCustomer | undefined> {
  const db = await getDb();
  const row = await db
    .select(appointmentColumns)
    .from(appointments)
    .innerJoin(customers, appointmentCustomer(accountId))
    .where(
      and(
        eq(appointments.accountId, accountId),
        eq(appointments.id, id),
        assignee === undefined ? undefined : eq(appointments.assigneeId, assignee),
      ),
    )
    .get();
  return row ? withCustomer(row) : undefined;
}

/** An appointment with what its detail view shows of the customer and the job. */
export async function getAppointmentDetail(accountId: string, id: string, assignee?: string) {
  const appointment = await getAppointment(accountId, id, assignee);
  if (!appointment) return undefined;
  const db = await getDb();
  const [customer, job] = await Promise.all([
    db
      .select({ id: customers.id, name: customers.name, phone: customers.phone, email: customers.email })
      .from(customers)
      .where(and(eq(customers.accountId, accountId), eq(customers.id, appointment.customerId)))
      .get(),
    appointment.jobId
      ? db
          .select({ id: jobs.id, title: jobs.title })
          .from(jobs)
          .where(and(eq(jobs.accountId, accountId), eq(jobs.id, appointment.jobId)))
          .get()
      : undefined,
  ]);
  return { appointment, customer: customer!, job: job ?? null };
}

export type AppointmentDetail = NonNullable<Awaited<ReturnType<typeof getAppointmentDetail>>>;

/** True when the job belongs to the account (the appointment API's job check). */
export const isAccountJob = (accountId: string, jobId: string) => isAccountRow(jobs, accountId, jobId);

/** The appointment form's and API's checks: the customer, the job and the assignee named must be the account's. */
export function appointmentChecks(accountId: string) {
  return {
    isOwnCustomer: (customerId: string) => isAccountCustomer(accountId, customerId),
    isOwnJob: (jobId: string) => isAccountJob(accountId, jobId),
    isMember: (memberId: string) => isAccountMember(accountId, memberId),
  };
}

async function isAccountCustomer(accountId: string, customerId: string): Promise<boolean> {
  const db = await getDb();
  const row = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.accountId, accountId), eq(customers.id, customerId)))
    .get();
  return Boolean(row);
}

class ForeignRecordError extends Error {
  constructor() {
    super("The customer, job or assignee does not belong to this account.");
  }
}

// The schemas check ownership already; it is repeated here so no caller can link another account's records.
async function assertOwnLinks(accountId: string, input: AppointmentInput) {
  const [customerOk, jobOk, memberOk] = await Promise.all([
    isAccountCustomer(accountId, input.customerId),
    input.jobId ? isAccountJob(accountId, input.jobId) : true,
    input.assigneeId ? isAccountMember(accountId, input.assigneeId) : true,
  ]);
  if (!customerOk || !jobOk || !memberOk) throw new ForeignRecordError();
}

export async function createAppointment(accountId: string, input: AppointmentInput): Promise<AppointmentWithCustomer> {
  await assertOwnLinks(accountId, input);
  const db = await getDb();
  const [row] = await db
    .insert(appointments)
    .values({ ...input, accountId, createdAt: clockNow() })
    .returning({ id: appointments.id });
  return (await getAppointment(accountId, row.id))!;
}

/**
 * Replaces the account's appointment with the input; undefined when there is no such
 * appointment in this account. The form has no job or status field: what it leaves out
 * stays as it was.
 */
export async function updateAppointment(
  accountId: string,
  id: string,
  input: AppointmentInput,
): Promise<AppointmentWithCustomer | undefined> {
  await assertOwnLinks(accountId, input);
  const db = await getDb();
  const [row] = await db
    .update(appointments)
    .set(input)
    .where(and(eq(appointments.accountId, accountId), eq(appointments.id, id)))
    .returning({ id: appointments.id });
  return row ? getAppointment(accountId, row.id) : undefined;
}

export async function setAppointmentStatus(accountId: string, id: string, status: AppointmentStatus) {
  const db = await getDb();
  const [row] = await db
    .update(appointments)
    .set({ status })
    .where(and(eq(appointments.accountId, accountId), eq(appointments.id, id)))
    .returning({ id: appointments.id, title: appointments.title });
  return row;
}

/** Moves the appointment to a new date and time; it then reads as rescheduled. */
export async function rescheduleAppointment(accountId: string, id: string, scheduledDate: Date) {
  const db = await getDb();
  const [row] = await db
    .update(appointments)
    .set({ scheduledDate, status: "rescheduled" })
    .where(and(eq(appointments.accountId, accountId), eq(appointments.id, id)))
    .returning({ id: appointments.id, title: appointments.title });
  return row;
}

export async function deleteAppointment(accountId: string, id: string): Promise<Appointment | undefined> {
  const db = await getDb();
  const [row] = await db
    .delete(appointments)
    .where(and(eq(appointments.accountId, accountId), eq(appointments.id, id)))
    .returning();
  return row;
}

/** An appointment as the API sends it (docs/product/api.md): dates as ISO strings, the customer embedded. */
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
    assigneeId: appointment.assigneeId,
    createdAt: appointment.createdAt.toISOString(),
    customer: appointment.customer,
  };
}
