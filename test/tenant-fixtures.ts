// Two accounts with one record of every type each, for the isolation and fuzz tests.
// Every text the first account stores carries its marker, so a page or export of the
// second account can be searched for anything that leaked.
import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { createAppointment, createCustomer, createEstimate, createInvoice, createJob, createNotification } from "#db/factories";
import { createRecurringInvoice } from "~/models/recurring-invoice.server";
import { createWorkRequest, saveRequestPage } from "~/models/work-request.server";
import {
  accountSettings,
  appOrigins,
  appointments,
  customerDetailChanges,
  customerHubs,
  hubCheckouts,
  estimateDeposits,
  estimateShareTokens,
  invoices,
  invoiceShareTokens,
  jobs,
  payments,
  priceItems,
  visitEvents,
} from "#db/schema";
import { getDb } from "~/infrastructure/db.server";
import { addFiles, type FileOwner } from "~/models/file.server";
import { inviteMember } from "~/models/team.server";
import { signedInAccount, signedInMember } from "./accounts";

export const RECORD_TYPES = [
  "customer",
  "job",
  "estimate",
  "invoice",
  "appointment",
  "notification",
  "payment",
  "recurringInvoice",
  "priceItem",
  "deposit",
  "member",
  "invitation",
  "workRequest",
  "file",
] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

export interface TenantAccount {
  accountId: string;
  email: string;
  cookie: string;
  /** The Cookie header of the technician the job and the appointment are assigned to. */
  technicianCookie: string;
  marker: string;
  ids: Record<RecordType, string>;
  /** An estimate that is still pending (the approved one is `ids.estimate`). */
  pendingEstimateId: string;
  /** A second pending invoice, left unpaid whatever is done to `ids.invoice`. */
  openInvoiceId: string;
  token: string;
  /** The share link of the invoice (/i/{token}). */
  invoiceToken: string;
  /** The link token of the invitation waiting (/join/{token}). */
  invitationToken: string;
  /** The customer's hub link (/c/{token}). */
  hubToken: string;
  /** The slug of the account's public request page (/request/{slug}). */
  requestSlug: string;
  /** A photo on the invoice, shown to the customer (`ids.file` is one on the pending estimate, shown too). */
  invoiceFileId: string;
}

// A 1×1 PNG: the account has a logo, so /e/{token}/logo has something to serve.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);

/** A photo (a real JPEG, its copies stored) on a record, shown to the customer, captioned with the marker. */
async function photoOn(accountId: string, owner: FileOwner, marker: string): Promise<string> {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#336699" } })
    .jpeg()
    .toBuffer();
  const where = path.join(os.tmpdir(), `tenant-photo-${crypto.randomUUID()}.jpg`);
  await writeFile(where, bytes);
  const upload = { field: "file", filename: `${marker} photo.jpg`, claimedType: "image/jpeg", size: bytes.length, path: where };
  const added = await addFiles(accountId, owner, [{ ...upload, head: new Uint8Array(bytes.subarray(0, 64)) }], {
    createdBy: accountId,
    caption: `${marker} caption`,
    showToCustomer: true,
  });
  if (!added.ok) throw new Error(`tenantAccount: the photo was refused (${added.message})`);
  return added.files[0].id;
}

/**
 * A signed-in account with a customer (with an e-mail, so an estimate could be sent), a
 * job, an approved estimate not yet invoiced (so "create invoice" would work), a pending
 * estimate with a share link, a pending invoice, a scheduled appointment and an unread
 * notification: every action a stranger might try would succeed for the owner.
 */
export async function tenantAccount(label: string): Promise<TenantAccount> {
  const marker = `${label}-${crypto.randomUUID().slice(0, 8)}`;
  const { user, cookie } = await signedInAccount(`${marker} Owner`);
  const db = await getDb();
  const customer = await createCustomer(db, user.id, {
    name: `${marker} Customer`,
    email: `${marker.toLowerCase()}@example.com`,
    notes: `${marker} notes`,
  });
  const job = await createJob(db, user.id, { customerId: customer.id, title: `${marker} Job`, status: "in_progress" });
  const estimate = await createEstimate(db, user.id, {
    customerId: customer.id,
    jobId: job.id,
    title: `${marker} Approved estimate`,
    status: "approved",
    approvedAt: new Date(),
  });
  const pending = await createEstimate(db, user.id, {
    customerId: customer.id,
    title: `${marker} Pending estimate`,
    status: "pending",
  });
  const invoice = await createInvoice(db, user.id, {
    customerId: customer.id,
    jobId: job.id,
    title: `${marker} Invoice`,
    status: "pending",
  });
  const openInvoice = await createInvoice(db, user.id, {
    customerId: customer.id,
    title: `${marker} Open invoice`,
    status: "pending",
  });
  // A deposit on the invoice: it stays pending with a balance, so paying it would still work.
  const [payment] = await db
    .insert(payments)
    .values({
      accountId: user.id,
      invoiceId: invoice.id,
      amount: 100,
      method: "check",
      receivedAt: new Date(),
      note: `${marker} payment`,
    })
    .returning();
  await db.update(invoices).set({ amountPaid: 100 }).where(eq(invoices.id, invoice.id));
  // A deposit on the approved estimate (not invoiced yet), which asks 10%.
  const [deposit] = await db
    .insert(estimateDeposits)
    .values({
      accountId: user.id,
      estimateId: estimate.id,
      amount: 100,
      method: "cash",
      receivedAt: new Date(),
      note: `${marker} deposit`,
    })
    .returning();
  const appointment = await createAppointment(db, user.id, {
    customerId: customer.id,
    jobId: job.id,
    title: `${marker} Appointment`,
  });
  const notification = await createNotification(db, user.id, {
    title: `${marker} Notification`,
    message: `${marker} message`,
    read: false,
  });
  const recurring = await createRecurringInvoice(user.id, {
    customerId: customer.id,
    title: `${marker} Maintenance plan`,
    description: `${marker} plan description`,
    notes: `${marker} plan notes`,
    taxRate: 825,
    frequency: "monthly",
    startDate: "2099-01-31",
    endDate: null,
    count: 12,
    autoSend: false,
    items: [{ description: `${marker} Tune-up`, quantity: 100, unitPrice: 8_900 }],
  });
  const [priceItem] = await db
    .insert(priceItems)
    .values({
      accountId: user.id,
      name: `${marker} Price item`,
      description: `${marker} item description`,
      unitPrice: 4500,
      unit: "hour",
      taxable: false,
      category: `${marker} category`,
      cost: 2000,
    })
    .returning();
  const token = randomBytes(32).toString("base64url");
  await db.insert(estimateShareTokens).values({ accountId: user.id, estimateId: pending.id, token });
  const invoiceToken = randomBytes(32).toString("base64url");
  await db.insert(invoiceShareTokens).values({ accountId: user.id, invoiceId: invoice.id, token: invoiceToken });
  const hubToken = randomBytes(32).toString("base64url");
  await db.insert(customerHubs).values({ accountId: user.id, customerId: customer.id, token: hubToken });
  // What the customer changed from the hub (the customer's activity).
  await db.insert(customerDetailChanges).values({
    accountId: user.id,
    customerId: customer.id,
    changes: { phone: { from: "555-0100", to: "555-0199" } },
  });
  // A Pay all the customer started from the hub (not paid).
  await db
    .insert(hubCheckouts)
    .values({ accountId: user.id, customerId: customer.id, amount: 100, parts: [{ invoiceId: invoice.id, amount: 100 }] });
  const requestSlug = `${marker
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}-${randomBytes(4).toString("hex")}`;
  await saveRequestPage(user.id, { slug: requestSlug, enabled: true });
  // The address the account's people last signed in through (links in reminders).
  await db.insert(appOrigins).values({ accountId: user.id, origin: `https://${requestSlug}.example`, updatedAt: new Date() });
  const workRequest = await createWorkRequest(user.id, {
    name: `${marker} Visitor`,
    phone: "555-0199",
    email: `${marker.toLowerCase()}-visitor@example.com`,
    address: `${marker} Street`,
    description: `${marker} leaking sink`,
    preferredTimes: null,
  });
  await db
    .update(accountSettings)
    .set({ companyName: `${marker} Company`, logo: PNG, logoMimeType: "image/png", logoUpdatedAt: new Date() })
    .where(eq(accountSettings.accountId, user.id));
  // A technician on the team, and an invitation waiting.
  const technician = await signedInMember(user.id, "technician", `${marker} Technician`);
  const member = await db.query.accountMembers.findFirst({ where: (m, { eq: is }) => is(m.userId, technician.user.id) });
  const invited = await inviteMember(user.id, user.id, { email: `${marker.toLowerCase()}-invited@example.com`, role: "office" });
  if (!invited.ok || !member) throw new Error("tenantAccount: the team fixture was not made");
  // The technician has the job and the appointment, and left a note on the visit.
  await db.update(jobs).set({ assigneeId: member.id }).where(eq(jobs.id, job.id));
  await db.update(appointments).set({ assigneeId: member.id }).where(eq(appointments.id, appointment.id));
  await db.insert(visitEvents).values({
    accountId: user.id,
    appointmentId: appointment.id,
    kind: "note",
    actorId: technician.user.id,
    actorRole: "technician",
    body: `${marker} visit note`,
  });
  // A photo for the customer on the pending estimate (its link is `token`) and one on the invoice.
  const file = await photoOn(user.id, { kind: "estimate", id: pending.id }, marker);
  const invoiceFileId = await photoOn(user.id, { kind: "invoice", id: invoice.id }, marker);
  return {
    accountId: user.id,
    email: user.email,
    cookie,
    /** The Cookie header of the technician the job and the appointment are assigned to. */
    technicianCookie: technician.cookie,
    marker,
    ids: {
      customer: customer.id,
      job: job.id,
      estimate: estimate.id,
      invoice: invoice.id,
      appointment: appointment.id,
      notification: notification.id,
      payment: payment.id,
      recurringInvoice: recurring.id,
      priceItem: priceItem.id,
      deposit: deposit.id,
      member: member.id,
      invitation: invited.invitation.id,
      workRequest: workRequest.id,
      file,
    },
    pendingEstimateId: pending.id,
    openInvoiceId: openInvoice.id,
    token,
    invoiceToken,
    invitationToken: invited.token,
    hubToken,
    requestSlug,
    invoiceFileId,
  };
}
