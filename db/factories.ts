// Test and demo data: factories that insert one realistic record for an account, and
// seedAccount, which fills an account with a linked, believable small business. Shared by
// the Vitest suites, the Playwright fixtures and db/seed.ts (docs/architecture.md).
// Amounts follow the schema: integer cents, quantities in hundredths, rates in
// ten-thousandths; every total comes from app/lib/money.ts, never from floats.
import type { ResultSet } from "@libsql/client";
import { addDays, addMinutes, format, startOfDay } from "date-fns";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { BaseSQLiteDatabase, SQLiteTable } from "drizzle-orm/sqlite-core";
import { documentTotals, parseCents, parseQuantity } from "~/lib/money";
import { formatDocumentNumber, type DocumentKind } from "~/lib/document-number";
import { numbering } from "~/models/document-number.server";
import * as schema from "./schema";
import {
  accountSettings,
  appointments,
  customers,
  estimateItems,
  estimates,
  invoiceItems,
  invoices,
  jobs,
  notifications,
  payments,
} from "./schema";

/** The app database or a transaction on it: factories work inside either. */
export type Db = BaseSQLiteDatabase<"async", ResultSet, typeof schema>;

export type Customer = typeof customers.$inferSelect;
export type Job = typeof jobs.$inferSelect;
export type Estimate = typeof estimates.$inferSelect;
export type EstimateItem = typeof estimateItems.$inferSelect;
export type Invoice = typeof invoices.$inferSelect;
export type InvoiceItem = typeof invoiceItems.$inferSelect;
export type Appointment = typeof appointments.$inferSelect;
export type Notification = typeof notifications.$inferSelect;

/** A line as the forms produce it: quantity in hundredths, unit price in cents. */
export interface LineInput {
  description: string;
  quantity: number;
  unitPrice: number;
  /** Defaults: taxable, no discount, not optional (decision 019). */
  taxable?: boolean;
  discountPercent?: number;
  optional?: boolean;
}

export const DEFAULT_TAX_RATE = 825;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const CHUNK = 500;

// ---------------------------------------------------------------------------
// Deterministic randomness: the same seed gives the same business, so a failing
// test or a screenshot can be reproduced.

export type Random = () => number;

/** mulberry32: a tiny seeded generator of floats in [0, 1). */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const factoryRandom = createRandom(20_250_601);

const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const chance = (random: Random, p: number) => random() < p;
function pick<T>(random: Random, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)];
}
function shuffle<T>(random: Random, list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}
/** `count` values laid out in the given proportions, in random order: exact mixes, not luck. */
function mix<T>(random: Random, count: number, weights: readonly (readonly [T, number])[]): T[] {
  const total = weights.reduce((sum, [, w]) => sum + w, 0);
  const out: T[] = [];
  for (const [value, weight] of weights) {
    const n = Math.round((count * weight) / total);
    for (let i = 0; i < n && out.length < count; i++) out.push(value);
  }
  while (out.length < count) out.push(weights[0][0]);
  return shuffle(random, out);
}

const newId = (): string => crypto.randomUUID();
const calendarDate = (date: Date) => format(date, "yyyy-MM-dd");

// Document numbers come from the account's counters in account_settings, as the app gives
// them out (docs/decisions/031): EST-0001, INV-0001, … unless a test names its own.

/** Runs the statements the app numbers a document with (in the factory's transaction); the number as the column's value. */
async function numberedBy(db: Db, accountId: string, kind: DocumentKind): Promise<SQL> {
  const { statements, number } = numbering(db, accountId, kind);
  for (const statement of statements) await statement;
  return number;
}

/**
 * Numbers for seeded documents created at the given instants, the oldest first, from the
 * account's next number on; the counter moves past them, as if the app had made them.
 */
async function seededNumbers(db: Db, accountId: string, kind: DocumentKind, instants: Date[]): Promise<string[]> {
  await db.insert(accountSettings).values({ accountId }).onConflictDoNothing();
  const next = kind === "estimate" ? accountSettings.estimateNextNumber : accountSettings.invoiceNextNumber;
  const [counter] = await db
    .update(accountSettings)
    .set(
      kind === "estimate"
        ? { estimateNextNumber: sql`${next} + ${instants.length}` }
        : { invoiceNextNumber: sql`${next} + ${instants.length}` },
    )
    .where(eq(accountSettings.accountId, accountId))
    .returning({
      prefix: kind === "estimate" ? accountSettings.estimatePrefix : accountSettings.invoicePrefix,
      next,
    });
  const first = counter.next - instants.length;
  const order = instants.map((d, i) => [d.getTime(), i] as const).sort((a, b) => a[0] - b[0]);
  const numbers = new Array<string>(instants.length);
  order.forEach(([, index], position) => (numbers[index] = formatDocumentNumber(counter.prefix, first + position)));
  return numbers;
}

// ---------------------------------------------------------------------------
// The trade catalog: what a Central Texas electrical, plumbing and HVAC outfit sells.

function line(description: string, quantity: string, unitPrice: string): LineInput {
  const q = parseQuantity(quantity);
  const p = parseCents(unitPrice);
  if (q === null || p === null) throw new Error(`Bad catalog line: ${description}`);
  return { description, quantity: q, unitPrice: p };
}

interface JobTemplate {
  trade: "electrical" | "plumbing" | "hvac";
  title: string;
  description: string;
  items: LineInput[];
}

const ELECTRICIAN_RATE = "95.00";
const PLUMBER_RATE = "110.00";
const HVAC_RATE = "105.00";

export const JOB_TEMPLATES: readonly JobTemplate[] = [
  {
    trade: "electrical",
    title: "Panel upgrade to 200A",
    description: "Replace the 100A panel with a 200A main breaker panel, new meter base and grounding.",
    items: [
      line("Labor (hours)", "10", ELECTRICIAN_RATE),
      line("200A main breaker panel", "1", "489.00"),
      line("Meter base and service mast", "1", "312.50"),
      line("Ground rod and clamp kit", "2", "38.75"),
      line("Permit and inspection fee", "1", "175.00"),
    ],
  },
  {
    trade: "electrical",
    title: "Level 2 EV charger install",
    description: "Dedicated 50A circuit from the panel to the garage for a wall-mounted charger.",
    items: [
      line("Labor (hours)", "4.5", ELECTRICIAN_RATE),
      line("NEMA 14-50 receptacle and 50A breaker", "1", "92.40"),
      line("6/3 NM-B copper cable (ft)", "48", "3.85"),
      line("Permit and inspection fee", "1", "85.00"),
    ],
  },
  {
    trade: "electrical",
    title: "Recessed lighting, living room",
    description: "Six LED wafer lights on a new dimmer circuit.",
    items: [
      line("Labor (hours)", "5", ELECTRICIAN_RATE),
      line("6-in LED wafer light", "6", "24.99"),
      line("14/2 NM-B cable (ft)", "60", "0.89"),
      line("Dimmer switch", "1", "42.50"),
    ],
  },
  {
    trade: "electrical",
    title: "Whole-house surge protector",
    description: "Type 2 surge protective device installed at the main panel.",
    items: [
      line("Labor (hours)", "1.5", ELECTRICIAN_RATE),
      line("Type 2 surge protective device", "1", "189.00"),
      line("30A two-pole breaker", "1", "34.25"),
    ],
  },
  {
    trade: "electrical",
    title: "Kitchen GFCI outlet replacement",
    description: "Replace four countertop receptacles with GFCI protection.",
    items: [
      line("Service call", "1", "79.00"),
      line("Labor (hours)", "2", ELECTRICIAN_RATE),
      line("20A GFCI receptacle", "4", "22.75"),
    ],
  },
  {
    trade: "plumbing",
    title: "Water heater replacement",
    description: "Remove the failed tank, install a new 40-gallon gas unit with new connections.",
    items: [
      line("Labor (hours)", "5", PLUMBER_RATE),
      line("40-gal gas water heater", "1", "849.00"),
      line("Copper fittings", "6", "12.40"),
      line("Gas flex connector and shutoff valve", "1", "46.80"),
      line("Haul-away and disposal", "1", "75.00"),
    ],
  },
  {
    trade: "plumbing",
    title: "Tankless water heater install",
    description: "Convert from tank to a 199k BTU tankless unit with new venting.",
    items: [
      line("Labor (hours)", "9", PLUMBER_RATE),
      line("199k BTU tankless gas water heater", "1", "1895.00"),
      line("Stainless venting kit", "1", "265.00"),
      line("Copper fittings", "10", "12.40"),
      line("Permit and inspection fee", "1", "125.00"),
    ],
  },
  {
    trade: "plumbing",
    title: "Kitchen sink and disposal install",
    description: "New undermount sink, 3/4 HP disposal, supply lines and trap.",
    items: [
      line("Labor (hours)", "3", PLUMBER_RATE),
      line("3/4 HP garbage disposal", "1", "219.00"),
      line("Stainless undermount sink", "1", "329.00"),
      line("Supply lines and P-trap kit", "1", "38.60"),
    ],
  },
  {
    trade: "plumbing",
    title: "Bathroom repipe with PEX",
    description: "Replace galvanized supply lines in the hall bathroom with PEX-A.",
    items: [
      line("Labor (hours)", "14", PLUMBER_RATE),
      line("1/2-in PEX-A pipe (ft)", "180", "0.95"),
      line("PEX expansion fittings", "36", "4.35"),
      line("Drywall patch and repair", "1", "350.00"),
    ],
  },
  {
    trade: "plumbing",
    title: "Sewer line camera inspection",
    description: "Camera the main line to the street and hydro-jet the root intrusion.",
    items: [
      line("Camera inspection", "1", "285.00"),
      line("Drain cleaning (hydro-jet)", "1", "450.00"),
      line("Labor (hours)", "1.25", PLUMBER_RATE),
    ],
  },
  {
    trade: "hvac",
    title: "AC condenser install",
    description: "Replace the failed 3-ton condenser, flush the line set and recharge.",
    items: [
      line("Labor (hours)", "10", HVAC_RATE),
      line("3-ton 16 SEER2 condenser", "1", "2650.00"),
      line("R-410A refrigerant (lb)", "4.5", "38.00"),
      line("Condenser pad and disconnect", "1", "145.00"),
      line("Line set flush", "1", "120.00"),
    ],
  },
  {
    trade: "hvac",
    title: "Furnace tune-up and safety check",
    description: "Seasonal tune-up, combustion check and filter change.",
    items: [
      line("Seasonal tune-up", "1", "129.00"),
      line("Pleated air filter 16x25x1", "2", "14.95"),
      line("Flame sensor", "1", "48.00"),
    ],
  },
  {
    trade: "hvac",
    title: "Ductless mini-split install (2 zones)",
    description: "Dual-zone heat pump for the garage conversion and back bedroom.",
    items: [
      line("Labor (hours)", "12", HVAC_RATE),
      line("18k BTU dual-zone mini-split system", "1", "3120.00"),
      line("Line set (ft)", "35", "11.50"),
      line("Condensate pump", "2", "89.00"),
    ],
  },
  {
    trade: "hvac",
    title: "Smart thermostat upgrade",
    description: "Install a Wi-Fi thermostat and add a common wire.",
    items: [
      line("Labor (hours)", "1.5", HVAC_RATE),
      line("Smart Wi-Fi thermostat", "1", "219.00"),
      line("C-wire adapter", "1", "29.50"),
    ],
  },
  {
    trade: "hvac",
    title: "Duct sealing and insulation",
    description: "Seal attic supply trunk and replace crushed flex runs.",
    items: [
      line("Labor (hours)", "8", HVAC_RATE),
      line("Mastic sealant (gal)", "3", "32.75"),
      line("R-8 flex duct (ft)", "50", "4.25"),
    ],
  },
];

const FIRST_NAMES = [
  "Maria",
  "James",
  "Linda",
  "Robert",
  "Patricia",
  "Michael",
  "Jennifer",
  "David",
  "Elizabeth",
  "Carlos",
  "Susan",
  "Daniel",
  "Karen",
  "Jose",
  "Nancy",
  "Thomas",
  "Lisa",
  "Christopher",
  "Angela",
  "Kevin",
  "Rosa",
  "Brian",
  "Michelle",
  "Luis",
  "Stephanie",
  "Anthony",
  "Laura",
  "Mark",
  "Sandra",
  "Tran",
];
const LAST_NAMES = [
  "Gonzalez",
  "Smith",
  "Johnson",
  "Nguyen",
  "Williams",
  "Garcia",
  "Brown",
  "Martinez",
  "Davis",
  "Rodriguez",
  "Miller",
  "Hernandez",
  "Wilson",
  "Lopez",
  "Anderson",
  "Thompson",
  "Patel",
  "Moore",
  "Jackson",
  "Ramirez",
  "Lee",
  "Walker",
  "Perez",
  "Hall",
  "Young",
  "Allen",
  "Sanchez",
  "King",
  "Wright",
  "Flores",
];
const BUSINESSES = [
  "Riverside Dental Clinic",
  "Oak Street Bakery",
  "Hillcrest Apartments LLC",
  "Bluebonnet Veterinary Hospital",
  "Lakeside Community Church",
  "Cedar Park Auto Repair",
  "Sunrise Montessori School",
  "Brushy Creek Brewing Co.",
  "Main Street Hardware",
  "Pecan Grove Townhome HOA",
];
const STREETS = [
  "Oak St",
  "Maple Ave",
  "Cedar Ln",
  "Elm Dr",
  "Pecan St",
  "Live Oak Blvd",
  "Bluebonnet Trl",
  "Ridgeview Dr",
  "Mesquite Ct",
  "Willow Creek Rd",
  "Sunset Ridge",
  "Hickory Hollow",
  "Lantana Way",
  "Brushy Creek Rd",
];
const CITIES: readonly (readonly [city: string, state: string, zip: string, area: string])[] = [
  ["Austin", "TX", "78704", "512"],
  ["Austin", "TX", "78745", "512"],
  ["Round Rock", "TX", "78664", "512"],
  ["Cedar Park", "TX", "78613", "512"],
  ["Pflugerville", "TX", "78660", "737"],
  ["Georgetown", "TX", "78626", "512"],
  ["San Marcos", "TX", "78666", "512"],
  ["Kyle", "TX", "78640", "737"],
  ["Leander", "TX", "78641", "512"],
];
const CUSTOMER_NOTES = [
  "Gate code 4417.",
  "Prefers text messages over calls.",
  "Dog in the backyard; please knock first.",
  "Older home (1962), some aluminum branch wiring.",
  "Park on the street, the driveway is shared.",
  "Property manager approves anything over $1,000.",
  "Referred by a neighbor.",
];
const APPOINTMENT_OTHER = ["Warranty check", "Permit inspection", "Site survey", "Follow-up visit", "Parts drop-off"];
const APPROVAL_RESPONSES = [
  "Looks good, please go ahead.",
  "Approved. Mornings work best for us.",
  "Thanks for the quick quote. Let's schedule it.",
];
const REJECTION_RESPONSES = [
  "We decided to wait until next year.",
  "Going with another contractor, thanks anyway.",
  "Over our budget right now.",
];
const INQUIRIES = [
  "asked about a panel upgrade",
  "wants a quote for a tankless water heater",
  "has an AC that is blowing warm air",
  "needs an outlet added in the garage",
  "is asking about a furnace tune-up",
];

function personName(random: Random) {
  return { first: pick(random, FIRST_NAMES), last: pick(random, LAST_NAMES) };
}
function slug(text: string) {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "");
}
/** 555-01xx numbers are reserved for fiction, so the demo never rings a real phone. */
function phoneNumber(random: Random, area: string) {
  return `(${area}) 555-01${String(between(random, 0, 99)).padStart(2, "0")}`;
}
function streetAddress(random: Random) {
  return `${between(random, 100, 9899)} ${pick(random, STREETS)}`;
}
function locationOf(customer: { address?: string | null; city?: string | null; state?: string | null; zipCode?: string | null }) {
  const place = [customer.city, [customer.state, customer.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [customer.address, place].filter(Boolean).join(", ") || null;
}

/** A plausible new customer record (not yet inserted). */
function customerValues(random: Random, accountId: string): typeof customers.$inferInsert {
  const [city, state, zipCode, area] = pick(random, CITIES);
  if (chance(random, 0.2)) {
    const name = pick(random, BUSINESSES);
    return {
      accountId,
      name,
      email: `office@${slug(name)}.example.com`,
      phone: phoneNumber(random, area),
      address: streetAddress(random),
      city,
      state,
      zipCode,
      notes: chance(random, 0.5) ? "Commercial account: net 30, send invoices to the office e-mail." : null,
    };
  }
  const { first, last } = personName(random);
  return {
    accountId,
    name: `${first} ${last}`,
    // example.com never delivers, so sending an estimate from the demo reaches no one.
    email: chance(random, 0.85) ? `${slug(first)}.${slug(last)}@example.com` : null,
    phone: phoneNumber(random, area),
    address: streetAddress(random),
    city,
    state,
    zipCode,
    notes: chance(random, 0.35) ? pick(random, CUSTOMER_NOTES) : null,
  };
}

/** The template's lines with the labor adjusted a little, as real quotes differ. */
function linesFor(random: Random, template: JobTemplate): LineInput[] {
  return template.items.map((item) =>
    item.description === "Labor (hours)"
      ? { ...item, quantity: Math.max(100, item.quantity + between(random, -2, 4) * 25) }
      : { ...item },
  );
}

/** Item rows for a document, each carrying its rounded line total and its position. */
function itemRows(lines: LineInput[], totals: number[]) {
  return lines.map((l, order) => ({
    description: l.description,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    taxable: l.taxable ?? true,
    discountPercent: l.discountPercent ?? 0,
    total: totals[order],
    order,
    ...(l.optional ? { optional: true } : {}),
  }));
}

// ---------------------------------------------------------------------------
// Single-record factories. Each takes the account id and optional overrides and
// returns the inserted row. A parent that is not given (customer, job) is created for
// the same account; one that is given must belong to it, so a test cannot build
// cross-account links by accident.

type Overrides<T> = Partial<Omit<T, "accountId">>;

async function ownCustomer(db: Db, accountId: string, customerId: string | undefined): Promise<Customer> {
  if (!customerId) return createCustomer(db, accountId);
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.accountId, accountId)));
  if (!row) throw new Error(`Customer ${customerId} does not belong to account ${accountId}.`);
  return row;
}

async function ownJob(db: Db, accountId: string, jobId: string): Promise<Job> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.accountId, accountId)));
  if (!row) throw new Error(`Job ${jobId} does not belong to account ${accountId}.`);
  return row;
}

export async function createCustomer(
  db: Db,
  accountId: string,
  overrides: Overrides<typeof customers.$inferInsert> = {},
): Promise<Customer> {
  const [row] = await db
    .insert(customers)
    .values({ ...customerValues(factoryRandom, accountId), ...overrides, accountId })
    .returning();
  return row;
}

export async function createJob(db: Db, accountId: string, overrides: Overrides<typeof jobs.$inferInsert> = {}): Promise<Job> {
  const customer = await ownCustomer(db, accountId, overrides.customerId);
  const template = pick(factoryRandom, JOB_TEMPLATES);
  const status = overrides.status ?? "pending";
  const scheduledDate = addDays(startOfDay(new Date()), status === "completed" ? -3 : 5);
  scheduledDate.setHours(9);
  const [row] = await db
    .insert(jobs)
    .values({
      title: template.title,
      description: template.description,
      location: locationOf(customer),
      scheduledDate,
      completedDate: status === "completed" ? addMinutes(scheduledDate, 240) : null,
      totalAmount: documentTotals(template.items, DEFAULT_TAX_RATE).total,
      ...overrides,
      customerId: customer.id,
      status,
      accountId,
    })
    .returning();
  return row;
}

type DocumentOverrides<T> = Overrides<Omit<T, "subtotal" | "taxAmount" | "total">> & { items?: LineInput[] };

/** An estimate and its line items; subtotal, tax and total always follow from the items. */
export async function createEstimate(
  db: Db,
  accountId: string,
  overrides: DocumentOverrides<typeof estimates.$inferInsert> = {},
): Promise<Estimate & { items: EstimateItem[] }> {
  const { items: givenItems, ...fields } = overrides;
  const job = fields.jobId ? await ownJob(db, accountId, fields.jobId) : null;
  const customer = await ownCustomer(db, accountId, fields.customerId ?? job?.customerId);
  const template = JOB_TEMPLATES.find((t) => t.title === job?.title) ?? pick(factoryRandom, JOB_TEMPLATES);
  const lines = givenItems ?? linesFor(factoryRandom, template);
  if (lines.length === 0) throw new Error("An estimate needs at least one line item.");
  const taxRate = fields.taxRate ?? DEFAULT_TAX_RATE;
  const totals = documentTotals(lines, taxRate);
  const createdAt = fields.createdAt ?? new Date();
  const status = fields.status ?? "pending";
  return db.transaction(async (tx) => {
    const estimateNumber = fields.estimateNumber ?? (await numberedBy(tx, accountId, "estimate"));
    const [estimate] = await tx
      .insert(estimates)
      .values({
        title: job?.title ?? template.title,
        description: job?.description ?? template.description,
        validUntil: calendarDate(addDays(createdAt, 30)),
        approvedAt: status === "approved" ? createdAt : null,
        createdAt,
        ...fields,
        estimateNumber,
        customerId: customer.id,
        status,
        taxRate,
        subtotal: totals.subtotal,
        taxAmount: totals.taxAmount,
        total: totals.total,
        accountId,
      })
      .returning();
    const items = await tx
      .insert(estimateItems)
      .values(itemRows(lines, totals.lineTotals).map((item) => ({ ...item, estimateId: estimate.id })))
      .returning();
    return { ...estimate, items };
  });
}

async function ownEstimateWithItems(
  db: Db,
  accountId: string,
  estimateId: string,
): Promise<Estimate & { items: EstimateItem[] }> {
  const [estimate] = await db
    .select()
    .from(estimates)
    .where(and(eq(estimates.id, estimateId), eq(estimates.accountId, accountId)));
  if (!estimate) throw new Error(`Estimate ${estimateId} does not belong to account ${accountId}.`);
  const items = await db
    .select()
    .from(estimateItems)
    .where(eq(estimateItems.estimateId, estimateId))
    .orderBy(asc(estimateItems.order));
  return { ...estimate, items };
}

/**
 * An invoice and its line items. With `fromEstimate` (the estimate or its id) it is that
 * estimate's invoice: same customer, job, title, tax rate, items and totals, linked by
 * estimateId, as "create invoice" on an approved estimate makes it.
 */
export async function createInvoice(
  db: Db,
  accountId: string,
  overrides: DocumentOverrides<typeof invoices.$inferInsert> & { fromEstimate?: string | Pick<Estimate, "id"> } = {},
): Promise<Invoice & { items: InvoiceItem[] }> {
  const { items: givenItems, fromEstimate, ...fields } = overrides;
  const estimate = fromEstimate
    ? await ownEstimateWithItems(db, accountId, typeof fromEstimate === "string" ? fromEstimate : fromEstimate.id)
    : null;
  const job = !estimate && fields.jobId ? await ownJob(db, accountId, fields.jobId) : null;
  const customer = await ownCustomer(db, accountId, fields.customerId ?? estimate?.customerId ?? job?.customerId);
  const template = JOB_TEMPLATES.find((t) => t.title === job?.title) ?? pick(factoryRandom, JOB_TEMPLATES);
  const lines = givenItems ?? estimate?.items ?? linesFor(factoryRandom, template);
  if (lines.length === 0) throw new Error("An invoice needs at least one line item.");
  const taxRate = fields.taxRate ?? estimate?.taxRate ?? DEFAULT_TAX_RATE;
  const totals = documentTotals(lines, taxRate);
  const createdAt = fields.createdAt ?? new Date();
  const status = fields.status ?? "pending";
  return db.transaction(async (tx) => {
    const invoiceNumber = fields.invoiceNumber ?? (await numberedBy(tx, accountId, "invoice"));
    const [invoice] = await tx
      .insert(invoices)
      .values({
        title: estimate?.title ?? job?.title ?? template.title,
        description: estimate ? estimate.description : (job?.description ?? template.description),
        jobId: estimate?.jobId ?? null,
        estimateId: estimate?.id ?? null,
        dueDate: calendarDate(addDays(createdAt, 30)),
        paidDate: status === "paid" ? createdAt : null,
        createdAt,
        ...fields,
        invoiceNumber,
        customerId: customer.id,
        status,
        taxRate,
        subtotal: totals.subtotal,
        taxAmount: totals.taxAmount,
        total: totals.total,
        // A paid invoice was paid in full: one payment of its total, on its paid date.
        amountPaid: fields.amountPaid ?? (status === "paid" ? totals.total : 0),
        accountId,
      })
      .returning();
    const items = await tx
      .insert(invoiceItems)
      .values(itemRows(lines, totals.lineTotals).map((item) => ({ ...item, invoiceId: invoice.id })))
      .returning();
    if (invoice.amountPaid > 0) {
      await tx.insert(payments).values({
        accountId,
        invoiceId: invoice.id,
        amount: invoice.amountPaid,
        method: "check",
        receivedAt: invoice.paidDate ?? createdAt,
      });
    }
    return { ...invoice, items };
  });
}

export async function createAppointment(
  db: Db,
  accountId: string,
  overrides: Overrides<typeof appointments.$inferInsert> = {},
): Promise<Appointment> {
  const job = overrides.jobId ? await ownJob(db, accountId, overrides.jobId) : null;
  const customer = await ownCustomer(db, accountId, overrides.customerId ?? job?.customerId);
  const scheduledDate = addDays(startOfDay(new Date()), 1);
  scheduledDate.setHours(10);
  const [row] = await db
    .insert(appointments)
    .values({
      title: job?.title ?? `Estimate visit: ${pick(factoryRandom, JOB_TEMPLATES).title}`,
      description: job ? job.description : "Walk the site, take measurements and photos for the quote.",
      location: job?.location ?? locationOf(customer),
      appointmentType: job ? "job" : "estimate",
      scheduledDate,
      duration: job ? 240 : 60,
      status: "scheduled",
      ...overrides,
      customerId: customer.id,
      accountId,
    })
    .returning();
  return row;
}

export async function createNotification(
  db: Db,
  accountId: string,
  overrides: Overrides<typeof notifications.$inferInsert> = {},
): Promise<Notification> {
  const { first, last } = personName(factoryRandom);
  const [row] = await db
    .insert(notifications)
    .values({
      type: "new_inquiry",
      title: "New inquiry",
      message: `${first} ${last} ${pick(factoryRandom, INQUIRIES)}.`,
      read: false,
      ...overrides,
      accountId,
    })
    .returning();
  return row;
}

// ---------------------------------------------------------------------------
// seedAccount: a whole business in a few multi-row inserts.

export interface SeedCounts {
  customers?: number;
  jobs?: number;
  estimates?: number;
  invoices?: number;
  appointments?: number;
  notifications?: number;
}

export interface SeedSummary {
  customers: number;
  jobs: number;
  estimates: number;
  estimateItems: number;
  invoices: number;
  invoiceItems: number;
  appointments: number;
  notifications: number;
}

interface SeededJob {
  row: typeof jobs.$inferInsert & { id: string };
  customer: typeof customers.$inferInsert & { id: string };
  template: JobTemplate;
}

interface SeededDocument {
  id: string;
  customerId: string;
  jobId: string | null;
  title: string;
  description: string;
  lines: LineInput[];
}

/**
 * Fills the account with `counts` of each record, linked the way a real business is:
 * jobs belong to customers, estimates to customers and often to one of their jobs,
 * some approved estimates have invoices, appointments spread over the past and coming
 * weeks. Rows go in 500 at a time inside one transaction (nested as a savepoint
 * when `db` is already a transaction), so tens of thousands take seconds.
 */
export async function seedAccount(
  db: Db,
  accountId: string,
  counts: SeedCounts,
  options: { seed?: number; now?: Date } = {},
): Promise<SeedSummary> {
  const random = createRandom(options.seed ?? 1);
  const now = options.now ?? new Date();
  const nowMs = now.getTime();
  // Seeded history ends an hour ago, so documents the app creates today sort after it.
  const latest = nowMs - HOUR;
  const clampPast = (ms: number) => new Date(Math.min(ms, latest));
  const daysAgo = (min: number, max: number) =>
    clampPast(nowMs - between(random, min * 24, max * 24) * HOUR - between(random, 0, HOUR - 1));
  const n = {
    customers: counts.customers ?? 0,
    jobs: counts.jobs ?? 0,
    estimates: counts.estimates ?? 0,
    invoices: counts.invoices ?? 0,
    appointments: counts.appointments ?? 0,
    notifications: counts.notifications ?? 0,
  };
  for (const [key, value] of Object.entries(n)) {
    if (!Number.isInteger(value) || value < 0) throw new Error(`seedAccount: ${key} must be a whole number, got ${value}.`);
  }
  if (n.customers === 0 && n.jobs + n.estimates + n.invoices + n.appointments > 0) {
    throw new Error("seedAccount: jobs, estimates, invoices and appointments need at least one customer.");
  }

  const customerRows = Array.from({ length: n.customers }, () => ({
    ...customerValues(random, accountId),
    id: newId(),
    createdAt: daysAgo(160, 400),
  }));

  const jobStatuses = mix(random, n.jobs, [
    ["completed", 35],
    ["pending", 35],
    ["in_progress", 20],
    ["cancelled", 10],
  ] as const);
  const seededJobs: SeededJob[] = jobStatuses.map((status) => {
    const customer = pick(random, customerRows);
    const template = pick(random, JOB_TEMPLATES);
    const day = startOfDay(now);
    let scheduledDate: Date | null;
    if (status === "completed") scheduledDate = addDays(day, -between(random, 1, 90));
    else if (status === "in_progress") scheduledDate = addDays(day, -between(random, 0, 6));
    else if (status === "pending") scheduledDate = chance(random, 0.15) ? null : addDays(day, between(random, 1, 21));
    else scheduledDate = addDays(day, between(random, -60, 14));
    scheduledDate?.setHours(between(random, 7, 14), pick(random, [0, 30]));
    const createdAt = clampPast((scheduledDate?.getTime() ?? nowMs) - between(random, 1, 14) * DAY);
    return {
      customer,
      template,
      row: {
        id: newId(),
        accountId,
        customerId: customer.id,
        title: template.title,
        description: template.description,
        location: locationOf(customer),
        status,
        scheduledDate,
        completedDate: status === "completed" && scheduledDate ? addMinutes(scheduledDate, between(random, 2, 16) * 30) : null,
        totalAmount: documentTotals(template.items, DEFAULT_TAX_RATE).total,
        createdAt,
      },
    };
  });

  const estimateStatuses = mix(random, n.estimates, [
    ["approved", 40],
    ["pending", 35],
    ["rejected", 12],
    ["expired", 13],
  ] as const);
  const estimateDocs: (SeededDocument & {
    status: (typeof estimateStatuses)[number];
    createdAt: Date;
    approvedAt: Date | null;
  })[] = estimateStatuses.map((status) => {
    const job = seededJobs.length > 0 && chance(random, 0.6) ? pick(random, seededJobs) : null;
    const customer = job?.customer ?? pick(random, customerRows);
    const template = job?.template ?? pick(random, JOB_TEMPLATES);
    const createdAt = status === "pending" ? daysAgo(0, 20) : status === "expired" ? daysAgo(31, 150) : daysAgo(3, 90);
    return {
      id: newId(),
      customerId: customer.id,
      jobId: job?.row.id ?? null,
      title: template.title,
      description: template.description,
      lines: linesFor(random, template),
      status,
      createdAt,
      approvedAt: status === "approved" ? clampPast(createdAt.getTime() + between(random, 2, 72) * HOUR) : null,
    };
  });
  const estimateNumbers = await seededNumbers(
    db,
    accountId,
    "estimate",
    estimateDocs.map((e) => e.createdAt),
  );
  const estimateRows: (typeof estimates.$inferInsert)[] = [];
  const estimateItemRows: (typeof estimateItems.$inferInsert)[] = [];
  const estimateTotals = new Map<string, ReturnType<typeof documentTotals>>();
  estimateDocs.forEach((doc, i) => {
    const totals = documentTotals(doc.lines, DEFAULT_TAX_RATE);
    estimateTotals.set(doc.id, totals);
    estimateRows.push({
      id: doc.id,
      accountId,
      customerId: doc.customerId,
      jobId: doc.jobId,
      estimateNumber: estimateNumbers[i],
      title: doc.title,
      description: doc.description,
      status: doc.status,
      subtotal: totals.subtotal,
      taxRate: DEFAULT_TAX_RATE,
      taxAmount: totals.taxAmount,
      total: totals.total,
      notes: chance(random, 0.4) ? "Price includes permit fees and cleanup." : null,
      validUntil: calendarDate(addDays(doc.createdAt, 30)),
      approvedAt: doc.approvedAt,
      customerResponse:
        doc.status === "approved"
          ? pick(random, APPROVAL_RESPONSES)
          : doc.status === "rejected"
            ? pick(random, REJECTION_RESPONSES)
            : null,
      createdAt: doc.createdAt,
    });
    for (const item of itemRows(doc.lines, totals.lineTotals)) estimateItemRows.push({ ...item, estimateId: doc.id });
  });

  // Most approved estimates are invoiced; a quarter are still waiting for the work.
  const approved = shuffle(
    random,
    estimateDocs.filter((e) => e.status === "approved"),
  );
  const fromEstimates = approved.slice(0, Math.min(n.invoices, approved.length - Math.floor(approved.length / 4)));
  const finishedJobs = seededJobs.filter((j) => j.row.status === "completed");
  type InvoiceDoc = SeededDocument & { estimateId: string | null; createdAt: Date };
  const invoiceDocs: InvoiceDoc[] = fromEstimates.map((estimate) => ({
    ...estimate,
    id: newId(),
    estimateId: estimate.id,
    createdAt: clampPast(estimate.approvedAt!.getTime() + between(random, 0, 7) * DAY + between(random, 1, 8) * HOUR),
  }));
  while (invoiceDocs.length < n.invoices) {
    const job = finishedJobs.length > 0 && chance(random, 0.8) ? pick(random, finishedJobs) : null;
    const customer = job?.customer ?? pick(random, customerRows);
    const template = job?.template ?? pick(random, JOB_TEMPLATES);
    const done = job?.row.completedDate?.getTime();
    invoiceDocs.push({
      id: newId(),
      customerId: customer.id,
      jobId: job?.row.id ?? null,
      estimateId: null,
      title: template.title,
      description: template.description,
      lines: linesFor(random, template),
      createdAt: done ? clampPast(done + between(random, 1, 48) * HOUR) : daysAgo(1, 90),
    });
  }
  const invoiceNumbers = await seededNumbers(
    db,
    accountId,
    "invoice",
    invoiceDocs.map((d) => d.createdAt),
  );
  const invoiceRows: (typeof invoices.$inferInsert)[] = [];
  const invoiceItemRows: (typeof invoiceItems.$inferInsert)[] = [];
  const paymentRows: (typeof payments.$inferInsert)[] = [];
  const methods = ["check", "card", "bank_transfer", "cash"] as const;
  invoiceDocs.forEach((doc, i) => {
    const totals = doc.estimateId ? estimateTotals.get(doc.estimateId)! : documentTotals(doc.lines, DEFAULT_TAX_RATE);
    const ageDays = (nowMs - doc.createdAt.getTime()) / DAY;
    // Status follows the calendar: nothing recent is overdue, nothing old is still pending.
    const roll = random();
    const status =
      ageDays <= 30 ? (roll < 0.45 ? "paid" : "pending") : roll < 0.75 ? "paid" : roll < 0.93 ? "overdue" : "cancelled";
    const paidDate =
      status === "paid"
        ? clampPast(doc.createdAt.getTime() + between(random, 1, Math.max(1, Math.min(28, Math.floor(ageDays)))) * DAY)
        : null;
    invoiceRows.push({
      id: doc.id,
      accountId,
      customerId: doc.customerId,
      jobId: doc.jobId,
      estimateId: doc.estimateId,
      invoiceNumber: invoiceNumbers[i],
      title: doc.title,
      description: doc.description,
      status,
      subtotal: totals.subtotal,
      taxRate: DEFAULT_TAX_RATE,
      taxAmount: totals.taxAmount,
      total: totals.total,
      notes: chance(random, 0.5) ? "Thank you for your business!" : null,
      dueDate: calendarDate(addDays(doc.createdAt, 30)),
      paidDate,
      amountPaid: paidDate ? totals.total : 0,
      createdAt: doc.createdAt,
    });
    if (paidDate) {
      paymentRows.push({
        accountId,
        invoiceId: doc.id,
        amount: totals.total,
        method: methods[i % methods.length],
        receivedAt: paidDate,
      });
    }
    for (const item of itemRows(doc.lines, totals.lineTotals)) invoiceItemRows.push({ ...item, invoiceId: doc.id });
  });

  const openJobs = seededJobs.filter((j) => j.row.status !== "cancelled");
  const appointmentRows: (typeof appointments.$inferInsert)[] = Array.from({ length: n.appointments }, () => {
    const day = addDays(startOfDay(now), between(random, -7, 14));
    // Contractors book weekdays; a Sunday slot moves to Monday.
    if (day.getDay() === 0) day.setDate(day.getDate() + 1);
    day.setHours(between(random, 7, 15), pick(random, [0, 30]));
    const past = day.getTime() < nowMs;
    const kindRoll = random();
    const job = openJobs.length > 0 && kindRoll < 0.5 ? pick(random, openJobs) : null;
    const customer = job?.customer ?? pick(random, customerRows);
    const type = job ? "job" : kindRoll < 0.8 ? "estimate" : "other";
    const customType = type === "other" ? pick(random, APPOINTMENT_OTHER) : null;
    const statusRoll = random();
    const status = past
      ? statusRoll < 0.8
        ? "completed"
        : statusRoll < 0.9
          ? "cancelled"
          : "rescheduled"
      : statusRoll < 0.9
        ? "scheduled"
        : "rescheduled";
    return {
      id: newId(),
      accountId,
      customerId: customer.id,
      jobId: job?.row.id ?? null,
      title: job
        ? job.template.title
        : type === "estimate"
          ? `Estimate visit: ${pick(random, JOB_TEMPLATES).title}`
          : `${customType}: ${customer.name}`,
      description: job ? job.template.description : type === "estimate" ? "Walk the site and measure for the quote." : null,
      location: locationOf(customer),
      appointmentType: type,
      customType,
      scheduledDate: day,
      duration: job ? pick(random, [120, 180, 240, 480]) : pick(random, [30, 45, 60, 90]),
      status,
      notes: chance(random, 0.25) ? pick(random, CUSTOMER_NOTES) : null,
      createdAt: clampPast(day.getTime() - between(random, 1, 10) * DAY),
    };
  });

  const customerName = new Map(customerRows.map((c) => [c.id, c.name]));
  // Oldest first, so pop() hands out the latest events: the bell shows what just happened.
  const byTime = <T>(list: T[], at: (row: T) => Date) => list.sort((a, b) => at(a).getTime() - at(b).getTime());
  const events = {
    estimate_approved: byTime(
      estimateRows.filter((e) => e.status === "approved"),
      (e) => e.approvedAt!,
    ),
    estimate_rejected: byTime(
      estimateRows.filter((e) => e.status === "rejected"),
      (e) => e.createdAt!,
    ),
    payment_received: byTime(
      invoiceRows.filter((i) => i.status === "paid"),
      (i) => i.paidDate!,
    ),
  };
  const notificationTypes = ["estimate_approved", "payment_received", "new_inquiry", "estimate_rejected"] as const;
  const notificationRows: (typeof notifications.$inferInsert)[] = Array.from({ length: n.notifications }, (_, i) => {
    const wanted = notificationTypes[i % notificationTypes.length];
    const base = { id: newId(), accountId };
    let row: typeof notifications.$inferInsert;
    if (wanted === "estimate_approved" && events.estimate_approved.length > 0) {
      const e = events.estimate_approved.pop()!;
      row = {
        ...base,
        type: wanted,
        title: "Estimate approved",
        message: `${customerName.get(e.customerId)} approved ${e.estimateNumber} (${e.title}).`,
        estimateId: e.id,
        createdAt: e.approvedAt!,
      };
    } else if (wanted === "estimate_rejected" && events.estimate_rejected.length > 0) {
      const e = events.estimate_rejected.pop()!;
      row = {
        ...base,
        type: wanted,
        title: "Estimate declined",
        message: `${customerName.get(e.customerId)} declined ${e.estimateNumber} (${e.title}).`,
        estimateId: e.id,
        createdAt: clampPast(e.createdAt!.getTime() + 2 * DAY),
      };
    } else if (wanted === "payment_received" && events.payment_received.length > 0) {
      const inv = events.payment_received.pop()!;
      row = {
        ...base,
        type: wanted,
        title: "Payment received",
        message: `${customerName.get(inv.customerId)} paid ${inv.invoiceNumber}.`,
        createdAt: inv.paidDate!,
      };
    } else {
      const { first, last } = personName(random);
      row = {
        ...base,
        type: "new_inquiry",
        title: "New inquiry",
        message: `${first} ${last} ${pick(random, INQUIRIES)}.`,
        createdAt: daysAgo(0, 14),
      };
    }
    const ageDays = (nowMs - row.createdAt!.getTime()) / DAY;
    return { ...row, read: ageDays > 2 && chance(random, 0.7) };
  });

  const jobRows = seededJobs.map((j) => j.row);
  await db.transaction(async (tx) => {
    await insertInChunks(tx, customers, customerRows);
    await insertInChunks(tx, jobs, jobRows);
    await insertInChunks(tx, estimates, estimateRows);
    await insertInChunks(tx, estimateItems, estimateItemRows);
    await insertInChunks(tx, invoices, invoiceRows);
    await insertInChunks(tx, invoiceItems, invoiceItemRows);
    await insertInChunks(tx, payments, paymentRows);
    await insertInChunks(tx, appointments, appointmentRows);
    await insertInChunks(tx, notifications, notificationRows);
  });

  return {
    customers: customerRows.length,
    jobs: jobRows.length,
    estimates: estimateRows.length,
    estimateItems: estimateItemRows.length,
    invoices: invoiceRows.length,
    invoiceItems: invoiceItemRows.length,
    appointments: appointmentRows.length,
    notifications: notificationRows.length,
  };
}

async function insertInChunks<T extends SQLiteTable>(db: Db, table: T, rows: T["$inferInsert"][]) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.insert(table).values(rows.slice(i, i + CHUNK));
  }
}

/**
 * Deletes every business record of the account (customers, jobs, estimates, invoices,
 * appointments, notifications, share links; line items go with their documents by
 * ON DELETE CASCADE) and keeps the account, its sessions and its settings. Children go
 * before the customers they restrict.
 */
export async function clearAccountData(db: Db, accountId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(notifications).where(eq(notifications.accountId, accountId));
    await tx.delete(schema.estimateShareTokens).where(eq(schema.estimateShareTokens.accountId, accountId));
    await tx.delete(appointments).where(eq(appointments.accountId, accountId));
    await tx.delete(payments).where(eq(payments.accountId, accountId));
    await tx.delete(invoices).where(eq(invoices.accountId, accountId));
    await tx.delete(estimates).where(eq(estimates.accountId, accountId));
    await tx.delete(jobs).where(eq(jobs.accountId, accountId));
    await tx.delete(customers).where(eq(customers.accountId, accountId));
  });
}
