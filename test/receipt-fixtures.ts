// An account whose customer has paid an invoice in two parts, for the receipt tests
// (app/routes/c.$token.receipts.$paymentId, app/routes/i.$token.receipts.$paymentId): a hub
// link and a share link to reach them, and payments that must not be reachable through those
// links (another invoice of the same customer, another customer, another account).
import { eq } from "drizzle-orm";
import { createCustomer, createInvoice } from "#db/factories";
import { accountSettings } from "#db/schema";
import { getOrCreateHub } from "~/models/customer-hub.server";
import { getOrCreateInvoiceShareLink } from "~/models/invoice-share.server";
import { recordPayment, type PaymentInput, type RecordPaymentResult } from "~/models/payment.server";
import { getSettings } from "~/models/settings.server";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "./accounts";

const line = (unitPrice: number) => [{ description: "Work", quantity: 100, unitPrice }];

/** A payment recorded as Stripe or the API would (never refused), and the row it made. */
export async function pay(accountId: string, invoiceId: string, input: PaymentInput) {
  const result: RecordPaymentResult = await recordPayment(accountId, invoiceId, input);
  if (result.status !== "recorded") throw new Error(`payment not recorded: ${result.status}`);
  return result.payment;
}

/**
 * "Volt Electric" in Chicago's time zone; Ana Ruiz owes on "Service call" ($150.00, no tax)
 * and has paid it in two parts, recorded out of order: `check` ($50.00, check 1042) was
 * recorded first but received last, at 03:30 UTC on March 1st 2025, still February 28th in
 * Chicago; `cash` ($40.00) was received on February 20th. So `cash` is the invoice's first
 * payment (balance after $110.00) and `check` its second (balance after $60.00).
 */
export async function receiptAccount(settings: Partial<typeof accountSettings.$inferInsert> = {}) {
  const { user, cookie } = await signedInAccount("Rosa Peña");
  const other = await signedInAccount("Other Co");
  await getSettings(user.id);
  const db = await getDb();
  await db
    .update(accountSettings)
    .set({ companyName: "Volt Electric", phone: "555-0100", timeZone: "America/Chicago", ...settings })
    .where(eq(accountSettings.accountId, user.id));
  const ana = await createCustomer(db, user.id, {
    name: "Ana Ruiz",
    address: "12 Elm St",
    city: "Austin",
    state: "TX",
    zipCode: "78701",
  });
  const bob = await createCustomer(db, user.id, { name: "Bob Stone" });
  const carl = await createCustomer(db, other.user.id, { name: "Carl Other" });
  const invoice = await createInvoice(db, user.id, {
    customerId: ana.id,
    title: "Service call",
    taxRate: 0,
    items: line(15_000),
  });
  const heater = await createInvoice(db, user.id, { customerId: ana.id, title: "Water heater", taxRate: 0, items: line(90_000) });
  const bobInvoice = await createInvoice(db, user.id, {
    customerId: bob.id,
    title: "Bob's outlet",
    taxRate: 0,
    items: line(7_000),
  });
  const carlInvoice = await createInvoice(db, other.user.id, {
    customerId: carl.id,
    title: "Carl's rewire",
    taxRate: 0,
    items: line(8_000),
  });
  const check = await pay(user.id, invoice.id, {
    amount: 5_000,
    method: "check",
    reference: "1042",
    receivedAt: new Date("2025-03-01T03:30:00Z"),
  });
  const cash = await pay(user.id, invoice.id, { amount: 4_000, method: "cash", receivedAt: new Date("2025-02-20T15:00:00Z") });
  const heaterPayment = await pay(user.id, heater.id, {
    amount: 30_000,
    method: "card",
    receivedAt: new Date("2025-03-02T15:00:00Z"),
  });
  const bobPayment = await pay(user.id, bobInvoice.id, { amount: 7_000, method: "cash" });
  const carlPayment = await pay(other.user.id, carlInvoice.id, { amount: 8_000, method: "card" });
  const hubToken = (await getOrCreateHub(user.id, ana.id))!.token;
  const invoiceToken = (await getOrCreateInvoiceShareLink(user.id, invoice.id))!.link.token;
  const otherHubToken = (await getOrCreateHub(other.user.id, carl.id))!.token;
  return {
    user,
    cookie,
    other,
    db,
    ana,
    bob,
    carl,
    invoice,
    heater,
    bobInvoice,
    carlInvoice,
    check,
    cash,
    heaterPayment,
    bobPayment,
    carlPayment,
    hubToken,
    invoiceToken,
    otherHubToken,
  };
}

export type ReceiptAccount = Awaited<ReturnType<typeof receiptAccount>>;
