// The whole data model (docs/product/), in the representations of docs/decisions/002:
// money as integer cents, tax rates as integer ten-thousandths (0.0825 is 825),
// instants as UTC epoch milliseconds, calendar dates as ISO `yyyy-MM-dd` text.
// Every business row carries the account it belongs to (`accountId`); a login (`users`) works
// in an account as a member with a role (`accountMembers`, docs/decisions/029).
import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ROLES } from "../app/lib/permissions";
import { WORK_REQUEST_STATUSES } from "../app/lib/work-request-schema";

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

const account = () =>
  text("account_id")
    .notNull()
    .references((): AnySQLiteColumn => accounts.id, { onDelete: "cascade" });

// Who does a job or a visit: a member of the account, or nobody. Removing the member unassigns it.
const assignee = () => text("assignee_id").references((): AnySQLiteColumn => accountMembers.id, { onDelete: "set null" });

// Which login did something to a record (created it, sent it, recorded the money): its name
// stays when it leaves the team; null for what TradeDesk or the customer did (decision 030).
const actor = (name: string) => text(name).references((): AnySQLiteColumn => users.id, { onDelete: "set null" });

export const JOB_STATUSES = ["pending", "in_progress", "completed", "cancelled"] as const;
export const ESTIMATE_STATUSES = ["pending", "approved", "rejected", "expired"] as const;
export const INVOICE_STATUSES = ["pending", "paid", "overdue", "cancelled"] as const;
export const APPOINTMENT_STATUSES = ["scheduled", "in_progress", "completed", "cancelled", "rescheduled"] as const;
export const APPOINTMENT_TYPES = ["job", "estimate", "other"] as const;
export const LANGUAGES = ["en", "es"] as const;
export const PAYMENT_METHODS = ["card", "cash", "check", "bank_transfer", "other"] as const;
export const DEPOSIT_TYPES = ["percent", "amount"] as const;

// A business: what every record belongs to. An account made before members existed (and each
// one made at sign-up) has its founder's user id as its id (docs/decisions/029).
export const accounts = sqliteTable("accounts", {
  id: id(),
  createdAt: createdAt(),
});

// A login. It works in one account, as a member (accountMembers).
export const users = sqliteTable("users", {
  id: id(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  // When the login last signed in (a session began): the team page shows it.
  lastSignInAt: integer("last_sign_in_at", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
});

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

// Who works in an account, and as what: one row per login (a login belongs to one account).
export const accountMembers = sqliteTable(
  "account_members",
  {
    id: id(),
    accountId: account(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("account_members_user_idx").on(t.userId), index("account_members_account_idx").on(t.accountId, t.role)],
);

// Invitations to join an account (Settings → Team): an e-mailed link /join/{token}, single use,
// for seven days. Only the token's SHA-256 is kept, as for sessions. Accepting one deletes it.
export const invitations = sqliteTable(
  "invitations",
  {
    id: id(),
    accountId: account(),
    email: text("email").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invitations_token_idx").on(t.tokenHash),
    uniqueIndex("invitations_account_email_idx").on(t.accountId, t.email),
  ],
);

// How many records an account has, and its money collected, kept by triggers on the tables
// they count (db/migrations/0014_account_totals.sql): a total of a busy account is one row's
// read instead of a walk over tens of thousands of index entries (docs/decisions/022).
// Filtered counts (a status, a search, a range) are still counted from the indexes.
export const accountTotals = sqliteTable("account_totals", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  customers: integer("customers").notNull().default(0),
  jobs: integer("jobs").notNull().default(0),
  // Jobs on the schedule: dated and not cancelled.
  scheduledJobs: integer("scheduled_jobs").notNull().default(0),
  estimates: integer("estimates").notNull().default(0),
  pendingEstimates: integer("pending_estimates").notNull().default(0),
  invoices: integer("invoices").notNull().default(0),
  appointments: integer("appointments").notNull().default(0),
  // Cents: the sum of every payment of the ledger.
  collected: integer("collected").notNull().default(0),
  // One more on every insert, update and delete of the account's customers, jobs, estimates,
  // invoices, payments (migration 0015) and appointments (0016), decision 023: a figure worked
  // out from them at a version still holds while the version does.
  dataVersion: integer("data_version").notNull().default(0),
});

export const accountSettings = sqliteTable("account_settings", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  appLanguage: text("app_language", { enum: LANGUAGES }).notNull().default("en"),
  documentLanguage: text("document_language", { enum: LANGUAGES }).notNull().default("en"),
  companyName: text("company_name").notNull().default("Your Trade Company"),
  address: text("address").notNull().default("123 Main Street, Springfield, ST 12345"),
  phone: text("phone").notNull().default("(555) 123-4567"),
  email: text("email").notNull().default("office@yourtradecompany.com"),
  website: text("website").notNull().default("www.yourtradecompany.com"),
  logo: blob("logo", { mode: "buffer" }),
  logoMimeType: text("logo_mime_type"),
  logoUpdatedAt: integer("logo_updated_at", { mode: "timestamp_ms" }),
  notifications: integer("notifications", { mode: "boolean" }).notNull().default(true),
  autoBackup: integer("auto_backup", { mode: "boolean" }).notNull().default(true),
  darkMode: integer("dark_mode", { mode: "boolean" }).notNull().default(false),
  defaultTaxRate: integer("default_tax_rate").notNull().default(825),
  currency: text("currency").notNull().default("USD"),
  estimateValidDays: integer("estimate_valid_days").notNull().default(30),
  invoiceTerms: text("invoice_terms")
    .notNull()
    .default(
      "Payment is due within 30 days of the invoice date. A service charge of 1.5% per month will be applied to late payments.",
    ),
  estimateTerms: text("estimate_terms")
    .notNull()
    .default("This estimate is valid for 30 days from the date shown. Prices may change after that date."),
  timeZone: text("time_zone"),
  // How the customer can pay besides a card (checks payable to…, Zelle, bank transfer): shown on the invoice page.
  paymentInstructions: text("payment_instructions").notNull().default(""),
  // Payment reminders of sent invoices: on or off, and on which days from the due date ("-3,0,7,14").
  remindersEnabled: integer("reminders_enabled", { mode: "boolean" }).notNull().default(true),
  reminderSteps: text("reminder_steps").notNull().default("-3,0,7,14"),
  // Days after sending before an unanswered estimate gets its one follow-up e-mail (0: never).
  estimateFollowUpDays: integer("estimate_follow_up_days").notNull().default(3),
  // The deposit a new estimate asks for, in hundredths of a percent (2500 is 25%; 0: none).
  defaultDepositPercent: integer("default_deposit_percent").notNull().default(0),
  // Late charge per whole month past due, in hundredths of a percent (150 is 1.5%; 0: off).
  lateChargeRate: integer("late_charge_rate").notNull().default(150),
  // The reminder days (of reminderSteps) that also add the month's late charge ("7,14"; "": none).
  reminderLateChargeSteps: text("reminder_late_charge_steps").notNull().default(""),
  // Document numbers (docs/decisions/031): the prefix (with its separator) and the number the
  // next document of each kind gets, printed at least 4 digits wide (EST-0001). The counter
  // goes up in the same batch that inserts the document (app/models/document-number.server.ts).
  estimatePrefix: text("estimate_prefix").notNull().default("EST-"),
  estimateNextNumber: integer("estimate_next_number").notNull().default(1),
  invoicePrefix: text("invoice_prefix").notNull().default("INV-"),
  invoiceNextNumber: integer("invoice_next_number").notNull().default(1),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
});

export const customers = sqliteTable(
  "customers",
  {
    id: id(),
    accountId: account(),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    zipCode: text("zip_code"),
    notes: text("notes"),
    createdAt: createdAt(),
  },
  // Each list order is an index from the account's first row on, ending in id (the
  // tie-breaker of every ORDER BY), so a page is read in order and stops at its LIMIT
  // (docs/decisions/009).
  (t) => [
    index("customers_user_name_idx").on(t.accountId, sql`${t.name} collate nocase`, t.id),
    index("customers_user_created_idx").on(t.accountId, t.createdAt, t.id),
  ],
);

export const jobs = sqliteTable(
  "jobs",
  {
    id: id(),
    accountId: account(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    title: text("title").notNull(),
    description: text("description"),
    location: text("location"),
    status: text("status", { enum: JOB_STATUSES }).notNull().default("pending"),
    scheduledDate: integer("scheduled_date", { mode: "timestamp_ms" }),
    completedDate: integer("completed_date", { mode: "timestamp_ms" }),
    totalAmount: integer("total_amount"),
    assigneeId: assignee(),
    createdAt: createdAt(),
  },
  (t) => [
    // A technician's jobs (the job list and My day, docs/decisions/030).
    index("jobs_assignee_idx").on(t.assigneeId, t.accountId, t.scheduledDate),
    // status last: the reports count jobs by status over a created-at range from the index alone.
    // Then what a search of one or two characters reads (title, location, customer): such a
    // search cannot use the trigram index, so the list and its count read this index alone
    // instead of every job row of the account (docs/decisions/010).
    index("jobs_user_created_idx").on(t.accountId, t.createdAt, t.id, t.status, t.title, t.location, t.customerId),
    index("jobs_user_status_idx").on(t.accountId, t.status, t.createdAt, t.id),
    // The schedule's date ranges, in schedule order; status last, so its counts read the index alone.
    index("jobs_user_scheduled_idx").on(t.accountId, t.scheduledDate, t.id, t.status),
    // The list's "scheduled" sort: dated jobs by date, then the undated ones.
    index("jobs_user_schedule_order_idx").on(t.accountId, sql`(${t.scheduledDate} is null)`, t.scheduledDate, t.id),
    index("jobs_user_title_idx").on(t.accountId, sql`${t.title} collate nocase`, t.id),
    // customer_id first for the foreign key's checks; account_id second so that a lookup by
    // customer inside the account uses two equalities and wins over the account_id-only indexes.
    index("jobs_customer_idx").on(t.customerId, t.accountId),
  ],
);

export const estimates = sqliteTable(
  "estimates",
  {
    id: id(),
    accountId: account(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    jobId: text("job_id").references(() => jobs.id, { onDelete: "set null" }),
    estimateNumber: text("estimate_number").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    status: text("status", { enum: ESTIMATE_STATUSES }).notNull().default("pending"),
    subtotal: integer("subtotal").notNull(),
    taxRate: integer("tax_rate").notNull().default(825),
    taxAmount: integer("tax_amount").notNull(),
    total: integer("total").notNull(),
    notes: text("notes"),
    validUntil: text("valid_until"),
    approvedAt: integer("approved_at", { mode: "timestamp_ms" }),
    customerSignature: text("customer_signature"),
    customerResponse: text("customer_response"),
    // When the customer approved or declined on the shared page (approvedAt is set too for an approval).
    respondedAt: integer("responded_at", { mode: "timestamp_ms" }),
    // The first time it was e-mailed to the customer, and to whom (the follow-ups start from it).
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    sentTo: text("sent_to"),
    createdBy: actor("created_by"),
    sentBy: actor("sent_by"),
    // The deposit asked for: a percent of the total (hundredths: 2500 is 25%) or an amount in cents; null asks none.
    depositType: text("deposit_type", { enum: DEPOSIT_TYPES }),
    depositValue: integer("deposit_value"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("estimates_user_number_idx").on(t.accountId, t.estimateNumber),
    // status and total: the reports' estimate figures over a created-at range from the index alone.
    // Then what a search of one or two characters reads (decision 010, as for jobs).
    index("estimates_user_created_idx").on(
      t.accountId,
      t.createdAt,
      t.id,
      t.status,
      t.total,
      t.title,
      t.estimateNumber,
      t.customerId,
    ),
    index("estimates_user_status_idx").on(t.accountId, t.status, t.createdAt, t.id),
    index("estimates_customer_idx").on(t.customerId, t.accountId),
    index("estimates_job_idx").on(t.jobId, t.accountId),
    // The follow-up work: pending estimates that were sent, by when.
    index("estimates_status_sent_idx").on(t.status, t.sentAt),
    // Marking expired (expirePastEstimates): pending estimates by their last valid day.
    index("estimates_status_valid_idx").on(t.status, t.validUntil, t.createdAt),
  ],
);

export const estimateItems = sqliteTable(
  "estimate_items",
  {
    id: id(),
    estimateId: text("estimate_id")
      .notNull()
      .references(() => estimates.id, { onDelete: "cascade" }),
    description: text("description").notNull(),
    // Quantity in hundredths (1.5 is 150): quantities accept two decimals.
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
    // The line rule (docs/decisions/019): taxed or not, and a discount in hundredths of a percent.
    taxable: integer("taxable", { mode: "boolean" }).notNull().default(true),
    discountPercent: integer("discount_percent").notNull().default(0),
    // A line the customer may choose on the estimate page; it counts in no total until chosen.
    optional: integer("optional", { mode: "boolean" }).notNull().default(false),
    total: integer("total").notNull(),
    order: integer("order").notNull().default(0),
  },
  (t) => [index("estimate_items_estimate_idx").on(t.estimateId, t.order, t.id)],
);

export const invoices = sqliteTable(
  "invoices",
  {
    id: id(),
    accountId: account(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    jobId: text("job_id").references(() => jobs.id, { onDelete: "set null" }),
    // One invoice per estimate: the unique index makes a second "create invoice" impossible.
    estimateId: text("estimate_id").references((): AnySQLiteColumn => estimates.id, {
      onDelete: "set null",
    }),
    invoiceNumber: text("invoice_number").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    status: text("status", { enum: INVOICE_STATUSES }).notNull().default("pending"),
    subtotal: integer("subtotal").notNull(),
    taxRate: integer("tax_rate").notNull().default(825),
    taxAmount: integer("tax_amount").notNull(),
    total: integer("total").notNull(),
    notes: text("notes"),
    dueDate: text("due_date"),
    paidDate: integer("paid_date", { mode: "timestamp_ms" }),
    // The first time it was e-mailed to the customer, and to whom: only sent invoices get reminders.
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    sentTo: text("sent_to"),
    createdBy: actor("created_by"),
    sentBy: actor("sent_by"),
    // The contractor chose, when sending, that this invoice gets no reminders.
    remindersOff: integer("reminders_off", { mode: "boolean" }).notNull().default(false),
    // The sum of the invoice's payments (the payments table), kept with each payment
    // recorded in the same batch: the balance due is total - amountPaid.
    amountPaid: integer("amount_paid").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invoices_user_number_idx").on(t.accountId, t.invoiceNumber),
    uniqueIndex("invoices_estimate_idx").on(t.estimateId),
    // status and due date: the overdue filter (which reads both) is decided from the index.
    // Then what a search of one or two characters reads (decision 010, as for jobs).
    index("invoices_user_created_idx").on(
      t.accountId,
      t.createdAt,
      t.id,
      t.status,
      t.dueDate,
      t.title,
      t.invoiceNumber,
      t.customerId,
    ),
    index("invoices_user_status_idx").on(t.accountId, t.status, t.createdAt, t.id),
    // Revenue (paid, by paid date) and what is owed (pending and overdue, by due date, with
    // the amount paid for the balance), summed from the index alone for the dashboard and
    // the reports.
    index("invoices_user_status_paid_idx").on(t.accountId, t.status, t.paidDate, t.total),
    index("invoices_user_status_due_idx").on(t.accountId, t.status, t.dueDate, t.total, t.amountPaid),
    index("invoices_customer_idx").on(t.customerId, t.accountId),
    index("invoices_job_idx").on(t.jobId, t.accountId),
  ],
);

// Money received against an invoice: deposits, partial payments, card payments.
// Deleting an invoice (any invoice may be deleted) deletes its payments. A payment that comes from
// outside (a Stripe Checkout Session) carries its id in externalId, unique, so that the same
// payment reported twice (a retried webhook, two servers) is recorded once.
export const payments = sqliteTable(
  "payments",
  {
    id: id(),
    accountId: account(),
    invoiceId: text("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull(),
    // A check number, a transfer's reference.
    reference: text("reference"),
    note: text("note"),
    recordedBy: actor("recorded_by"),
    externalId: text("external_id"),
    // The estimate's deposit this payment carries onto the invoice (unique: a deposit is counted once).
    depositId: text("deposit_id").references((): AnySQLiteColumn => estimateDeposits.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("payments_invoice_idx").on(t.invoiceId, t.accountId, t.receivedAt),
    // The money collected in a period, in all and by method, from the index alone.
    index("payments_user_received_idx").on(t.accountId, t.receivedAt, t.amount, t.method),
    uniqueIndex("payments_external_idx").on(t.externalId),
    uniqueIndex("payments_deposit_idx").on(t.depositId),
  ],
);

// Deposits received against an estimate, before or after it became an invoice
// (docs/decisions/017). They stay with the estimate; the estimate's invoice carries each as one
// payment (payments.deposit_id), written by the same batch that records the deposit or creates
// the invoice. A card deposit carries its Checkout Session id in externalId, unique.
export const estimateDeposits = sqliteTable(
  "estimate_deposits",
  {
    id: id(),
    accountId: account(),
    estimateId: text("estimate_id")
      .notNull()
      .references(() => estimates.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull(),
    reference: text("reference"),
    note: text("note"),
    recordedBy: actor("recorded_by"),
    externalId: text("external_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("estimate_deposits_estimate_idx").on(t.estimateId, t.accountId, t.receivedAt),
    uniqueIndex("estimate_deposits_external_idx").on(t.externalId),
  ],
);

// Late charges added to an invoice: one per invoice and month past due (the unique key), so no
// button, reminder or second runner adds a month twice (docs/decisions/017).
export const lateCharges = sqliteTable(
  "late_charges",
  {
    id: id(),
    accountId: account(),
    invoiceId: text("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    // Whole months past due when it was added (1 from one month after the due date).
    month: integer("month").notNull(),
    amount: integer("amount").notNull(),
    // The invoice line it added.
    itemId: text("item_id").notNull(),
    addedBy: actor("added_by"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("late_charges_invoice_month_idx").on(t.invoiceId, t.month)],
);

export const invoiceItems = sqliteTable(
  "invoice_items",
  {
    id: id(),
    invoiceId: text("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
    taxable: integer("taxable", { mode: "boolean" }).notNull().default(true),
    discountPercent: integer("discount_percent").notNull().default(0),
    total: integer("total").notNull(),
    order: integer("order").notNull().default(0),
  },
  (t) => [index("invoice_items_invoice_idx").on(t.invoiceId, t.order, t.id)],
);

// The price book: the contractor's saved items, from which estimate lines are made.
export const priceItems = sqliteTable(
  "price_items",
  {
    id: id(),
    accountId: account(),
    name: text("name").notNull(),
    description: text("description"),
    unitPrice: integer("unit_price").notNull(),
    // each, hour, foot, ...: free text, shown after the price.
    unit: text("unit").notNull().default("each"),
    taxable: integer("taxable", { mode: "boolean" }).notNull().default(true),
    category: text("category"),
    // What the item costs the contractor (cents), to show the margin; never on a document.
    cost: integer("cost"),
    createdAt: createdAt(),
  },
  (t) => [
    index("price_items_user_name_idx").on(t.accountId, sql`${t.name} collate nocase`, t.id),
    index("price_items_user_category_idx").on(t.accountId, t.category, sql`${t.name} collate nocase`, t.id),
  ],
);

export const appointments = sqliteTable(
  "appointments",
  {
    id: id(),
    accountId: account(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    jobId: text("job_id").references(() => jobs.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description"),
    location: text("location"),
    appointmentType: text("appointment_type", { enum: APPOINTMENT_TYPES }).notNull().default("other"),
    customType: text("custom_type"),
    scheduledDate: integer("scheduled_date", { mode: "timestamp_ms" }).notNull(),
    duration: integer("duration").notNull().default(60),
    status: text("status", { enum: APPOINTMENT_STATUSES }).notNull().default("scheduled"),
    notes: text("notes"),
    assigneeId: assignee(),
    createdAt: createdAt(),
  },
  (t) => [
    // A technician's visits in time order (My day, the schedule's member filter).
    index("appointments_assignee_idx").on(t.assigneeId, t.scheduledDate),
    // The schedule's date ranges, in schedule order; status last, so its counts read the index alone.
    index("appointments_user_scheduled_idx").on(t.accountId, t.scheduledDate, t.id, t.status),
    index("appointments_customer_idx").on(t.customerId, t.accountId),
    index("appointments_job_idx").on(t.jobId, t.accountId),
  ],
);

export const VISIT_EVENT_KINDS = ["on_my_way", "started", "completed", "note"] as const;

// What happened on a visit (an appointment) and who did it: "on my way" sent, started,
// completed, a note. The actor is the login (its name stays after it leaves the team) and its
// role at the time. One "on my way" per visit: the unique index is the claim (docs/decisions/030).
export const visitEvents = sqliteTable(
  "visit_events",
  {
    id: id(),
    accountId: account(),
    appointmentId: text("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: VISIT_EVENT_KINDS }).notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorRole: text("actor_role", { enum: ROLES }),
    body: text("body"),
    createdAt: createdAt(),
  },
  (t) => [
    index("visit_events_appointment_idx").on(t.appointmentId, t.createdAt),
    uniqueIndex("visit_events_on_my_way_idx")
      .on(t.appointmentId)
      .where(sql`${t.kind} = 'on_my_way'`),
  ],
);

export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    accountId: account(),
    type: text("type").notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    read: integer("read", { mode: "boolean" }).notNull().default(false),
    estimateId: text("estimate_id").references(() => estimates.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_read_idx").on(t.accountId, t.read, t.createdAt),
    index("notifications_user_created_idx").on(t.accountId, t.createdAt),
  ],
);

export const estimateShareTokens = sqliteTable(
  "estimate_share_tokens",
  {
    id: id(),
    accountId: account(),
    estimateId: text("estimate_id")
      .notNull()
      .references(() => estimates.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    createdBy: actor("created_by"),
    createdAt: createdAt(),
    // Opened by someone other than the account itself: how often, first and last time.
    viewCount: integer("view_count").notNull().default(0),
    firstViewedAt: integer("first_viewed_at", { mode: "timestamp_ms" }),
    lastViewedAt: integer("last_viewed_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("estimate_share_tokens_token_idx").on(t.token),
    uniqueIndex("estimate_share_tokens_estimate_idx").on(t.estimateId),
  ],
);

// The customer's link to an invoice (/i/{token}), as estimate_share_tokens for estimates.
export const invoiceShareTokens = sqliteTable(
  "invoice_share_tokens",
  {
    id: id(),
    accountId: account(),
    invoiceId: text("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    createdBy: actor("created_by"),
    createdAt: createdAt(),
    viewCount: integer("view_count").notNull().default(0),
    firstViewedAt: integer("first_viewed_at", { mode: "timestamp_ms" }),
    lastViewedAt: integer("last_viewed_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("invoice_share_tokens_token_idx").on(t.token),
    uniqueIndex("invoice_share_tokens_invoice_idx").on(t.invoiceId),
  ],
);

// Requests from the public /demo and /contact-sales pages: not tied to an account.
export const salesRequests = sqliteTable(
  "sales_requests",
  {
    id: id(),
    kind: text("kind", { enum: ["demo", "sales"] }).notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    company: text("company"),
    trade: text("trade"),
    message: text("message"),
    createdAt: createdAt(),
  },
  (t) => [index("sales_requests_created_idx").on(t.createdAt)],
);

export type User = typeof users.$inferSelect;
export type { Role } from "../app/lib/permissions";
export type AccountMember = typeof accountMembers.$inferSelect;
export type Invitation = typeof invitations.$inferSelect;
export type AccountSettings = typeof accountSettings.$inferSelect;

// Work that runs on its own (reminders, recurring invoices): one row per piece of work, by a
// key that names it for good ("reminder:<invoice id>:<step>"). A runner claims a piece by
// writing its row (or taking over a claim whose lease ran out: its runner crashed), does it,
// and marks it done; the primary key makes two runners on one database claim it once
// (docs/decisions/014-work-runs-once.md).
export const workClaims = sqliteTable(
  "work_claims",
  {
    key: text("key").primaryKey(),
    kind: text("kind").notNull(),
    claimedBy: text("claimed_by").notNull(),
    claimedAt: integer("claimed_at", { mode: "timestamp_ms" }).notNull(),
    leaseUntil: integer("lease_until", { mode: "timestamp_ms" }).notNull(),
    attempts: integer("attempts").notNull().default(1),
    doneAt: integer("done_at", { mode: "timestamp_ms" }),
    lastError: text("last_error"),
  },
  (t) => [index("work_claims_kind_done_idx").on(t.kind, t.doneAt)],
);

// Rate-limit counters, one row per limiter and key ("sign-in:<e-mail>", "address:<ip> /login"):
// the attempts counted in the window that ends at `resetAt` (epoch ms). Kept in the database so
// every app server on it counts the same attempts; one statement counts a hit
// (app/infrastructure/rate-limit.server.ts). Rows whose window has ended are purged once a day
// (docs/decisions/033-rate-limits-in-the-database.md). WITHOUT ROWID in its migration.
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: integer("reset_at").notNull(),
});

export const RECURRING_FREQUENCIES = ["weekly", "biweekly", "monthly", "quarterly", "semiannually", "yearly"] as const;

// A recurring invoice (docs/decisions/018): what each of its invoices carries (customer, title, lines,
// tax) and when they are made (app/lib/recurrence.ts). Occurrences whose 6:00 (in the
// account's zone) is before `activeFrom` are never made: it is set when the schedule is
// created, edited or resumed, so what fell while it was paused is skipped, not caught up
// (docs/decisions/018-recurring-invoices.md).
export const recurringInvoices = sqliteTable(
  "recurring_invoices",
  {
    id: id(),
    accountId: account(),
    // Deleting the customer ends its schedules with it (the invoices already made stay).
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    notes: text("notes"),
    taxRate: integer("tax_rate").notNull().default(825),
    frequency: text("frequency", { enum: RECURRING_FREQUENCIES }).notNull(),
    startDate: text("start_date").notNull(),
    endDate: text("end_date"),
    // How many invoices in all (occurrences 0 to count - 1); null with an end date or none.
    occurrenceCount: integer("occurrence_count"),
    autoSend: integer("auto_send", { mode: "boolean" }).notNull().default(false),
    paused: integer("paused", { mode: "boolean" }).notNull().default(false),
    activeFrom: integer("active_from", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("recurring_invoices_user_created_idx").on(t.accountId, t.createdAt, t.id),
    index("recurring_invoices_paused_idx").on(t.paused),
    index("recurring_invoices_customer_idx").on(t.customerId, t.accountId),
  ],
);

// The lines of a recurring invoice: the same shape as invoice_items, copied to each invoice.
export const recurringInvoiceItems = sqliteTable(
  "recurring_invoice_items",
  {
    id: id(),
    recurringInvoiceId: text("recurring_invoice_id")
      .notNull()
      .references(() => recurringInvoices.id, { onDelete: "cascade" }),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
    // Decision 019, as on estimate and invoice lines; copied onto the invoices it makes.
    taxable: integer("taxable", { mode: "boolean" }).notNull().default(true),
    discountPercent: integer("discount_percent").notNull().default(0),
    total: integer("total").notNull(),
    order: integer("order").notNull().default(0),
  },
  (t) => [index("recurring_invoice_items_parent_idx").on(t.recurringInvoiceId, t.order, t.id)],
);

// One row per occurrence made, written in the same batch as its invoice: the primary key
// (schedule, date) makes a second invoice for one occurrence impossible, whoever runs it.
export const recurringInvoiceRuns = sqliteTable(
  "recurring_invoice_runs",
  {
    recurringInvoiceId: text("recurring_invoice_id")
      .notNull()
      .references(() => recurringInvoices.id, { onDelete: "cascade" }),
    occurrenceDate: text("occurrence_date").notNull(),
    accountId: account(),
    invoiceId: text("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.recurringInvoiceId, t.occurrenceDate] }),
    index("recurring_invoice_runs_invoice_idx").on(t.invoiceId),
  ],
);

// The customer's hub (/c/{token}): one link per customer, made on demand, revocable (deleting
// the row kills the address at once). Its token is kept as it is, as the share links' are: the
// contractor's "Copy link" shows it again at any time (docs/product/customers.md#the-customer-hub).
export const customerHubs = sqliteTable(
  "customer_hubs",
  {
    id: id(),
    accountId: account(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    createdBy: actor("created_by"),
    createdAt: createdAt(),
    viewCount: integer("view_count").notNull().default(0),
    lastViewedAt: integer("last_viewed_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("customer_hubs_token_idx").on(t.token), uniqueIndex("customer_hubs_customer_idx").on(t.customerId)],
);

// What a customer changed of their own details from the hub: the customer's activity. One row
// per change that changed something, each field's value before and after (JSON).
export const customerDetailChanges = sqliteTable(
  "customer_detail_changes",
  {
    id: id(),
    accountId: account(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    changes: text("changes", { mode: "json" }).$type<Record<string, { from: string | null; to: string | null }>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("customer_detail_changes_customer_idx").on(t.customerId, t.accountId, t.createdAt)],
);

// "Pay all" from the customer's hub: one card payment (one Stripe Checkout Session) covering
// the balances of several invoices of one customer. The invoices and the amount for each are
// fixed here when the customer presses the button, and the webhook records one payment per
// invoice from this row, each once (docs/product/customers.md#paying-everything-at-once).
export const hubCheckouts = sqliteTable(
  "hub_checkouts",
  {
    id: id(),
    accountId: account(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    /** The sum of the parts, in cents: what the session asks. */
    amount: integer("amount").notNull(),
    /** What each invoice receives, in cents, in the order they were shown. */
    parts: text("parts", { mode: "json" }).$type<{ invoiceId: string; amount: number }[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("hub_checkouts_customer_idx").on(t.customerId, t.createdAt)],
);

// The address an account's people last reached the app at (an http or https origin, like
// "https://tradedesk.example"), for the links in e-mails sent with no request behind them
// (payment reminders, estimate follow-ups, recurring invoices) when the server has no APP_URL.
// Written at sign-in and registration (only when it changed) and by Settings when none is
// stored (app/models/app-origin.server.ts). Per account, not per deployment: a Host header is
// the client's to send, so what one account's requests carry never reaches another's customers.
export const appOrigins = sqliteTable("app_origins", {
  accountId: text("account_id")
    .primaryKey()
    .references((): AnySQLiteColumn => accounts.id, { onDelete: "cascade" }),
  origin: text("origin").notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

// The account's public request page (/request/{slug}, docs/product/requests.md): its address,
// unique across accounts, made from the company name on first need, and whether it is on.
export const requestPages = sqliteTable(
  "request_pages",
  {
    accountId: text("account_id")
      .primaryKey()
      .references((): AnySQLiteColumn => accounts.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("request_pages_slug_idx").on(t.slug)],
);

// Work a visitor asked for on the request page, and what it became: the customer, estimate,
// job and visit made from it (each set null when that record is deleted) and when.
export const workRequests = sqliteTable(
  "work_requests",
  {
    id: id(),
    accountId: account(),
    name: text("name").notNull(),
    phone: text("phone"),
    email: text("email"),
    address: text("address"),
    description: text("description"),
    preferredTimes: text("preferred_times"),
    status: text("status", { enum: WORK_REQUEST_STATUSES }).notNull().default("new"),
    customerId: text("customer_id").references(() => customers.id, { onDelete: "set null" }),
    estimateId: text("estimate_id").references(() => estimates.id, { onDelete: "set null" }),
    jobId: text("job_id").references(() => jobs.id, { onDelete: "set null" }),
    appointmentId: text("appointment_id").references(() => appointments.id, { onDelete: "set null" }),
    convertedAt: integer("converted_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    // The list by status, newest first, and the sidebar's count of new ones.
    index("work_requests_account_status_idx").on(t.accountId, t.status, t.createdAt, t.id),
    index("work_requests_account_created_idx").on(t.accountId, t.createdAt, t.id),
  ],
);

// A photo or a file (a PDF) on a job, an estimate, an invoice, an appointment or a work
// request: exactly one of the five is set, and deleting it deletes its files. The id is 128
// random bits (it names the stored copies: accounts/{accountId}/{id}/{variant}), the bytes live
// in the file store (app/infrastructure/file-store.server.ts), never in the database
// (docs/product/files.md, docs/decisions/034).
export const files = sqliteTable(
  "files",
  {
    id: text("id").primaryKey(),
    accountId: account(),
    jobId: text("job_id").references(() => jobs.id, { onDelete: "cascade" }),
    estimateId: text("estimate_id").references(() => estimates.id, { onDelete: "cascade" }),
    invoiceId: text("invoice_id").references(() => invoices.id, { onDelete: "cascade" }),
    appointmentId: text("appointment_id").references(() => appointments.id, { onDelete: "cascade" }),
    workRequestId: text("work_request_id").references(() => workRequests.id, { onDelete: "cascade" }),
    /** The name on the sender's device: shown and used for downloads, never as a path. */
    name: text("name").notNull(),
    /** What the content is (app/lib/file-kind.ts): jpeg, png, webp, heic or pdf. */
    kind: text("kind", { enum: ["jpeg", "png", "webp", "heic", "pdf"] }).notNull(),
    /** The type served: image/jpeg for every photo's copies, application/pdf for a PDF. */
    contentType: text("content_type").notNull(),
    /** Bytes as uploaded. */
    size: integer("size").notNull(),
    /** Bytes kept in the store, every copy counted: what the account's quota adds up. */
    storedBytes: integer("stored_bytes").notNull(),
    /** A photo's size once upright; null for a PDF. */
    width: integer("width"),
    height: integer("height"),
    caption: text("caption"),
    showToCustomer: integer("show_to_customer", { mode: "boolean" }).notNull().default(false),
    /** The order on its record: lower first. */
    position: integer("position").notNull().default(0),
    createdBy: actor("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    index("files_account_idx").on(t.accountId, t.storedBytes),
    index("files_job_idx").on(t.jobId, t.position),
    index("files_estimate_idx").on(t.estimateId, t.position),
    index("files_invoice_idx").on(t.invoiceId, t.position),
    index("files_appointment_idx").on(t.appointmentId, t.position),
    index("files_work_request_idx").on(t.workRequestId, t.position),
  ],
);

// The stored copies still to delete: a trigger on `files` writes a row here for every file
// row deleted, whatever deleted it (the file itself, its job or document, the account, all
// cascading), in the same transaction; the sweep "files-purge" deletes the copies from the
// store and then the row, so a crash between the two only means deleting them again.
export const filePurges = sqliteTable("file_purges", {
  /** The stored copies' prefix: accounts/{accountId}/{fileId}/. */
  prefix: text("prefix").primaryKey(),
  createdAt: createdAt(),
});
