// Work requests (docs/product/requests.md): the account's public request page
// (/request/{slug}), the requests visitors send through it, and what each became: a customer,
// an estimate, a job, a visit. Every function but the public page's lookup takes the account first.
import { and, count, desc, eq, like, or, sql } from "drizzle-orm";
import { customers, requestPages, workRequests } from "#db/schema";
import { now as clockNow } from "~/lib/clock";
import { likePattern, PAGE_SIZE } from "~/lib/list-params";
import { slugify, type ConvertTarget, type WorkRequestInput, type WorkRequestStatus } from "~/lib/work-request-schema";
import { getDb } from "~/infrastructure/db.server";
import { copyFile, listFiles } from "./file.server";
import { translate } from "~/infrastructure/i18n";
import { createAppointment, type AppointmentWithCustomer } from "./appointment.server";
import { createCustomer, getCustomer, type Customer } from "./customer.server";
import { createEstimate, type EstimateWithItems } from "./estimate.server";
import { createJob, type JobWithCustomer } from "./job.server";
import { getSettings } from "./settings.server";
import { contains } from "./sql.server";

export type WorkRequest = typeof workRequests.$inferSelect;
export type RequestPage = typeof requestPages.$inferSelect;

/** A request as the API sends it: its fields, without the account it belongs to. */
export function toApiWorkRequest({ accountId: _account, ...request }: WorkRequest) {
  return request;
}

// ---- The request page ------------------------------------------------------------------

export async function getRequestPage(accountId: string): Promise<RequestPage | undefined> {
  const db = await getDb();
  return db.select().from(requestPages).where(eq(requestPages.accountId, accountId)).get();
}

/** The account a request page's slug belongs to, while that page is on; undefined otherwise. */
export async function findOpenRequestPage(slug: string): Promise<RequestPage | undefined> {
  if (!slug || slug.length > 60) return undefined;
  const db = await getDb();
  const page = await db.select().from(requestPages).where(eq(requestPages.slug, slug)).get();
  return page?.enabled ? page : undefined;
}

/** The slug a new page would get: the company name's, with -2, -3… when another account has it. */
export async function proposedSlug(accountId: string, companyName: string): Promise<string> {
  const base = slugify(companyName);
  const db = await getDb();
  // One query for the name and its numbered forms ("-" is not a LIKE wildcard; the base has no % or _).
  const rows = await db
    .select({ slug: requestPages.slug, accountId: requestPages.accountId })
    .from(requestPages)
    .where(or(eq(requestPages.slug, base), like(requestPages.slug, `${base}-%`)));
  const owners = new Map(rows.map((row) => [row.slug, row.accountId]));
  for (let n = 1; n < 50; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const owner = owners.get(slug);
    if (owner === undefined || owner === accountId) return slug;
  }
  return `${base}-${crypto.randomUUID().slice(0, 8)}`;
}

/** The account's request page, made from the company name on first need (on). */
export async function ensureRequestPage(accountId: string): Promise<RequestPage> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const page = await getRequestPage(accountId);
    if (page) return page;
    const { companyName } = await getSettings(accountId);
    const db = await getDb();
    // Two accounts racing for one slug: the unique index lets one in; the other tries the next.
    await db
      .insert(requestPages)
      .values({ accountId, slug: await proposedSlug(accountId, companyName), enabled: true, createdAt: clockNow() })
      .onConflictDoNothing();
  }
  throw new Error("Could not make the request page's address");
}

/** Saves the page's address and whether it is on; "taken" when another account has that slug (nothing changes). */
export async function saveRequestPage(
  accountId: string,
  input: { slug: string; enabled: boolean },
): Promise<{ status: "saved"; page: RequestPage } | { status: "taken" }> {
  const db = await getDb();
  const holder = await db
    .select({ accountId: requestPages.accountId })
    .from(requestPages)
    .where(eq(requestPages.slug, input.slug))
    .get();
  if (holder && holder.accountId !== accountId) return { status: "taken" };
  try {
    const [page] = await db
      .insert(requestPages)
      .values({ accountId, slug: input.slug, enabled: input.enabled, createdAt: clockNow() })
      .onConflictDoUpdate({ target: requestPages.accountId, set: { slug: input.slug, enabled: input.enabled } })
      .returning();
    return { status: "saved", page };
  } catch (error) {
    // Another account took it between the check and the write.
    if (
      error instanceof Error &&
      /UNIQUE constraint failed: request_pages\.slug/.test(String(error.message) + String(error.cause ?? ""))
    )
      return { status: "taken" };
    throw error;
  }
}

// ---- Requests --------------------------------------------------------------------------

/** Records a visitor's request for the account. */
export async function createWorkRequest(
  accountId: string,
  input: WorkRequestInput,
  /** The customer it comes from, when they asked from their hub (already linked, as a converted request is). */
  customerId: string | null = null,
): Promise<WorkRequest> {
  const db = await getDb();
  const [row] = await db
    .insert(workRequests)
    .values({
      accountId,
      customerId,
      name: input.name,
      phone: input.phone ?? null,
      email: input.email ?? null,
      address: input.address ?? null,
      description: input.description ?? null,
      preferredTimes: input.preferredTimes ?? null,
      createdAt: clockNow(),
    })
    .returning();
  return row;
}

/** Deletes a request (one whose photos could not be kept: as if it had never been sent); its photos go with it. */
export async function deleteWorkRequest(accountId: string, id: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .delete(workRequests)
    .where(and(eq(workRequests.id, id), eq(workRequests.accountId, accountId)))
    .returning({ id: workRequests.id });
  return rows.length > 0;
}

/** One page of the account's requests, newest first, by status and searched over name, phone, e-mail and what was asked. */
export async function listWorkRequests(
  accountId: string,
  {
    q = "",
    status = "all",
    page = 1,
    pageSize = PAGE_SIZE,
  }: { q?: string; status?: WorkRequestStatus | "all"; page?: number; pageSize?: number } = {},
) {
  const db = await getDb();
  const pattern = q ? likePattern(q) : "";
  const where = and(
    eq(workRequests.accountId, accountId),
    status === "all" ? undefined : eq(workRequests.status, status),
    pattern
      ? or(
          contains(workRequests.name, pattern),
          contains(workRequests.phone, pattern),
          contains(workRequests.email, pattern),
          contains(workRequests.description, pattern),
        )
      : undefined,
  );
  const [items, [{ total }]] = await Promise.all([
    db
      .select()
      .from(workRequests)
      .where(where)
      .orderBy(desc(workRequests.createdAt), desc(workRequests.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(workRequests).where(where),
  ]);
  return { items, total, page, pageSize };
}

export async function countWorkRequests(accountId: string): Promise<number> {
  const db = await getDb();
  const row = await db.select({ value: count() }).from(workRequests).where(eq(workRequests.accountId, accountId)).get();
  return row?.value ?? 0;
}

/** The sidebar's figure: the account's requests still new. */
export async function countNewWorkRequests(accountId: string): Promise<number> {
  const db = await getDb();
  const row = await db
    .select({ value: count() })
    .from(workRequests)
    .where(and(eq(workRequests.accountId, accountId), eq(workRequests.status, "new")))
    .get();
  return row?.value ?? 0;
}

export async function getWorkRequest(accountId: string, id: string): Promise<WorkRequest | undefined> {
  if (!id || id.length > 100) return undefined;
  const db = await getDb();
  return db
    .select()
    .from(workRequests)
    .where(and(eq(workRequests.accountId, accountId), eq(workRequests.id, id)))
    .get();
}

export type StatusChange = { status: "changed"; request: WorkRequest } | { status: "not-found" } | { status: "not-converted" };

/** Sets the request's status; "converted" only for a request that became something. */
export async function setWorkRequestStatus(accountId: string, id: string, status: WorkRequestStatus): Promise<StatusChange> {
  const current = await getWorkRequest(accountId, id);
  if (!current) return { status: "not-found" };
  if (status === "converted" && !current.convertedAt) return { status: "not-converted" };
  const db = await getDb();
  const [request] = await db
    .update(workRequests)
    .set({ status })
    .where(and(eq(workRequests.accountId, accountId), eq(workRequests.id, id)))
    .returning();
  return request ? { status: "changed", request } : { status: "not-found" };
}

const digits = (column: typeof customers.phone) =>
  sql`replace(replace(replace(replace(replace(replace(${column}, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')`;

/** The account's customers with the request's e-mail or phone (digits compared), at most five. */
export async function matchingCustomers(accountId: string, request: Pick<WorkRequest, "email" | "phone">) {
  const phone = request.phone?.replace(/[\s\-().+]/g, "") ?? "";
  const email = request.email?.toLowerCase() ?? "";
  if (!email && phone.length < 4) return [];
  const db = await getDb();
  return db
    .select({ id: customers.id, name: customers.name, email: customers.email, phone: customers.phone })
    .from(customers)
    .where(
      and(
        eq(customers.accountId, accountId),
        or(
          email ? sql`lower(${customers.email}) = ${email}` : undefined,
          phone.length >= 4 ? sql`${digits(customers.phone)} = ${phone}` : undefined,
        ),
      ),
    )
    .limit(5);
}

export type Converted =
  | { kind: "customer"; record: Customer }
  | { kind: "estimate"; record: EstimateWithItems }
  | { kind: "job"; record: JobWithCustomer }
  | { kind: "appointment"; record: AppointmentWithCustomer };

export type ConvertOutcome =
  | { status: "converted"; request: WorkRequest; created: Converted }
  | { status: "not-found" }
  | { status: "has-customer"; customerId: string }
  | { status: "customer-not-found" }
  | { status: "date-required" };

/** The title of what a request becomes: the first line of what was asked, else "Request from {name}". */
function titleOf(request: WorkRequest, language: string) {
  const first =
    request.description
      ?.split(/\r?\n/)
      .find((line) => line.trim())
      ?.trim() ?? "";
  if (!first) return translate(language, "requests.convert.defaultTitle", { name: request.name });
  return first.length > 80 ? `${first.slice(0, 79)}…` : first;
}

/**
 * Makes `to` from the request and links it: a customer (new, or `customerId`, one of the
 * account's), an estimate (one line with what was asked, at no price yet), a job, or a visit
 * at `scheduledDate`. The last three need a customer: the request's own, else `customerId`,
 * else the first with the request's e-mail or phone, else a new one. The request becomes
 * converted. Another account's request or customer is not found and nothing changes.
 */
export async function convertWorkRequest(
  accountId: string,
  id: string,
  to: ConvertTarget,
  options: { customerId?: string; scheduledDate?: Date; by?: string | null } = {},
): Promise<ConvertOutcome> {
  const request = await getWorkRequest(accountId, id);
  if (!request) return { status: "not-found" };
  if (to === "appointment" && !options.scheduledDate) return { status: "date-required" };
  const linked = request.customerId ? await getCustomer(accountId, request.customerId) : undefined;
  if (to === "customer" && linked && !options.customerId) return { status: "has-customer", customerId: linked.id };
  let customer: Customer | undefined;
  if (options.customerId) {
    customer = await getCustomer(accountId, options.customerId);
    if (!customer) return { status: "customer-not-found" };
  } else if (to !== "customer") {
    customer = linked;
    if (!customer) {
      const [match] = await matchingCustomers(accountId, request);
      if (match) customer = await getCustomer(accountId, match.id);
    }
  }
  customer ??= await createCustomer(accountId, {
    name: request.name,
    email: request.email,
    phone: request.phone,
    address: request.address,
    city: null,
    state: null,
    zipCode: null,
    notes: request.preferredTimes,
  });
  const settings = await getSettings(accountId);
  const title = titleOf(request, settings.appLanguage);
  const links: Partial<Pick<WorkRequest, "estimateId" | "jobId" | "appointmentId">> = {};
  let created: Converted;
  if (to === "customer") {
    created = { kind: "customer", record: customer };
  } else if (to === "estimate") {
    const estimate = await createEstimate(
      accountId,
      {
        customerId: customer.id,
        jobId: request.jobId,
        title,
        description: request.description,
        status: "pending",
        taxRate: settings.defaultTaxRate,
        validUntil: null,
        notes: null,
        items: [
          {
            description: request.description?.slice(0, 1000) || title,
            quantity: 100,
            unitPrice: 0,
            taxable: true,
            discountPercent: 0,
            optional: false,
          },
        ],
      },
      { by: options.by ?? null },
    );
    links.estimateId = estimate.id;
    created = { kind: "estimate", record: estimate };
  } else if (to === "job") {
    const job = await createJob(accountId, {
      customerId: customer.id,
      title,
      description: request.description,
      location: request.address,
      status: "pending",
      scheduledDate: null,
      completedDate: null,
      totalAmount: null,
    });
    links.jobId = job.id;
    created = { kind: "job", record: job };
    // The customer's photos go with the work, where the technician sees them.
    for (const photo of await listFiles(accountId, { kind: "workRequest", id })) {
      await copyFile(accountId, photo.id, { kind: "job", id: job.id }, { createdBy: options.by ?? null });
    }
  } else {
    const appointment = await createAppointment(accountId, {
      customerId: customer.id,
      jobId: request.jobId,
      title,
      description: request.description,
      location: request.address,
      appointmentType: "estimate",
      customType: null,
      scheduledDate: options.scheduledDate!,
      duration: 60,
      notes: request.preferredTimes,
    });
    links.appointmentId = appointment.id;
    created = { kind: "appointment", record: appointment };
  }
  const db = await getDb();
  const [updated] = await db
    .update(workRequests)
    .set({
      ...links,
      customerId: customer.id,
      status: "converted",
      convertedAt: request.convertedAt ?? clockNow(),
    })
    .where(and(eq(workRequests.accountId, accountId), eq(workRequests.id, id)))
    .returning();
  return { status: "converted", request: updated, created };
}
