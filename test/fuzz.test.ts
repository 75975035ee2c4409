// Hostile input. Every POST and PUT of every /api route (enumerated from the route
// manifest) gets at least 50 malformed bodies with a valid session: broken JSON, wrong
// types, missing and extra fields (id, createdAt, accountId), 1 MB strings, deep nesting,
// unicode and control characters, negative, huge, NaN and exponent numbers, money past
// the limit, dates that do not exist. Every answer must be a 4xx with a JSON `{ message }`
// and the database must be byte-for-byte unchanged. The create and edit forms under /app
// get a smaller set of form posts: a 4xx or the form again, never a redirect (a save) or
// a 5xx. Values come from a seeded generator, so a failure repeats.
import { beforeAll, describe, expect, it } from "vitest";
import { createRandom, type Random } from "#db/factories";
import { callRoute, jsonMessage, type Answer } from "./route-call";
import { changedTables, installWriteCounter, tableChecksums, writeCount } from "./db-checksum";
import { isApiRoute, isAppRoute, loadRouteModule, routeManifest, urlFor, type ManifestRoute } from "./route-manifest";
import { tenantAccount, type TenantAccount } from "./tenant-fixtures";

const routes = await routeManifest();
const SEED = 20_261_121;
const MIN_BODIES = 50;

let me: TenantAccount;
let other: TenantAccount;

beforeAll(async () => {
  me = await tenantAccount("Fuzz");
  other = await tenantAccount("Other");
  await installWriteCounter();
}, 60_000);

// --- Hostile values, by the kind of field they go into ---------------------------------
// Each value is invalid for its kind, so a body with one of them must be refused.

const MB = "x".repeat(1_048_576);
const CONTROL = "\u0000\u0007\b\u001b[31m\u007f";
const UNICODE = "💥\u202Ename\u200B\uFEFF\uD800ñ名前";
const SCRIPT = `<script>alert(1)</script>"'--`;
const NESTED = (depth: number): unknown => {
  let value: unknown = "deep";
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
};

type Kind =
  | "text"
  | "requiredText"
  | "email"
  | "money"
  | "date"
  | "datetime"
  | "jobStatus"
  | "estimateStatus"
  | "invoiceStatus"
  | "appointmentStatus"
  | "appointmentType"
  | "duration"
  | "customerId"
  | "jobId"
  | "items"
  | "rate"
  | "validUntil"
  | "loginEmail"
  | "loginPassword"
  | "registerName"
  | "registerEmail"
  | "registerPassword"
  | "aiJobType"
  | "paymentMethod"
  | "frequency"
  | "recurringDate"
  | "recurringCount"
  | "flag"
  | "depositType"
  | "invitedRole"
  | "memberRole"
  | "requestStatus"
  | "convertTo"
  | "fileOrder";

const notText = [42, -1.5, true, {}, [], ["a"], { $ne: null }, NESTED(50)];
const notNumber = [{}, [], true, "NaN", "Infinity", "-Infinity", "💰", "0x10", "1.000,00", NESTED(50)];
const impossibleDates = [
  "2026-02-30",
  "2025-02-29",
  "2026-04-31",
  "2026-13-01",
  "2026-00-10",
  "2026-02-30T10:00",
  "2026-02-30T10:00:00Z",
  "2026-04-31T23:00:00-05:00",
  "2026-01-01T24:00:00Z",
  "2026-01-01T10:60",
  "2026-01-01T10:00:00+25:00",
  "0999-01-01",
  "+275760-09-13T00:00:00Z",
  "31/12/2026",
  "not a date",
  20_260_101,
  {},
  true,
];

function hostile(kind: Kind): unknown[] {
  switch (kind) {
    case "text":
      return [MB, ...notText];
    case "requiredText":
      return [MB, "", "   ", "\t\n", null, ...notText];
    case "email":
      return [
        MB,
        "not-an-email",
        "a@b",
        "@example.com",
        "a@@b.com",
        "a b@c.com",
        `a${CONTROL}@b.com`,
        `${"a".repeat(250)}@example.com`,
        42,
        {},
      ];
    case "money":
      return [-1, "-0.01", "1e3", "1e21", 1e21, "12.345", 9_999_999_999.999, "100000000.00", 100_000_000, 1e-7, ...notNumber];
    case "date":
      return [MB, ...impossibleDates];
    case "datetime":
      return [MB, "", null, ...impossibleDates];
    case "jobStatus":
      return ["done", "finished", 1, {}, [], "pending; DROP TABLE jobs", `pending${CONTROL}`, MB];
    case "estimateStatus":
      return ["done", "sent", 1, {}, [], `approved${CONTROL}`, MB];
    case "invoiceStatus":
      return ["done", "PAID", "paid ", "", null, 1, {}, [], `paid${CONTROL}`, MB];
    case "appointmentStatus":
      return ["done", 1, {}, [], `completed${CONTROL}`, MB];
    case "appointmentType":
      return ["meeting", 1, {}, [], MB];
    case "depositType":
      return ["weekly", "PERCENT", "percent ", "", null, 1, {}, [], `amount${CONTROL}`, MB];
    case "paymentMethod":
      return ["bitcoin", "CASH", "cash ", "", null, 1, {}, [], `cash${CONTROL}`, MB];
    case "flag":
      return ["yes", "true", 1, 0, {}, [], MB];
    case "duration":
      return [0, -5, 1.5, "abc", 100_000, "1e3", "NaN", {}, [], true, 1e21];
    case "customerId":
      return ["OTHER_CUSTOMER", "NEVER_ISSUED", "none", "", null, 123, {}, [], "x".repeat(101), "' OR '1'='1", MB];
    case "jobId":
      return ["OTHER_JOB", "NEVER_ISSUED", 123, {}, ["x"], "x".repeat(101), MB];
    case "items":
      return [
        [],
        "items",
        {},
        [{}],
        [null],
        [[{ description: "x", quantity: 1, unitPrice: 1 }]],
        [{ description: "x" }],
        Array.from({ length: 201 }, (_, i) => ({ description: `Line ${i}`, quantity: 1, unitPrice: 1 })),
        new Array(300_000).fill(0),
        [{ description: "x", quantity: -1, unitPrice: 1 }],
        [{ description: "x", quantity: 1, unitPrice: "1e3" }],
        [{ description: "x", quantity: 1, unitPrice: "100000000.00" }],
        [{ description: "x", quantity: "100000", unitPrice: "99999999.99" }],
        [{ description: "x", quantity: "1.234", unitPrice: 1 }],
        [{ description: "x", quantity: 1, unitPrice: 1, id: "forged", accountId: "forged" }],
        [{ description: "x", quantity: 1, unitPrice: 1, order: -1 }],
        [{ description: "x", quantity: 1, unitPrice: 1, order: 1.5 }],
        [{ description: MB, quantity: 1, unitPrice: 1 }],
        [{ description: "", quantity: 1, unitPrice: 1 }],
        NESTED(200),
      ];
    case "rate":
      return ["-0.01", "10", "0.00001", "abc", {}, [], true, "NaN", 1e21, MB];
    case "validUntil":
      return [MB, ...impossibleDates];
    case "loginEmail":
      return [MB, "not-an-email", "", null, 42, {}, []];
    case "loginPassword":
      return [MB, "", null, 42, {}, []];
    case "registerName":
      return [MB, "", "   ", 42, {}, []];
    case "registerEmail":
      return [MB, "not-an-email", "", 42, {}, []];
    case "registerPassword":
      return ["12345", MB, "", 42, {}, []];
    case "aiJobType":
      return ["welding", "", null, 1, {}, [], MB, `plumbing${CONTROL}`];
    case "frequency":
      return ["daily", "every month", "", null, 1, {}, [], MB, `monthly${CONTROL}`];
    case "recurringDate":
      return [MB, "", null, 42, {}, "1999-12-31", "2100-01-01", ...impossibleDates];
    case "recurringCount":
      return [0, -1, 1.5, "abc", 1001, "1e3", 1e21, {}, [], true];
    case "fileOrder":
      return [-1, 1.5, "abc", "1", 100_001, 1e21, {}, [], true, null];
    case "invitedRole":
      return ["owner", "admin", "Technician", "", null, 1, {}, [], MB, `office${CONTROL}`];
    case "memberRole":
      return ["admin", "Owner", "", null, 1, {}, [], MB, `office${CONTROL}`];
    case "requestStatus":
      return ["done", "NEW", "archived ", "", null, 1, {}, [], `new${CONTROL}`, MB];
    case "convertTo":
      return ["invoice", "Customer", "", null, 1, {}, [], MB, `customer${CONTROL}`];
  }
}

/** Placeholders in the lists above become real ids of the other account, or ids nobody has. */
function resolve(value: unknown): unknown {
  if (value === "OTHER_CUSTOMER") return other.ids.customer;
  if (value === "OTHER_JOB") return other.ids.job;
  if (value === "NEVER_ISSUED") return crypto.randomUUID();
  return value;
}

// --- The API endpoints and their valid bodies --------------------------------------------

interface BodyTarget {
  kind: "body";
  fields: Record<string, Kind>;
  required: string[];
  base: () => Record<string, unknown>;
  params?: () => Record<string, string>;
  /** What the valid base body gets (checked last, once): it proves each mutation had a single defect. */
  baseStatus: number | number[];
  /** How a refusal says why: `{ message }` as JSON (the default), or plain text where the API answers so (docs/product/api.md). */
  errorBody?: "json" | "text";
  /** Unknown fields are dropped, not refused, and the base body is accepted: extra fields are no defect. */
  ignoresUnknownFields?: boolean;
}

/** Actions that read no body: called for an id nobody has, whatever the body, they answer 404. */
interface NoInputTarget {
  kind: "no-input";
}

/** The catch-all: 404 JSON for everything. */
interface NotFoundTarget {
  kind: "not-found";
}

type Target = BodyTarget | NoInputTarget | NotFoundTarget;

const customerFields: Record<string, Kind> = {
  name: "requiredText",
  email: "email",
  phone: "text",
  address: "text",
  city: "text",
  state: "text",
  zipCode: "text",
  notes: "text",
};
const customerBase = () => ({
  name: "Fuzz Customer",
  email: "fuzz@example.com",
  phone: "555-0100",
  address: "1 Main St",
  city: "Austin",
  state: "TX",
  zipCode: "78701",
  notes: "Gate code 1234",
});
const priceItemFields: Record<string, Kind> = {
  name: "requiredText",
  description: "text",
  unitPrice: "money",
  unit: "text",
  taxable: "flag",
  category: "text",
  cost: "money",
};
const priceItemBase = () => ({
  name: "Fuzz item",
  description: "Per hour",
  unitPrice: "95.00",
  unit: "hour",
  taxable: false,
  category: "Labor",
  cost: "40.00",
});
const jobFields: Record<string, Kind> = {
  customerId: "customerId",
  title: "requiredText",
  description: "text",
  location: "text",
  status: "jobStatus",
  scheduledDate: "date",
  completedDate: "date",
  totalAmount: "money",
};
const jobBase = () => ({
  customerId: me.ids.customer,
  title: "Fuzz job",
  description: "Panel swap",
  location: "1 Main St",
  status: "pending",
  scheduledDate: "2026-07-01T09:00:00Z",
  completedDate: null,
  totalAmount: "100.00",
});
const estimateFields: Record<string, Kind> = {
  customerId: "customerId",
  jobId: "jobId",
  title: "requiredText",
  description: "text",
  status: "estimateStatus",
  taxRate: "rate",
  validUntil: "validUntil",
  notes: "text",
  items: "items",
};
const estimateBase = () => ({
  customerId: me.ids.customer,
  jobId: me.ids.job,
  title: "Fuzz estimate",
  description: "Water heater",
  status: "pending",
  taxRate: "0.0825",
  validUntil: "2026-12-31",
  notes: "Thanks",
  items: [{ description: "Labor", quantity: "1.5", unitPrice: "19.99" }],
});
const recurringFields: Record<string, Kind> = {
  customerId: "customerId",
  title: "requiredText",
  description: "text",
  notes: "text",
  taxRate: "rate",
  frequency: "frequency",
  startDate: "recurringDate",
  count: "recurringCount",
  autoSend: "flag",
  paused: "flag",
  items: "items",
};
const recurringBase = () => ({
  customerId: me.ids.customer,
  title: "Fuzz plan",
  description: "Twice a year",
  notes: "Thanks",
  taxRate: "0.0825",
  frequency: "semiannually",
  startDate: "2099-01-31",
  count: 4,
  autoSend: false,
  items: [{ description: "Tune-up", quantity: "1", unitPrice: "89.00" }],
});
const appointmentFields: Record<string, Kind> = {
  customerId: "customerId",
  jobId: "jobId",
  title: "requiredText",
  description: "text",
  scheduledDate: "datetime",
  duration: "duration",
  appointmentType: "appointmentType",
  customType: "text",
  location: "text",
  notes: "text",
  status: "appointmentStatus",
};
const appointmentBase = () => ({
  customerId: me.ids.customer,
  jobId: me.ids.job,
  title: "Fuzz visit",
  description: "Measure",
  scheduledDate: "2026-07-01T09:30:00Z",
  duration: 60,
  appointmentType: "other",
  customType: "Walkthrough",
  location: "1 Main St",
  notes: "Call first",
  status: "scheduled",
});

/** Every /api route with an action, by path and method. A route missing here fails the suite. */
const API_TARGETS: Record<string, Partial<Record<"POST" | "PUT", Target>>> = {
  "/api/customers": { POST: { kind: "body", fields: customerFields, required: ["name"], base: customerBase, baseStatus: 201 } },
  "/api/customers/:id": {
    PUT: {
      kind: "body",
      fields: customerFields,
      required: ["name"],
      base: customerBase,
      params: () => ({ id: me.ids.customer }),
      baseStatus: 200,
    },
  },
  "/api/jobs": { POST: { kind: "body", fields: jobFields, required: ["customerId", "title"], base: jobBase, baseStatus: 201 } },
  "/api/jobs/:id": {
    PUT: {
      kind: "body",
      fields: jobFields,
      required: ["customerId", "title"],
      base: jobBase,
      params: () => ({ id: me.ids.job }),
      baseStatus: 200,
    },
  },
  "/api/estimates": {
    POST: {
      kind: "body",
      fields: estimateFields,
      required: ["customerId", "title", "items"],
      base: estimateBase,
      baseStatus: 201,
    },
  },
  "/api/estimates/:id": {
    PUT: {
      kind: "body",
      fields: estimateFields,
      required: ["customerId", "title", "items"],
      base: estimateBase,
      params: () => ({ id: me.pendingEstimateId }),
      baseStatus: 200,
    },
  },
  "/api/invoices": {},
  "/api/notifications": {},
  "/api/recurring-invoices": {
    POST: {
      kind: "body",
      fields: recurringFields,
      required: ["customerId", "title", "frequency", "startDate", "items"],
      base: recurringBase,
      baseStatus: 201,
    },
  },
  "/api/recurring-invoices/:id": {
    PUT: {
      kind: "body",
      fields: recurringFields,
      required: ["customerId", "title", "frequency", "startDate", "items"],
      base: recurringBase,
      params: () => ({ id: me.ids.recurringInvoice }),
      baseStatus: 200,
    },
  },
  "/api/items": {
    POST: { kind: "body", fields: priceItemFields, required: ["name", "unitPrice"], base: priceItemBase, baseStatus: 201 },
  },
  "/api/items/:id": {
    PUT: {
      kind: "body",
      fields: priceItemFields,
      required: ["name", "unitPrice"],
      base: priceItemBase,
      params: () => ({ id: me.ids.priceItem }),
      baseStatus: 200,
    },
  },
  "/api/invoices/:id": {
    PUT: {
      kind: "body",
      fields: { status: "invoiceStatus" },
      required: ["status"],
      base: () => ({ status: "paid" }),
      params: () => ({ id: me.ids.invoice }),
      baseStatus: 200,
    },
  },
  "/api/appointments": {
    POST: {
      kind: "body",
      fields: appointmentFields,
      required: ["customerId", "title", "scheduledDate"],
      base: appointmentBase,
      baseStatus: 201,
    },
  },
  "/api/requests/:id": {
    PUT: {
      kind: "body",
      fields: { status: "requestStatus" },
      required: ["status"],
      base: () => ({ status: "archived" }),
      params: () => ({ id: me.ids.workRequest }),
      baseStatus: 200,
    },
  },
  "/api/requests/:id/convert": {
    POST: {
      kind: "body",
      fields: { to: "convertTo", customerId: "customerId", scheduledDate: "datetime" },
      required: ["to"],
      base: () => ({ to: "customer" }),
      params: () => ({ id: me.ids.workRequest }),
      baseStatus: 201,
    },
  },
  "/api/appointments/:id": {
    PUT: {
      kind: "body",
      fields: appointmentFields,
      required: ["customerId", "title", "scheduledDate"],
      base: appointmentBase,
      params: () => ({ id: me.ids.appointment }),
      baseStatus: 200,
    },
  },
  "/api/auth/login": {
    // Well-formed but wrong: valid-shaped variants answer 401 (or 429 once the e-mail's limit is reached).
    POST: {
      kind: "body",
      fields: { email: "loginEmail", password: "loginPassword" },
      required: ["email", "password"],
      base: () => ({ email: me.email, password: "not-the-password" }),
      baseStatus: [401, 429],
    },
  },
  "/api/auth/register": {
    // An e-mail already taken: a variant that passes validation answers as a new address
    // would (201, decision 011) and writes nothing.
    // Unknown fields are dropped here, not refused (the register payload, docs/product/api.md), so they cannot reach the row.
    POST: {
      kind: "body",
      fields: { name: "registerName", email: "registerEmail", password: "registerPassword" },
      required: ["name", "email", "password"],
      base: () => ({ name: "Fuzz Again", email: me.email, password: "secret12" }),
      baseStatus: 201,
      ignoresUnknownFields: true,
    },
  },
  "/api/ai/estimate-generation": {
    // Reads the body and writes nothing; its failures are plain text (docs/product/ai-estimates.md).
    POST: {
      kind: "body",
      fields: { jobDescription: "requiredText", location: "text", jobType: "aiJobType" },
      required: ["jobDescription", "jobType"],
      base: () => ({ jobDescription: "Replace a 40-gallon water heater", location: "Austin, TX", jobType: "plumbing" }),
      baseStatus: 200,
      errorBody: "text",
      ignoresUnknownFields: true,
    },
  },
  "/api/invoices/:id/payments": {
    // One cent a time: the invoice's balance covers every variant that is accepted.
    POST: {
      kind: "body",
      fields: { amount: "money", date: "date", method: "paymentMethod", reference: "text", note: "text" },
      required: ["amount", "method"],
      base: () => ({ amount: "0.01", method: "cash" }),
      params: () => ({ id: me.openInvoiceId }),
      baseStatus: 201,
    },
  },
  "/api/payments/:id": {},
  "/api/estimates/:id/deposits": {
    // One cent a time: the approved estimate's total covers every variant that is accepted.
    POST: {
      kind: "body",
      fields: { amount: "money", date: "date", method: "paymentMethod", reference: "text", note: "text" },
      required: ["amount", "method"],
      base: () => ({ amount: "0.01", method: "cash" }),
      params: () => ({ id: me.ids.estimate }),
      baseStatus: 201,
    },
  },
  "/api/estimates/:id/deposit": {
    PUT: {
      kind: "body",
      fields: { depositType: "depositType", depositValue: "money" },
      required: ["depositType"],
      base: () => ({ depositType: "percent", depositValue: "25" }),
      params: () => ({ id: me.ids.estimate }),
      baseStatus: 200,
    },
  },
  "/api/deposits/:id": {},
  // Photos and files take a multipart body (test/files-api.test.ts): JSON for a record nobody has is 404.
  "/api/jobs/:id/files": { POST: { kind: "no-input" } },
  "/api/estimates/:id/files": { POST: { kind: "no-input" } },
  "/api/invoices/:id/files": { POST: { kind: "no-input" } },
  "/api/appointments/:id/files": { POST: { kind: "no-input" } },
  "/api/files/:id": {
    PUT: {
      kind: "body",
      fields: { caption: "text", showToCustomer: "flag", order: "fileOrder" },
      required: [],
      base: () => ({ caption: "Fuzz photo", showToCustomer: true, order: 0 }),
      params: () => ({ id: me.ids.file }),
      baseStatus: 200,
    },
  },
  "/api/invoices/:id/late-charge": { POST: { kind: "no-input" } },
  "/api/notifications/:id/read": { POST: { kind: "no-input" } },
  "/api/notifications/:id": {},
  "/api/invoices/from-estimate/:id": { POST: { kind: "no-input" } },
  "/api/estimates/:id/send": { POST: { kind: "no-input" } },
  "/api/estimates/:id/share": { POST: { kind: "no-input" } },
  "/api/invoices/:id/share": { POST: { kind: "no-input" } },
  "/api/customers/:id/hub": { POST: { kind: "no-input" } },
  "/api/invoices/:id/send": { POST: { kind: "no-input" } },
  "/api/*": { POST: { kind: "not-found" }, PUT: { kind: "not-found" } },
  "/api/team": {},
  "/api/team/invitations": {
    POST: {
      kind: "body",
      fields: { email: "registerEmail", role: "invitedRole" },
      required: ["email", "role"],
      base: () => ({ email: "fuzz-invitee@example.com", role: "technician" }),
      baseStatus: 201,
    },
  },
  "/api/team/invitations/:id": {},
  "/api/team/:id": {
    PUT: {
      kind: "body",
      fields: { role: "memberRole" },
      required: ["role"],
      base: () => ({ role: "office" }),
      params: () => ({ id: me.ids.member }),
      baseStatus: 200,
    },
  },
  // A token nobody was given: whatever the body, 404 and nothing written.
  "/api/join/:token": { POST: { kind: "not-found" } },
};

/** Actions that take no input and no id, so a malformed body has nothing to be refused for. */
const NO_INPUT_NO_ID: Record<string, string> = {
  "/api/auth/logout": "ends the caller's own session; the body is never read",
  "/api/notifications/read-all": "marks the caller's notifications read; the body is never read",
  // GET only: their action answers every other method the API's 405, without reading a body.
  "/api/auth/me": "GET only; any other method is 405",
  "/api/dashboard/stats": "GET only; any other method is 405",
  "/api/appointments/upcoming": "GET only; any other method is 405",
  "/api/requests": "GET only; any other method is 405",
};

// --- Bodies ------------------------------------------------------------------------------

interface FuzzBody {
  label: string;
  /** A JSON value (serialized here) or, for broken JSON, the raw text. */
  value?: unknown;
  raw?: string;
}

const RAW_TEXTS = [
  "{",
  "}",
  '{"a":}',
  "{'name': 'single quotes'}",
  "[1, 2",
  "nul",
  '{"amount": NaN}',
  '{"amount": Infinity}',
  '{"amount": -Infinity}',
  '{"a": 1} trailing',
  "\uFEFF{}",
  "\u0000",
  '{"a": "\\uZZZZ"}',
  '{"a": 01}',
  "<xml/>",
  "name=x&title=y",
];
const NON_OBJECTS = ["[]", "[{}]", "42", '"text"', "null", "true", "1e400"];

function bodiesFor(target: BodyTarget, random: Random): FuzzBody[] {
  const base = target.base();
  const bodies: FuzzBody[] = [];
  const withField = (field: string, value: unknown) => ({ ...base, [field]: resolve(value) });
  const without = (...fields: string[]) => Object.fromEntries(Object.entries(base).filter(([key]) => !fields.includes(key)));

  for (const raw of RAW_TEXTS) bodies.push({ label: `broken JSON ${JSON.stringify(raw.slice(0, 20))}`, raw });
  for (const raw of NON_OBJECTS) bodies.push({ label: `JSON that is not an object: ${raw}`, raw });
  bodies.push({ label: "a body past 1 MB", raw: JSON.stringify({ ...base, padding: "y".repeat(1_100_000) }) });
  bodies.push({ label: "deep nesting of the whole body", raw: "[".repeat(100_000) + "]".repeat(100_000) });
  bodies.push({
    label: "deep nesting in a field",
    raw: withRawField(without(target.required[0]), target.required[0], `${'{"a":['.repeat(5_000)}1${"]}".repeat(5_000)}`),
  });
  bodies.push({ label: "empty object", value: {} });

  for (const field of target.required) bodies.push({ label: `missing ${field}`, value: without(field) });
  // A body whose fields are all optional (a file's PUT) has no required field to leave out.
  if (target.required.length > 0) bodies.push({ label: "every required field missing", value: without(...target.required) });

  for (const [field, kind] of Object.entries(target.fields)) {
    for (const value of hostile(kind)) {
      bodies.push({ label: `${field} = ${show(value)}`, value: withField(field, value) });
    }
  }

  // Forged server-side fields. The resource APIs refuse unknown fields; sign-in and
  // register drop them, and their base body is refused anyway (wrong password, e-mail taken).
  const forged = target.ignoresUnknownFields
    ? []
    : ([
        ["id", crypto.randomUUID()],
        ["accountId", other.accountId],
        ["createdAt", "2000-01-01T00:00:00Z"],
        ["updatedAt", 0],
        ["passwordHash", "$argon2id$forged"],
        ["subtotal ", "1.00"],
        ["ñame", "x"],
        [`na${CONTROL}me`, "x"],
        [MB.slice(0, 100_000), "long key"],
      ] as const);
  for (const [field, value] of forged) {
    bodies.push({ label: `extra field ${show(field)}`, value: { ...base, [field]: value } });
  }
  if (!target.ignoresUnknownFields) {
    bodies.push({
      label: "__proto__ pollution",
      raw: JSON.stringify(base).replace(/^\{/, '{"__proto__":{"accountId":"forged","admin":true},'),
    });
    bodies.push({ label: "constructor.prototype pollution", value: { ...base, constructor: { prototype: { admin: true } } } });
  }

  // Unicode and control characters in every text field, with a required field left out:
  // such text is valid on its own (names have accents and emoji), so the body is refused for the missing field.
  const textFields = Object.entries(target.fields)
    .filter(([, kind]) => ["text", "requiredText", "registerName"].includes(kind))
    .map(([f]) => f);
  const missing = target.required[target.required.length - 1];
  for (const field of textFields) {
    if (field === missing) continue;
    bodies.push({
      label: `${field} with control, unicode and script text, ${missing} missing`,
      value: { ...without(missing), [field]: `${CONTROL}${UNICODE}${SCRIPT}` },
    });
  }

  // Seeded random combinations: two fields broken at once with values the generator picks,
  // and random junk of random types where a required field should be.
  const fields = Object.entries(target.fields);
  for (let i = 0; i < 12; i++) {
    const [f1, k1] = fields[Math.floor(random() * fields.length)];
    const [f2, k2] = fields[Math.floor(random() * fields.length)];
    const v1 = pick(random, hostile(k1));
    const v2 = pick(random, hostile(k2));
    bodies.push({
      label: `random #${i}: ${f1} = ${show(v1)}, ${f2} = ${show(v2)}`,
      value: { ...base, [f2]: resolve(v2), [f1]: resolve(v1) },
    });
  }
  for (let i = 0; i < 8; i++) {
    const field = target.required[Math.floor(random() * target.required.length)];
    const junk = randomJunk(random, 4);
    bodies.push({
      label: `random junk #${i} in ${field}: ${show(junk)}`,
      value: { ...without(field), [`${field}_`]: junk, ...(random() < 0.5 ? {} : { [field]: [junk] }) },
    });
  }
  return bodies;
}

/** The body as JSON text with one field's value given as raw JSON text (for values JSON.stringify cannot nest that deep). */
function withRawField(rest: Record<string, unknown>, field: string, rawValue: string): string {
  const others = JSON.stringify(rest).slice(1, -1);
  return `{${JSON.stringify(field)}:${rawValue}${others ? `,${others}` : ""}}`;
}

function pick<T>(random: Random, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)];
}

/** A random JSON value: numbers at the edges, strings of any code points, nested arrays and objects. */
function randomJunk(random: Random, depth: number): unknown {
  const roll = Math.floor(random() * 7);
  if (depth === 0 || roll === 0) return pick(random, [0, -0, -1, 2 ** 53 + 1, -(2 ** 63), 1e308, 5e-324, 0.1 + 0.2]);
  if (roll === 1)
    return Array.from({ length: 1 + Math.floor(random() * 40) }, () =>
      String.fromCodePoint(Math.floor(random() * 0x10ffff) & ~0x800),
    ).join("");
  if (roll === 2) return random() < 0.5;
  if (roll === 3) return null;
  if (roll === 4) return Array.from({ length: Math.floor(random() * 4) }, () => randomJunk(random, depth - 1));
  return Object.fromEntries(
    Array.from({ length: Math.floor(random() * 4) }, (_, i) => [
      `k${i}${String.fromCharCode(Math.floor(random() * 32))}`,
      randomJunk(random, depth - 1),
    ]),
  );
}

function show(value: unknown): string {
  if (typeof value === "string")
    return value.length > 40 ? `"${value.slice(0, 12)}…" (${value.length} chars)` : JSON.stringify(value);
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 40)}… (${text.length} chars)` : text;
}

function jsonRequest(url: string, method: string, cookie: string, body: FuzzBody): Request {
  const text = body.raw ?? JSON.stringify(body.value);
  return new Request(url, { method, headers: { Cookie: cookie, "Content-Type": "application/json" }, body: text });
}

/** A refusal: 4xx and `{ message }` as JSON (or a plain-text message), or a thrown non-Response error that fails the test. */
function expectRefused(answer: Answer, what: string, errorBody: "json" | "text" = "json") {
  expect(answer.status, `${what}: ${answer.status} ${answer.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, `${what}: ${answer.status} ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  if (errorBody === "json")
    expect(jsonMessage(answer), `${what}: a JSON { message }, got ${answer.text.slice(0, 200)}`).toBeTruthy();
  else expect(answer.text.trim().length, `${what}: a message`).toBeGreaterThan(0);
}

const apiActionRoutes: { route: ManifestRoute; hasAction: boolean }[] = [];
for (const route of routes.filter(isApiRoute)) {
  const module = await loadRouteModule(route);
  apiActionRoutes.push({ route, hasAction: Boolean(module.action) });
}

describe("every /api action has a fuzz target", () => {
  it("no /api route with an action is missing from API_TARGETS", () => {
    const missing = apiActionRoutes
      .filter(({ route, hasAction }) => hasAction && !(route.path in API_TARGETS) && !(route.path in NO_INPUT_NO_ID))
      .map(({ route }) => `${route.path} (app/${route.file})`);
    expect(missing, `add these routes to API_TARGETS in test/fuzz.test.ts: ${missing.join(", ")}`).toEqual([]);
  });

  it("lists no route that does not exist", () => {
    const paths = new Set(apiActionRoutes.map(({ route }) => route.path));
    expect([...Object.keys(API_TARGETS), ...Object.keys(NO_INPUT_NO_ID)].filter((path) => !paths.has(path))).toEqual([]);
  });
});

describe("hostile JSON bodies to every POST and PUT under /api", () => {
  for (const { route, hasAction } of apiActionRoutes) {
    if (!hasAction || !(route.path in API_TARGETS)) continue;
    const targets = API_TARGETS[route.path];
    it(`${route.path}`, async () => {
      const module = await loadRouteModule(route);
      const random = createRandom(SEED + route.path.length);
      for (const method of ["POST", "PUT", "PATCH"] as const) {
        const target = method === "PATCH" ? undefined : targets[method];
        const neverIssued = Object.fromEntries(
          route.params.map((param) => [param, param === "*" ? "no/such/path" : crypto.randomUUID()]),
        );
        if (!target) {
          // A method the table does not list must not be served: a new PUT on an old route needs a target.
          const answer = await callRoute(
            module.action,
            jsonRequest(urlFor(route, neverIssued), method, me.cookie, { label: "empty", value: {} }),
            neverIssued,
          );
          expect([404, 405], `${method} ${route.path} is served but has no fuzz target: ${answer.status}`).toContain(
            answer.status,
          );
          continue;
        }
        if (target.kind !== "body") {
          const template: BodyTarget = {
            kind: "body",
            fields: { anything: "text" },
            required: ["anything"],
            base: () => ({ anything: "x" }),
            baseStatus: 404,
          };
          const bodies = bodiesFor(template, random);
          expect(bodies.length).toBeGreaterThanOrEqual(MIN_BODIES);
          const before = await tableChecksums();
          const writes = await writeCount();
          for (const body of bodies) {
            const what = `${method} ${route.path} with ${body.label}`;
            const answer = await callRoute(
              module.action,
              jsonRequest(urlFor(route, neverIssued), method, me.cookie, body),
              neverIssued,
            );
            expectRefused(answer, what);
            expect(answer.status, what).toBe(404);
            expect(await writeCount(), `${what} wrote to the database`).toBe(writes);
          }
          expect(changedTables(before, await tableChecksums()), `${method} ${route.path} changed the database`).toEqual([]);
          continue;
        }
        const params = target.params?.() ?? {};
        const url = urlFor(route, params);
        const bodies = bodiesFor(target, random);
        expect(bodies.length, `${method} ${route.path}`).toBeGreaterThanOrEqual(MIN_BODIES);
        const before = await tableChecksums();
        const writes = await writeCount();
        for (const body of bodies) {
          const what = `${method} ${route.path} with ${body.label}`;
          const answer = await callRoute(module.action, jsonRequest(url, method, me.cookie, body), params);
          expectRefused(answer, what, target.errorBody);
          expect(await writeCount(), `${what} wrote to the database`).toBe(writes);
        }
        expect(
          changedTables(before, await tableChecksums()),
          `${method} ${route.path}: the database after the refused bodies`,
        ).toEqual([]);
        // The base body itself is fine: every refusal above was for the one thing broken.
        const base = await callRoute(
          module.action,
          jsonRequest(url, method, me.cookie, { label: "base", value: target.base() }),
          params,
        );
        expect(
          [target.baseStatus].flat(),
          `${method} ${route.path} with its valid base body: ${base.text.slice(0, 300)}`,
        ).toContain(base.status);
      }
    }, 120_000);
  }
});

// --- Form posts to the create and edit pages ----------------------------------------------

interface FormTarget {
  base: () => Record<string, string>;
  params?: () => Record<string, string>;
  required: string[];
  text: string[];
  money?: string;
  dates?: string[];
  customerField?: string;
  /** The form has a list (conform field names like items[0].description). */
  list?: string;
  email?: string;
}

const customerForm = () => ({
  name: "Fuzz Form",
  email: "form@example.com",
  phone: "555",
  address: "1 Main",
  city: "Austin",
  state: "TX",
  zipCode: "78701",
  notes: "n",
});
const jobForm = () => ({
  customerId: me.ids.customer,
  title: "Form job",
  description: "d",
  location: "l",
  status: "pending",
  scheduledDate: "2026-07-01T09:00",
  completedDate: "",
  totalAmount: "100.00",
});
const estimateForm = () => ({
  customerId: me.ids.customer,
  jobId: "none",
  title: "Form estimate",
  description: "d",
  status: "pending",
  taxRate: "8.25",
  validUntil: "2026-12-31",
  notes: "n",
  "items[0].description": "Labor",
  "items[0].quantity": "1.5",
  "items[0].unitPrice": "19.99",
});
const recurringForm = () => ({
  customerId: me.ids.customer,
  title: "Form plan",
  description: "d",
  notes: "n",
  taxRate: "8.25",
  frequency: "monthly",
  startDate: "2099-01-31",
  ends: "after",
  endDate: "",
  count: "12",
  autoSend: "on",
  "items[0].description": "Tune-up",
  "items[0].quantity": "1",
  "items[0].unitPrice": "89.00",
});
const priceItemForm = () => ({
  name: "Form item",
  description: "d",
  unitPrice: "95.00",
  unit: "hour",
  taxable: "on",
  category: "Labor",
  cost: "40.00",
});
const appointmentForm = () => ({
  customerId: me.ids.customer,
  appointmentType: "other",
  customType: "Walkthrough",
  title: "Form visit",
  description: "d",
  scheduledDate: "2026-07-01T09:30",
  duration: "60",
  location: "l",
  notes: "n",
});

/** Every create and edit page under /app (by path); one missing here fails the suite. */
const FORM_TARGETS: Record<string, FormTarget> = {
  "/app/customers/new": {
    base: customerForm,
    required: ["name"],
    text: ["name", "phone", "address", "city", "notes"],
    email: "email",
  },
  "/app/customers/:customerId/edit": {
    base: customerForm,
    params: () => ({ customerId: me.ids.customer }),
    required: ["name"],
    text: ["name", "phone", "address", "city", "notes"],
    email: "email",
  },
  "/app/jobs/new": {
    base: jobForm,
    required: ["customerId", "title"],
    text: ["title", "description"],
    money: "totalAmount",
    dates: ["scheduledDate", "completedDate"],
    customerField: "customerId",
  },
  "/app/jobs/:jobId/edit": {
    base: jobForm,
    params: () => ({ jobId: me.ids.job }),
    required: ["customerId", "title"],
    text: ["title", "description"],
    money: "totalAmount",
    dates: ["scheduledDate", "completedDate"],
    customerField: "customerId",
  },
  "/app/estimates/new": {
    base: estimateForm,
    required: ["customerId", "title", "items[0].description"],
    text: ["title", "notes"],
    money: "items[0].unitPrice",
    dates: ["validUntil"],
    customerField: "customerId",
    list: "items",
  },
  "/app/estimates/:estimateId/edit": {
    base: estimateForm,
    params: () => ({ estimateId: me.pendingEstimateId }),
    required: ["customerId", "title", "items[0].description"],
    text: ["title", "notes"],
    money: "items[0].unitPrice",
    dates: ["validUntil"],
    customerField: "customerId",
    list: "items",
  },
  "/app/recurring-invoices/new": {
    base: recurringForm,
    required: ["customerId", "title", "startDate", "items[0].description"],
    text: ["title", "notes"],
    money: "items[0].unitPrice",
    dates: ["startDate"],
    customerField: "customerId",
    list: "items",
  },
  "/app/recurring-invoices/:recurringInvoiceId/edit": {
    base: recurringForm,
    params: () => ({ recurringInvoiceId: me.ids.recurringInvoice }),
    required: ["customerId", "title", "startDate", "items[0].description"],
    text: ["title", "notes"],
    money: "items[0].unitPrice",
    dates: ["startDate"],
    customerField: "customerId",
    list: "items",
  },
  "/app/price-book/new": {
    base: priceItemForm,
    required: ["name", "unitPrice"],
    text: ["name", "description", "category"],
    money: "unitPrice",
  },
  "/app/price-book/:itemId/edit": {
    base: priceItemForm,
    params: () => ({ itemId: me.ids.priceItem }),
    required: ["name", "unitPrice"],
    text: ["name", "description", "category"],
    money: "unitPrice",
  },
  "/app/schedule/new": {
    base: appointmentForm,
    required: ["customerId", "title", "scheduledDate"],
    text: ["title", "notes"],
    dates: ["scheduledDate"],
    customerField: "customerId",
  },
  "/app/schedule/:appointmentId/edit": {
    base: appointmentForm,
    params: () => ({ appointmentId: me.ids.appointment }),
    required: ["customerId", "title", "scheduledDate"],
    text: ["title", "notes"],
    dates: ["scheduledDate"],
    customerField: "customerId",
  },
};

function formBodies(target: FormTarget): { label: string; fields: [string, string][] }[] {
  const base = target.base();
  const entries = (over: Record<string, string | undefined>) =>
    Object.entries({ ...base, ...over }).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const bodies: { label: string; fields: [string, string][] }[] = [];
  for (const field of target.required) bodies.push({ label: `missing ${field}`, fields: entries({ [field]: undefined }) });
  for (const field of target.required) bodies.push({ label: `blank ${field}`, fields: entries({ [field]: "   " }) });
  for (const field of target.text) bodies.push({ label: `1 MB ${field}`, fields: entries({ [field]: MB }) });
  const missing = target.required[target.required.length - 1];
  for (const field of target.text) {
    if (field !== missing)
      bodies.push({
        label: `${field} with control characters, ${missing} missing`,
        fields: entries({ [field]: `${CONTROL}${UNICODE}${SCRIPT}`, [missing]: undefined }),
      });
  }
  if (target.email) {
    for (const value of ["not-an-email", "a@b", "@example.com", `a${CONTROL}@b.com`]) {
      bodies.push({ label: `${target.email} = ${show(value)}`, fields: entries({ [target.email]: value }) });
    }
  }
  if (target.money) {
    for (const value of ["100000000.00", "-5", "1e3", "NaN", "Infinity", "12.345", "12,50"]) {
      bodies.push({ label: `${target.money} = ${value}`, fields: entries({ [target.money]: value }) });
    }
  }
  for (const field of target.dates ?? []) {
    for (const value of ["2026-02-30", "2026-02-30T10:00", "2025-02-29T09:00", "2026-13-01", "tomorrow"]) {
      bodies.push({ label: `${field} = ${value}`, fields: entries({ [field]: value }) });
    }
  }
  if (target.customerField) {
    bodies.push({ label: "another account's customer", fields: entries({ [target.customerField]: other.ids.customer }) });
    bodies.push({ label: "a customer nobody has", fields: entries({ [target.customerField]: crypto.randomUUID() }) });
  }
  // The same field twice, and a list index far out of range.
  bodies.push({ label: `${target.required[0]} sent twice`, fields: [...entries({}), [target.required[0], "second"]] });
  bodies.push({
    label: "an index far past any list",
    fields: entries({ [missing]: undefined, "items[99999].description": "x", "tags[99999]": "x" }),
  });
  if (target.list) {
    const list = target.list;
    bodies.push({
      label: "an index far past the list, valid otherwise",
      fields: entries({ [`${list}[99999].description`]: "x" }),
    });
    bodies.push({
      label: "a refresh with an index far past the list",
      fields: entries({ intent: "refresh", [`${list}[99999].description`]: "x" }),
    });
    for (const payload of [
      { type: "update", payload: { name: `${list}[99999].description`, value: "x" } },
      { type: "update", payload: { name: list, index: 99999, value: { description: "x" } } },
      { type: "insert", payload: { name: list, index: 99999 } },
      { type: "reorder", payload: { name: list, from: 0, to: 99999 } },
      { type: "remove", payload: { name: list, index: -1 } },
      { type: "validate", payload: { name: `${list}[99999]` } },
    ]) {
      bodies.push({ label: `list intent ${JSON.stringify(payload)}`, fields: entries({ __intent__: JSON.stringify(payload) }) });
    }
  }
  bodies.push({
    label: "a forged intent",
    fields: entries({
      [missing]: undefined,
      intent: "delete-everything",
      __intent__: '{"type":"remove","payload":{"name":"items","index":-1}}',
    }),
  });
  bodies.push({
    label: "forged id, accountId and createdAt with a required field missing",
    fields: entries({ [missing]: undefined, id: "forged", accountId: other.accountId, createdAt: "0" }),
  });
  bodies.push({ label: "nothing at all", fields: [] });
  return bodies;
}

function formRequest(url: string, cookie: string, fields: [string, string][]) {
  return new Request(url, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

const formRoutes = routes.filter((route) => isAppRoute(route) && /\/(new|edit)$/.test(route.path));

describe("hostile form posts to the create and edit pages", () => {
  it("every create and edit page has a fuzz target", () => {
    expect(
      formRoutes.filter((route) => !(route.path in FORM_TARGETS)).map((route) => `${route.path} (app/${route.file})`),
    ).toEqual([]);
    expect(Object.keys(FORM_TARGETS).filter((path) => !formRoutes.some((route) => route.path === path))).toEqual([]);
  });

  for (const route of formRoutes) {
    const target = FORM_TARGETS[route.path];
    if (!target) continue;
    it(`${route.path}`, async () => {
      const module = await loadRouteModule(route);
      expect(module.action, `${route.path} has no action`).toBeTruthy();
      const params = target.params?.() ?? {};
      const url = urlFor(route, params);
      const before = await tableChecksums();
      const writes = await writeCount();
      for (const body of formBodies(target)) {
        const what = `POST ${route.path} with ${body.label}`;
        const started = Date.now();
        const answer = await callRoute(module.action, formRequest(url, me.cookie, body.fields), params);
        // Refused (4xx), or the form shown again (200 with its data); never a redirect, which means saved.
        expect(
          answer.status === 200 || (answer.status >= 400 && answer.status < 500),
          `${what}: ${answer.status} ${answer.location ?? ""} ${answer.text.slice(0, 200)}`,
        ).toBe(true);
        expect(answer.location, what).toBeNull();
        expect(Date.now() - started, `${what} took too long`).toBeLessThan(5_000);
        expect(await writeCount(), `${what} wrote to the database`).toBe(writes);
      }
      expect(changedTables(before, await tableChecksums()), `POST ${route.path}: the database after the refused forms`).toEqual(
        [],
      );
      const base = await callRoute(module.action, formRequest(url, me.cookie, Object.entries(target.base())), params);
      expect(base.status, `POST ${route.path} with its valid base form: ${base.text.slice(0, 300)}`).toBe(302);
    }, 60_000);
  }

  it("extra fields in a valid form are ignored: the record gets its own id, owner and time", async () => {
    const route = routes.find((r) => r.path === "/app/customers/new")!;
    const module = await loadRouteModule(route);
    const forgedId = crypto.randomUUID();
    const answer = await callRoute(
      module.action,
      formRequest(urlFor(route, {}), me.cookie, [
        ...Object.entries({ ...customerForm(), name: "Mass assignment check" }),
        ["id", forgedId],
        ["accountId", other.accountId],
        ["createdAt", "946684800000"],
      ]),
    );
    expect(answer.status).toBe(302);
    const { getConnection } = await import("~/infrastructure/db.server");
    const { client } = await getConnection();
    const rows = await client.execute({
      sql: "SELECT id, account_id, created_at FROM customers WHERE name = ?",
      args: ["Mass assignment check"],
    });
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0].id).not.toBe(forgedId);
    expect(rows.rows[0].account_id).toBe(me.accountId);
    expect(Number(rows.rows[0].created_at)).toBeGreaterThan(Date.now() - 60_000);
  });
});
