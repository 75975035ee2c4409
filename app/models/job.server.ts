import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { appointments, customers, estimates, invoices, jobs } from "#db/schema";
import type { JobInput, JobSort } from "~/lib/job-schema";
import type { JobStatus } from "~/lib/job-status";
import { PAGE_SIZE } from "~/lib/list-params";
import { centsToString } from "~/lib/money";
import { getDb } from "~/infrastructure/db.server";
import { listTotal, getAccountTotal } from "./account-totals.server";
import { accountCustomer, accountRows, isAccountRow, customerNameContains, sameAccount, textSearch } from "./sql.server";
import { getSettings } from "./settings.server";
import { isAccountMember, memberOptions } from "./member.server";
import { visitEventsOf } from "./visit.server";
import { fileCounts } from "./file.server";
import { accountZone, now as clockNow } from "~/lib/clock";

export type Job = typeof jobs.$inferSelect;
export type JobWithCustomer = Job & { customer: { name: string; phone: string | null } };
export interface JobLinks {
  estimates: { id: string; estimateNumber: string }[];
  invoices: { id: string; invoiceNumber: string }[];
}

const ORDER: Record<JobSort, SQL[]> = {
  newest: [desc(jobs.createdAt), desc(jobs.id)],
  oldest: [asc(jobs.createdAt), asc(jobs.id)],
  // Scheduled first by date, unscheduled jobs last.
  scheduled: [asc(sql`${jobs.scheduledDate} is null`), asc(jobs.scheduledDate), asc(jobs.id)],
  title: [asc(sql`${jobs.title} collate nocase`), asc(jobs.id)],
};

const jobColumns = {
  id: jobs.id,
  accountId: jobs.accountId,
  customerId: jobs.customerId,
  title: jobs.title,
  description: jobs.description,
  location: jobs.location,
  status: jobs.status,
  scheduledDate: jobs.scheduledDate,
  completedDate: jobs.completedDate,
  totalAmount: jobs.totalAmount,
  assigneeId: jobs.assigneeId,
  createdAt: jobs.createdAt,
  customerName: customers.name,
  customerPhone: customers.phone,
};

type JobRow = Job & { customerName: string; customerPhone: string | null };

function withCustomer({ customerName, customerPhone, ...job }: JobRow): JobWithCustomer {
  return { ...job, customer: { name: customerName, phone: customerPhone } };
}

// The customer is joined inside the account too: a job never shows another account's customer.
const customerJoin = (accountId: string) => accountCustomer(jobs.customerId, accountId);

/** The account's jobs, searched over title, location and the customer's name. */
function accountJobs(accountId: string, q: string) {
  return accountRows(jobs.accountId, accountId, q, (text) =>
    or(
      textSearch("jobs", jobs.id, accountId, text, [jobs.title, jobs.location]),
      customerNameContains(jobs.customerId, accountId, text),
    ),
  );
}

export interface JobListOptions {
  q?: string;
  /** Only the jobs assigned to this member. */
  assignee?: string;
  status?: JobStatus | "all";
  sort?: JobSort;
  page?: number;
  pageSize?: number;
}

/**
 * One page of the account's jobs with their customer, searched over title, customer
 * name and location and filtered by status, in SQL; plus the estimates and invoices
 * linked to the jobs of that page (one query each).
 */
export async function listJobs(
  accountId: string,
  { q = "", status = "all", sort = "newest", page = 1, pageSize = PAGE_SIZE, assignee }: JobListOptions = {},
) {
  const db = await getDb();
  const where = and(
    accountJobs(accountId, q),
    status === "all" ? undefined : eq(jobs.status, status),
    assignee === undefined ? undefined : eq(jobs.assigneeId, assignee),
  );
  const [rows, total] = await Promise.all([
    db
      .select(jobColumns)
      .from(jobs)
      .innerJoin(customers, customerJoin(accountId))
      .where(where)
      .orderBy(...ORDER[sort])
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    // Counted from the jobs' indexes alone: the search needs no join, and every job has its customer.
    listTotal(accountId, "jobs", q.trim() !== "" || status !== "all" || assignee !== undefined, () =>
      db.select({ value: count() }).from(jobs).where(where).get(),
    ),
  ]);
  const links = await linksFor(
    accountId,
    rows.map((row) => row.id),
  );
  const items = rows.map((row) => ({
    ...withCustomer(row),
    links: links.get(row.id) ?? { estimates: [], invoices: [] },
  }));
  return { items, total, page, pageSize };
}

/** The estimates and invoices linked to the given jobs, oldest first, by job id. */
async function linksFor(accountId: string, jobIds: string[]): Promise<Map<string, JobLinks>> {
  const links = new Map<string, JobLinks>(jobIds.map((id) => [id, { estimates: [], invoices: [] }]));
  if (jobIds.length === 0) return links;
  const db = await getDb();
  const [estimateRows, invoiceRows] = await Promise.all([
    db
      .select({ id: estimates.id, jobId: estimates.jobId, estimateNumber: estimates.estimateNumber })
      .from(estimates)
      .where(and(sameAccount(estimates.accountId, accountId), inArray(estimates.jobId, jobIds)))
      .orderBy(asc(estimates.createdAt), asc(estimates.id)),
    db
      .select({ id: invoices.id, jobId: invoices.jobId, invoiceNumber: invoices.invoiceNumber })
      .from(invoices)
      .where(and(sameAccount(invoices.accountId, accountId), inArray(invoices.jobId, jobIds)))
      .orderBy(asc(invoices.createdAt), asc(invoices.id)),
  ]);
  for (const { jobId, ...estimate } of estimateRows) if (jobId) links.get(jobId)?.estimates.push(estimate);
  for (const { jobId, ...invoice } of invoiceRows) if (jobId) links.get(jobId)?.invoices.push(invoice);
  return links;
}

/** The account's newest jobs with their customer (the dashboard's Recent jobs): one query, no count, no links. */
export async function recentJobs(accountId: string, limit: number): Promise<JobWithCustomer[]> {
  const db = await getDb();
  const rows = await db
    .select(jobColumns)
    .from(jobs)
    .innerJoin(customers, customerJoin(accountId))
    .where(eq(jobs.accountId, accountId))
    .orderBy(...ORDER.newest)
    .limit(limit);
  return rows.map(withCustomer);
}

export async function countJobs(accountId: string) {
  return getAccountTotal(accountId, "jobs");
}

/**
 * The account's job with its customer; undefined when there is no such job in this account,
 * or (with `assignee`) when it is not assigned to that member.
 */
export async function getJob(accountId: string, id: string, assignee?: string): Promise<JobWithCustomer | undefined> {
  const db = await getDb();
  const row = await db
    .select(jobColumns)
    .from(jobs)
    .innerJoin(customers, customerJoin(accountId))
    .where(
      and(eq(jobs.accountId, accountId), eq(jobs.id, id), assignee === undefined ? undefined : eq(jobs.assigneeId, assignee)),
    )
    .get();
  return row ? withCustomer(row) : undefined;
}

/** True when the customer belongs to the account (the job form's customer check). */
export const isAccountCustomer = (accountId: string, customerId: string) => isAccountRow(customers, accountId, customerId);

class ForeignCustomerError extends Error {
  constructor() {
    super("The customer or the assignee does not belong to this account.");
  }
}

/** The form's and the API's checks: the customer and the assignee must be the account's. */
export function jobChecks(accountId: string) {
  return {
    isOwnCustomer: (customerId: string) => isAccountCustomer(accountId, customerId),
    isMember: (memberId: string) => isAccountMember(accountId, memberId),
  };
}

async function ownLinks(accountId: string, input: JobInput) {
  const [customerOk, memberOk] = await Promise.all([
    isAccountCustomer(accountId, input.customerId),
    input.assigneeId ? isAccountMember(accountId, input.assigneeId) : true,
  ]);
  return customerOk && memberOk;
}

/**
 * Creates a job. The input comes from jobSchema with the account's customer check;
 * the check is repeated here so no caller can attach another account's customer.
 */
export async function createJob(accountId: string, input: JobInput): Promise<JobWithCustomer> {
  if (!(await ownLinks(accountId, input))) throw new ForeignCustomerError();
  const db = await getDb();
  const [row] = await db
    .insert(jobs)
    .values({ ...input, accountId, createdAt: clockNow() })
    .returning({ id: jobs.id });
  return (await getJob(accountId, row.id))!;
}

/** Replaces the account's job with the input; undefined when there is no such job in this account. */
export async function updateJob(accountId: string, id: string, input: JobInput): Promise<JobWithCustomer | undefined> {
  if (!(await ownLinks(accountId, input))) throw new ForeignCustomerError();
  const db = await getDb();
  const [row] = await db
    .update(jobs)
    .set(input)
    .where(and(eq(jobs.accountId, accountId), eq(jobs.id, id)))
    .returning({ id: jobs.id });
  return row ? getJob(accountId, row.id) : undefined;
}

export interface JobAttachments {
  estimates: number;
  invoices: number;
  appointments: number;
}

/** What is linked to a job; deleting the job keeps these and only unlinks them. */
export async function jobAttachments(accountId: string, id: string): Promise<JobAttachments> {
  const db = await getDb();
  const countWhere = async (table: typeof estimates | typeof invoices | typeof appointments) =>
    (
      await db
        .select({ value: count() })
        .from(table)
        .where(and(sameAccount(table.accountId, accountId), eq(table.jobId, id)))
        .get()
    )?.value ?? 0;
  const [e, i, a] = await Promise.all([countWhere(estimates), countWhere(invoices), countWhere(appointments)]);
  return { estimates: e, invoices: i, appointments: a };
}

/**
 * Deletes the account's job; undefined when there is no such job in this account. Its
 * estimates, invoices and appointments stay: the schema sets their job_id to null.
 */
export async function deleteJob(accountId: string, id: string): Promise<Job | undefined> {
  const db = await getDb();
  const [row] = await db
    .delete(jobs)
    .where(and(eq(jobs.accountId, accountId), eq(jobs.id, id)))
    .returning();
  return row;
}

/** Everything the job detail view shows: the job, its customer and what is linked to it. */
export async function getJobDetail(accountId: string, id: string, assignee?: string) {
  const job = await getJob(accountId, id, assignee);
  if (!job) return undefined;
  const db = await getDb();
  const [customer, estimateRows, invoiceRows, appointmentRows] = await Promise.all([
    db
      .select({
        id: customers.id,
        name: customers.name,
        email: customers.email,
        phone: customers.phone,
        address: customers.address,
        city: customers.city,
        state: customers.state,
        zipCode: customers.zipCode,
      })
      .from(customers)
      .where(and(eq(customers.accountId, accountId), eq(customers.id, job.customerId)))
      .get(),
    db
      .select({
        id: estimates.id,
        estimateNumber: estimates.estimateNumber,
        title: estimates.title,
        status: estimates.status,
        total: estimates.total,
      })
      .from(estimates)
      .where(and(sameAccount(estimates.accountId, accountId), eq(estimates.jobId, id)))
      .orderBy(asc(estimates.createdAt), asc(estimates.id)),
    db
      .select({
        id: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
        title: invoices.title,
        // A pending invoice past its due date reads as overdue (docs/product/invoices-and-payments.md, "Statuses").
        status: sql<string>`case when ${invoices.status} = 'pending' and ${invoices.dueDate} < date('now') then 'overdue' else ${invoices.status} end`,
        total: invoices.total,
        dueDate: invoices.dueDate,
      })
      .from(invoices)
      .where(and(sameAccount(invoices.accountId, accountId), eq(invoices.jobId, id)))
      .orderBy(asc(invoices.createdAt), asc(invoices.id)),
    db
      .select({
        id: appointments.id,
        title: appointments.title,
        status: appointments.status,
        scheduledDate: appointments.scheduledDate,
        duration: appointments.duration,
        assigneeId: appointments.assigneeId,
      })
      .from(appointments)
      .where(and(sameAccount(appointments.accountId, accountId), eq(appointments.jobId, id)))
      .orderBy(asc(appointments.scheduledDate), asc(appointments.id)),
  ]);
  return { job, customer: customer!, estimates: estimateRows, invoices: invoiceRows, appointments: appointmentRows };
}

export type JobDetail = NonNullable<Awaited<ReturnType<typeof getJobDetail>>>;

/** A job as the API sends it (docs/product/api.md): money as "1234.50", dates as ISO strings. */
export function toApiJob(job: JobWithCustomer) {
  return {
    id: job.id,
    customerId: job.customerId,
    title: job.title,
    description: job.description,
    location: job.location,
    status: job.status,
    scheduledDate: job.scheduledDate?.toISOString() ?? null,
    completedDate: job.completedDate?.toISOString() ?? null,
    totalAmount: job.totalAmount === null ? null : centsToString(job.totalAmount),
    assigneeId: job.assigneeId,
    createdAt: job.createdAt.toISOString(),
    customer: job.customer,
  };
}

/**
 * A job's detail dialog (over the jobs list, the schedule or My day): the job, who it is
 * assigned to, what was done on its visits and by whom, the account's currency and zone; 404
 * when not the account's (or, with `assignee`, not assigned to that member). Without `money`
 * (a technician) no amount leaves the server: the job's total and its estimates and invoices
 * are left out.
 */
export async function jobDetailPage(
  accountId: string,
  jobId = "",
  { assignee, money = true }: { assignee?: string; money?: boolean } = {},
) {
  const [found, settings, members] = await Promise.all([
    getJobDetail(accountId, jobId, assignee),
    getSettings(accountId),
    memberOptions(accountId),
  ]);
  if (!found) throw new Response("Not Found", { status: 404 });
  const detail = money ? found : { ...found, job: { ...found.job, totalAmount: null }, estimates: [], invoices: [] };
  const [events, fileCount] = await Promise.all([
    visitEventsOf(
      accountId,
      detail.appointments.map((appointment) => appointment.id),
    ),
    fileCounts(accountId, "job", [detail.job.id]),
  ]);
  const assigneeName = members.find((member) => member.id === detail.job.assigneeId)?.name ?? null;
  return {
    detail,
    money,
    members,
    assigneeName,
    events,
    fileCount: fileCount.get(detail.job.id) ?? 0,
    currency: settings.currency,
    timeZone: accountZone(settings.timeZone),
  };
}
