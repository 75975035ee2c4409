// Serving a photo or file's copy (docs/product/files.md): to a signed-in member of its account
// (a technician only on their own jobs and visits) at /files/{id}/{variant}, or to the customer
// through their share link (/e/{token}/files/…, /i/{token}/files/…, /c/{token}/files/…) when the
// file is marked for them and is on that estimate or invoice, or on that customer's work. Every
// other case, another account's id included, answers 404 as if nothing were there.
import { and, eq } from "drizzle-orm";
import { appointments, estimates, invoices, jobs } from "#db/schema";
import { getDb } from "~/infrastructure/db.server";
import { getSessionUser } from "~/infrastructure/session.server";
import { ownWorkOnly } from "~/lib/permissions";
import { fileResponse, getFile, getMemberFile, isImage, ownerOf, readFileCopy, type FileRow } from "~/models/file.server";

const notFound = () => new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });

async function copyResponse(accountId: string, file: FileRow | undefined, variant: string): Promise<Response> {
  if (!file) return notFound();
  const stored = await readFileCopy(accountId, file, variant);
  return stored ? fileResponse(file, stored, variant) : notFound();
}

/** GET /files/{id}/{variant} for a member; signed out it is 404 too (a file's address says nothing). */
export async function serveMemberFile(request: Request, fileId: string, variant: string): Promise<Response> {
  const user = await getSessionUser(request);
  if (!user) return notFound();
  const file = await getMemberFile(user.accountId, fileId, ownWorkOnly(user));
  return copyResponse(user.accountId, file, variant);
}

/** What a customer's link opens: one estimate, one invoice, or all of one customer's work (the hub). */
export type CustomerScope =
  | { kind: "estimate"; accountId: string; estimateId: string }
  | { kind: "invoice"; accountId: string; invoiceId: string }
  | { kind: "customer"; accountId: string; customerId: string };

/** True when the file is a photo marked for the customer and on what their link opens. */
export async function customerMaySee(scope: CustomerScope, file: FileRow): Promise<boolean> {
  if (!file.showToCustomer || !isImage(file)) return false;
  if (scope.kind === "estimate") return file.estimateId === scope.estimateId;
  if (scope.kind === "invoice") return file.invoiceId === scope.invoiceId;
  const owner = ownerOf(file);
  const db = await getDb();
  const table = { job: jobs, estimate: estimates, invoice: invoices, appointment: appointments }[
    owner.kind as "job" | "estimate" | "invoice" | "appointment"
  ];
  if (!table) return false;
  const row = await db
    .select({ customerId: table.customerId })
    .from(table)
    .where(and(eq(table.id, owner.id), eq(table.accountId, scope.accountId)))
    .get();
  return row?.customerId === scope.customerId;
}

/** GET /{e|i|c}/{token}/files/{id}/{variant}: `scope` is undefined for an unknown or revoked link. */
export async function serveCustomerFile(scope: CustomerScope | undefined, fileId: string, variant: string): Promise<Response> {
  if (!scope) return notFound();
  const file = await getFile(scope.accountId, fileId);
  if (!file || !(await customerMaySee(scope, file))) return notFound();
  return copyResponse(scope.accountId, file, variant);
}
