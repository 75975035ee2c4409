// A visit is an appointment seen from the field: the member assigned to it works through it
// on My day (on my way, start, complete, notes), and each step is kept in visit_events with
// who did it, so the office sees "Ana (Technician) completed the visit" (docs/decisions/030).
// A technician may act only on the visits assigned to them; the owner and the office on any
// visit of the account. Every function takes the account id first.
import { and, asc, count, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { appointments, customers, jobs, users, visitEvents, type Role } from "#db/schema";
import { ACTIVE_STATUSES } from "~/lib/schedule";
import type { Range } from "~/lib/clock";
import { now as clockNow } from "~/lib/clock";
import { getDb } from "~/infrastructure/db.server";
import { accountCustomer } from "./sql.server";
import { inRange } from "./appointment.server";

/** Who did something: the login, its name and its role at the time. */
export interface VisitActor {
  userId: string;
  name: string;
  role: Role;
}

export type VisitEventKind = (typeof visitEvents.$inferSelect)["kind"];

export interface VisitEvent {
  id: string;
  appointmentId: string;
  kind: VisitEventKind;
  /** The actor's name; null when their login is gone. */
  actorName: string | null;
  actorRole: Role | null;
  body: string | null;
  createdAt: Date;
}

const visitColumns = {
  id: appointments.id,
  title: appointments.title,
  description: appointments.description,
  notes: appointments.notes,
  location: appointments.location,
  scheduledDate: appointments.scheduledDate,
  duration: appointments.duration,
  status: appointments.status,
  assigneeId: appointments.assigneeId,
  jobId: appointments.jobId,
  customerId: customers.id,
  customerName: customers.name,
  customerPhone: customers.phone,
  customerEmail: customers.email,
  address: customers.address,
  city: customers.city,
  state: customers.state,
  zipCode: customers.zipCode,
};

type VisitRow = {
  [K in keyof typeof visitColumns]: (typeof visitColumns)[K]["_"]["notNull"] extends true
    ? (typeof visitColumns)[K]["_"]["data"]
    : (typeof visitColumns)[K]["_"]["data"] | null;
};

export type Visit = Awaited<ReturnType<typeof toVisit>>;

/** The customer's address on one line, for a maps link: the visit's location when it has one. */
export function visitAddress(row: Pick<VisitRow, "location" | "address" | "city" | "state" | "zipCode">): string | null {
  if (row.location?.trim()) return row.location.trim();
  const place = [row.address, row.city, [row.state, row.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return place || null;
}

function toVisit(row: VisitRow, job: { title: string; status: string } | undefined, events: VisitEvent[]) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    notes: row.notes,
    scheduledDate: row.scheduledDate,
    duration: row.duration,
    status: row.status,
    assigneeId: row.assigneeId,
    job: row.jobId && job ? { id: row.jobId, title: job.title, status: job.status } : null,
    customer: { id: row.customerId, name: row.customerName, phone: row.customerPhone, email: row.customerEmail },
    address: visitAddress(row),
    events,
    onMyWaySent: events.some((event) => event.kind === "on_my_way"),
  };
}

/** The events of the given visits of the account, oldest first, with who did each. */
export async function visitEventsOf(accountId: string, appointmentIds: string[]): Promise<VisitEvent[]> {
  if (appointmentIds.length === 0) return [];
  const db = await getDb();
  return db
    .select({
      id: visitEvents.id,
      appointmentId: visitEvents.appointmentId,
      kind: visitEvents.kind,
      actorName: users.name,
      actorRole: visitEvents.actorRole,
      body: visitEvents.body,
      createdAt: visitEvents.createdAt,
    })
    .from(visitEvents)
    .leftJoin(users, eq(users.id, visitEvents.actorId))
    .where(and(eq(visitEvents.accountId, accountId), inArray(visitEvents.appointmentId, appointmentIds)))
    .orderBy(asc(visitEvents.createdAt), asc(visitEvents.id));
}

async function withJobsAndEvents(accountId: string, rows: VisitRow[]) {
  const db = await getDb();
  const jobIds = [...new Set(rows.map((row) => row.jobId).filter((id): id is string => Boolean(id)))];
  const [jobRows, events] = await Promise.all([
    jobIds.length
      ? db
          .select({ id: jobs.id, title: jobs.title, status: jobs.status })
          .from(jobs)
          .where(and(eq(jobs.accountId, accountId), inArray(jobs.id, jobIds)))
      : [],
    visitEventsOf(
      accountId,
      rows.map((row) => row.id),
    ),
  ]);
  const jobById = new Map(jobRows.map((job) => [job.id, job]));
  return rows.map((row) =>
    toVisit(
      row,
      row.jobId ? jobById.get(row.jobId) : undefined,
      events.filter((event) => event.appointmentId === row.id),
    ),
  );
}

/** The account's visits matching `where`, each with its customer (joined inside the account). */
async function visitRows(accountId: string, where: SQL | undefined) {
  const db = await getDb();
  return db
    .select(visitColumns)
    .from(appointments)
    .innerJoin(customers, accountCustomer(appointments.customerId, accountId))
    .where(and(eq(appointments.accountId, accountId), where))
    .orderBy(asc(appointments.scheduledDate), asc(appointments.id));
}

/** A member's visits in a range (their day), in time order, cancelled ones left out. */
export async function memberVisits(accountId: string, memberId: string, range: Range) {
  const rows = await visitRows(
    accountId,
    and(eq(appointments.assigneeId, memberId), inRange(appointments.scheduledDate, range), ne(appointments.status, "cancelled")),
  );
  return withJobsAndEvents(accountId, rows);
}

/** The open jobs (pending or in progress) assigned to a member, the scheduled ones first by date. */
export async function memberOpenJobs(accountId: string, memberId: string) {
  const db = await getDb();
  return db
    .select({
      id: jobs.id,
      title: jobs.title,
      status: jobs.status,
      scheduledDate: jobs.scheduledDate,
      location: jobs.location,
      customerName: customers.name,
    })
    .from(jobs)
    .innerJoin(customers, accountCustomer(jobs.customerId, accountId))
    .where(and(eq(jobs.accountId, accountId), eq(jobs.assigneeId, memberId), inArray(jobs.status, ["pending", "in_progress"])))
    .orderBy(asc(sql`${jobs.scheduledDate} is null`), asc(jobs.scheduledDate), asc(jobs.id))
    .limit(50);
}

/**
 * One visit of the account with its customer, job and events; with `assignee`, only when it
 * is assigned to that member (a technician's other visits read as missing).
 */
export async function findVisit(accountId: string, id: string, assignee?: string) {
  const [row] = await visitRows(
    accountId,
    and(eq(appointments.id, id), assignee === undefined ? undefined : eq(appointments.assigneeId, assignee)),
  );
  if (!row) return undefined;
  const [visit] = await withJobsAndEvents(accountId, [row]);
  return visit;
}

const event = (
  accountId: string,
  appointmentId: string,
  kind: VisitEventKind,
  actor: VisitActor,
  body: string | null = null,
) => ({
  accountId,
  appointmentId,
  kind,
  actorId: actor.userId,
  actorRole: actor.role,
  body,
  createdAt: clockNow(),
});

/**
 * Claims the visit's one "on my way": true when this call is the first (the unique index on
 * the visit's on_my_way event decides, so two taps or two servers send one e-mail).
 */
export async function claimOnMyWay(accountId: string, appointmentId: string, actor: VisitActor): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .insert(visitEvents)
    .values(event(accountId, appointmentId, "on_my_way", actor))
    .onConflictDoNothing()
    .returning({ id: visitEvents.id });
  return rows.length > 0;
}

/** Gives the claim back when the e-mail could not go out, so the technician may try again. */
export async function releaseOnMyWay(accountId: string, appointmentId: string): Promise<void> {
  const db = await getDb();
  await db
    .delete(visitEvents)
    .where(
      and(eq(visitEvents.accountId, accountId), eq(visitEvents.appointmentId, appointmentId), eq(visitEvents.kind, "on_my_way")),
    );
}

/**
 * Moves a visit on (started: in progress; completed) and records who did it. False when the
 * visit is not the account's or has moved past that step already: the status update decides,
 * so two taps record one step.
 */
export async function advanceVisit(
  accountId: string,
  appointmentId: string,
  step: "started" | "completed",
  actor: VisitActor,
): Promise<boolean> {
  const db = await getDb();
  const from = step === "started" ? ACTIVE_STATUSES.filter((status) => status !== "in_progress") : ACTIVE_STATUSES;
  const [updated] = await db
    .update(appointments)
    .set({ status: step === "started" ? "in_progress" : "completed" })
    .where(
      and(eq(appointments.accountId, accountId), eq(appointments.id, appointmentId), inArray(appointments.status, [...from])),
    )
    .returning({ id: appointments.id });
  if (!updated) return false;
  await db.insert(visitEvents).values(event(accountId, appointmentId, step, actor));
  return true;
}

/** Adds a note to the visit, signed by the actor. */
export async function addVisitNote(accountId: string, appointmentId: string, actor: VisitActor, body: string) {
  const db = await getDb();
  await db.insert(visitEvents).values(event(accountId, appointmentId, "note", actor, body));
}

/** How many visits of the job are still to do (scheduled, rescheduled or in progress). */
export async function openVisitsOfJob(accountId: string, jobId: string): Promise<number> {
  const db = await getDb();
  const row = await db
    .select({ value: count() })
    .from(appointments)
    .where(
      and(
        eq(appointments.accountId, accountId),
        eq(appointments.jobId, jobId),
        inArray(appointments.status, [...ACTIVE_STATUSES]),
      ),
    )
    .get();
  return row?.value ?? 0;
}

/**
 * Completes the account's job on `day` (a calendar date, kept as UTC midnight); with
 * `assignee`, only a job assigned to that member. False when there is no such open job.
 */
export async function completeJob(accountId: string, jobId: string, day: string, assignee?: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(jobs)
    .set({ status: "completed", completedDate: new Date(`${day}T00:00:00Z`) })
    .where(
      and(
        eq(jobs.accountId, accountId),
        eq(jobs.id, jobId),
        inArray(jobs.status, ["pending", "in_progress"]),
        assignee === undefined ? undefined : eq(jobs.assigneeId, assignee),
      ),
    )
    .returning({ id: jobs.id });
  return rows.length > 0;
}
