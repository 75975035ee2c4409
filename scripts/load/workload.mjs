// The mixed workload: virtual users ("workers"), each on one keep-alive connection at a
// time, reading lists and pages and creating and updating customers, jobs, estimates
// with items, invoices and appointments through the JSON /api. Every write's payload is
// turned into the row the database must hold (the "expected" value, in the database's
// own columns and units), and every acknowledged (2xx) write is remembered, so the
// database file can be compared with it once the server has stopped.
//
// Each record is created and then only updated by one worker, one request at a time, so
// its last acknowledged write is exactly what the database must hold; a write whose
// answer never came (the crash test) may or may not be there, and both are accepted.
import { LOCK_PATTERN } from "./server.mjs";
import { documentTotals, fromDecimal, toDecimal } from "./money.mjs";
import { parseJson, send, sessionCookie } from "./http.mjs";

/** A small seeded generator (mulberry32), so a run can be repeated with LOAD_SEED. */
export function createRandom(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
  };
}

export const KINDS = ["customer", "job", "estimate", "invoice", "appointment"];

/** What the run knows: the accounts, every acknowledged record, and the writes whose outcome is unknown. */
export class Model {
  constructor() {
    this.accounts = [];
    this.entities = new Map();
    this.ackedCreates = new Map();
    this.unknownCreates = new Map();
    this.ackedWrites = 0;
    this.ackedUpdates = 0;
  }

  key(account, kind) {
    return `${account.index}:${kind}`;
  }

  bump(map, account, kind) {
    const key = this.key(account, kind);
    map.set(key, (map.get(key) ?? 0) + 1);
  }

  count(map, account, kind) {
    return map.get(this.key(account, kind)) ?? 0;
  }

  /** Updates sent whose answer never came: the database may hold either value. */
  unknownUpdates() {
    let n = 0;
    for (const entity of this.entities.values()) if (entity.pending) n++;
    return n;
  }

  totalUnknownCreates() {
    let n = 0;
    for (const value of this.unknownCreates.values()) n += value;
    return n;
  }
}

/** Registers an account through POST /api/auth/register; its session cookie signs every later request. */
export async function registerAccount({ agent, port, index, stamp }) {
  const user = { name: `Load ${index}`, email: `load-${stamp}-${index}@example.com`, password: "load-test-password" };
  const response = await send({ agent, port, method: "POST", path: "/api/auth/register", body: user });
  const body = response.error ? undefined : parseJson(response);
  const cookie = response.error ? null : sessionCookie(response);
  if (response.status !== 201 || !cookie || !body?.id) {
    throw new Error(
      `Registering account ${index} failed: ${response.error ?? `${response.status} ${response.body?.toString().slice(0, 300)}`}`,
    );
  }
  return { index, accountId: body.id, cookie, customers: [], jobs: [], jobsByCustomer: new Map(), acked: new Map() };
}

// ---------------------------------------------------------------------------------
// Payloads and the rows they must become.

const FIRST = ["José", "Ana", "Liam", "Zoë", "Mei", "Kwame", "Ólafur", "Priya", "Sam", "Noor", "Dmitri", "Chloé"];
const LAST = ["O'Brien", "Núñez", "Smith", "Nguyen", "Müller", "Okafor", "García", "Kowalski", "Lee", "D'Angelo"];
const CITIES = ["Springfield", "San José", "Austin", "Portland", "Zürich"];
const TRADES = [
  "Rewire kitchen",
  "Replace water heater",
  "HVAC tune-up",
  "Panel upgrade",
  "Fix leak under sink",
  "Install EV charger",
  "Bathroom remodel",
];
const ITEMS = [
  "Labor (hours)",
  "Copper pipe ½\" × 10'",
  "20A breaker",
  "Permit fee",
  "Thermostat — smart",
  "PVC fittings",
  "Service call",
  "Disposal & cleanup",
];

const HOUR = 3_600_000;
const BASE_TIME = Date.UTC(2026, 0, 1);

/** A field that is sometimes there (a string) and sometimes not (left out or null): both are stored as null. */
function optional(r, value, p = 0.7) {
  if (r.chance(p)) return value;
  return r.chance(0.5) ? null : undefined;
}

function put(payload, expected, field, column, value) {
  if (value !== undefined) payload[field] = value;
  expected[column] = value ?? null;
}

function customerWrite(r, tag) {
  const payload = {};
  const expected = {};
  put(payload, expected, "name", "name", `${r.pick(FIRST)} ${r.pick(LAST)} ${tag}`);
  put(payload, expected, "email", "email", optional(r, `client.${tag}@example.com`));
  put(payload, expected, "phone", "phone", optional(r, `(555) ${r.int(100, 999)}-${r.int(1000, 9999)}`));
  put(payload, expected, "address", "address", optional(r, `${r.int(1, 9999)} Main St, Apt #${r.int(1, 99)}`));
  put(payload, expected, "city", "city", optional(r, r.pick(CITIES)));
  put(payload, expected, "state", "state", optional(r, r.pick(["TX", "CA", "OR", "NY"])));
  put(payload, expected, "zipCode", "zip_code", optional(r, String(r.int(10000, 99999))));
  put(
    payload,
    expected,
    "notes",
    "notes",
    optional(
      r,
      `Gate code ${r.int(100, 999)}#; "dog" in yard — 50% off${r.chance(0.5) ? `; ${"x".repeat(r.int(1, 200))}` : ""}`,
      0.4,
    ),
  );
  return { payload, expected };
}

/** An instant as the API may send it: ISO with Z, or the same instant with a -05:00 offset. */
function instantText(r, ms) {
  if (r.chance(0.7)) return new Date(ms).toISOString();
  const local = new Date(ms - 5 * HOUR).toISOString().slice(0, 19);
  return `${local}-05:00`;
}

function jobWrite(r, tag, customerId) {
  const payload = { customerId };
  const expected = { customer_id: customerId };
  put(payload, expected, "title", "title", `${r.pick(TRADES)} ${tag}`);
  put(
    payload,
    expected,
    "description",
    "description",
    optional(r, `Scope: ${r.pick(TRADES).toLowerCase()}, ${r.int(1, 5)} rooms.`),
  );
  put(payload, expected, "location", "location", optional(r, `${r.int(1, 999)} Oak Ave`));
  const status = r.pick(["pending", "in_progress", "in-progress", "completed", "cancelled", undefined]);
  if (status !== undefined) payload.status = status;
  expected.status = status === undefined ? "pending" : status.replace("-", "_");
  const scheduled = r.chance(0.7) ? BASE_TIME + r.int(0, 24 * 365) * HOUR : null;
  if (scheduled !== null) payload.scheduledDate = instantText(r, scheduled);
  else if (r.chance(0.5)) payload.scheduledDate = null;
  expected.scheduled_date = scheduled;
  const completed = r.chance(0.3) ? BASE_TIME + r.int(0, 24 * 365) * HOUR + r.int(0, 59) * 60_000 : null;
  if (completed !== null) payload.completedDate = instantText(r, completed);
  expected.completed_date = completed;
  const cents = r.chance(0.8) ? r.int(0, 5_000_000) : null;
  if (cents !== null) payload.totalAmount = r.chance(0.7) ? toDecimal(cents, 2) : cents / 100;
  expected.total_amount = cents;
  return { payload, expected };
}

const RATES = [825, 700, 0, 1025, 475, 1];

/**
 * An estimate payload and the row it must become: lines in their `order` (ties keep the
 * order sent), totals computed here from the lines with exact integer math. Totals the
 * client sends are junk on purpose: the server must ignore them.
 */
function estimateWrite(r, tag, { customerId, jobId, currentRate, forceStatus }) {
  const payload = { customerId };
  const expected = { customer_id: customerId };
  if (jobId || r.chance(0.3)) payload.jobId = jobId ?? null;
  expected.job_id = jobId ?? null;
  put(payload, expected, "title", "title", `Estimate ${r.pick(TRADES)} ${tag}`);
  put(payload, expected, "description", "description", optional(r, "Materials and labor as listed."));
  const status = forceStatus ?? r.pick(["pending", "approved", "approved", "rejected", undefined]);
  if (status !== undefined) payload.status = status;
  expected.status = status ?? "pending";
  let rate = currentRate;
  if (r.chance(0.8)) {
    rate = r.pick(RATES);
    payload.taxRate = r.chance(0.7) ? toDecimal(rate, 4) : rate / 10_000;
  }
  expected.tax_rate = rate;
  const validUntil = r.chance(0.6)
    ? `2027-${String(r.int(1, 12)).padStart(2, "0")}-${String(r.int(1, 28)).padStart(2, "0")}`
    : null;
  if (validUntil || r.chance(0.5)) payload.validUntil = validUntil;
  expected.valid_until = validUntil;
  put(payload, expected, "notes", "notes", optional(r, "Prices include disposal.", 0.4));

  const count = r.chance(0.1) ? r.int(20, 40) : r.int(1, 8);
  const lines = [];
  for (let i = 0; i < count; i++) {
    const quantity = r.chance(0.5) ? r.int(1, 20) * 100 : r.int(1, 5000);
    const unitPrice = r.chance(0.1) ? r.int(1, 99) : r.int(100, 500_000);
    lines.push({ description: `${r.pick(ITEMS)} ${i + 1}`, quantity, unitPrice, order: r.chance(0.3) ? r.int(0, 5) : undefined });
  }
  payload.items = lines.map((line) => {
    const item = {
      description: line.description,
      quantity: r.chance(0.8) ? toDecimal(line.quantity, 2) : line.quantity / 100,
      unitPrice: r.chance(0.8) ? toDecimal(line.unitPrice, 2) : line.unitPrice / 100,
    };
    if (line.order !== undefined) item.order = line.order;
    if (r.chance(0.3)) item.total = "0.01";
    return item;
  });
  if (r.chance(0.3)) Object.assign(payload, { subtotal: "1.00", taxAmount: "2.00", total: "3.00" });

  const ordered = lines
    .map((line, index) => ({ line, index, order: line.order ?? index }))
    .sort((a, b) => a.order - b.order || a.index - b.index)
    .map(({ line }) => line);
  const totals = documentTotals(ordered, rate);
  expected.items = ordered.map((line, order) => ({
    description: line.description,
    quantity: line.quantity,
    unit_price: line.unitPrice,
    total: totals.lineTotals[order],
    order,
  }));
  expected.subtotal = totals.subtotal;
  expected.tax_amount = totals.taxAmount;
  expected.total = totals.total;
  return { payload, expected };
}

/** The invoice an approved estimate must give: its figures and lines, copied. */
function invoiceFromEstimate(estimate) {
  const e = estimate.acked;
  return {
    estimate_id: estimate.id,
    customer_id: e.customer_id,
    job_id: e.job_id,
    title: e.title,
    description: e.description,
    status: "pending",
    tax_rate: e.tax_rate,
    subtotal: e.subtotal,
    tax_amount: e.tax_amount,
    total: e.total,
    notes: e.notes,
    items: e.items.map((item) => ({ ...item })),
  };
}

function appointmentWrite(r, tag, { customerId, jobId }) {
  const payload = { customerId };
  const expected = { customer_id: customerId };
  if (jobId || r.chance(0.3)) payload.jobId = jobId ?? null;
  expected.job_id = jobId ?? null;
  put(payload, expected, "title", "title", `Visit ${tag}`);
  put(payload, expected, "description", "description", optional(r, "Bring the ladder."));
  put(payload, expected, "location", "location", optional(r, `${r.int(1, 999)} Elm St`));
  const type = r.pick(["job", "estimate", "other", undefined]);
  if (type !== undefined) payload.appointmentType = type;
  expected.appointment_type = type ?? "other";
  const customType = r.chance(0.5) ? "Inspection" : undefined;
  if (customType) payload.customType = customType;
  expected.custom_type = expected.appointment_type === "other" ? (customType ?? null) : null;
  // Around now, so the upcoming list and the schedule have something to show.
  const when = Math.floor(Date.now() / HOUR) * HOUR + r.int(-24 * 7, 24 * 30) * HOUR + r.pick([0, 15, 30, 45]) * 60_000;
  payload.scheduledDate = instantText(r, when);
  expected.scheduled_date = when;
  const duration = r.chance(0.7) ? r.int(1, 8) * 30 : undefined;
  if (duration !== undefined) payload.duration = duration;
  expected.duration = duration ?? 60;
  const status = r.pick(["scheduled", "completed", "cancelled", "rescheduled", undefined]);
  if (status !== undefined) payload.status = status;
  expected.status = status ?? "scheduled";
  put(payload, expected, "notes", "notes", optional(r, "Call 30 min before.", 0.4));
  return { payload, expected };
}

// ---------------------------------------------------------------------------------
// Answers in database terms, to compare with the expected rows.

const ms = (iso) => (iso === null || iso === undefined ? null : Date.parse(iso));
const cents = (text) => (text === null || text === undefined ? null : fromDecimal(text, 2));

function apiItems(items) {
  return (items ?? []).map((item) => ({
    description: item.description,
    quantity: fromDecimal(item.quantity, 2),
    unit_price: cents(item.unitPrice),
    total: cents(item.total),
    order: item.order,
  }));
}

/** An API answer mapped to the columns of its table (only the columns the expected row has). */
export const fromApi = {
  customer: (b) => ({
    name: b.name,
    email: b.email,
    phone: b.phone,
    address: b.address,
    city: b.city,
    state: b.state,
    zip_code: b.zipCode,
    notes: b.notes,
  }),
  job: (b) => ({
    customer_id: b.customerId,
    title: b.title,
    description: b.description,
    location: b.location,
    status: b.status,
    scheduled_date: ms(b.scheduledDate),
    completed_date: ms(b.completedDate),
    total_amount: cents(b.totalAmount),
  }),
  estimate: (b) => ({
    customer_id: b.customerId,
    job_id: b.jobId,
    title: b.title,
    description: b.description,
    status: b.status,
    tax_rate: fromDecimal(b.taxRate, 4),
    valid_until: b.validUntil,
    notes: b.notes,
    items: apiItems(b.items),
    subtotal: cents(b.subtotal),
    tax_amount: cents(b.taxAmount),
    total: cents(b.total),
  }),
  invoice: (b) => ({
    estimate_id: b.estimateId,
    customer_id: b.customerId,
    job_id: b.jobId,
    title: b.title,
    description: b.description,
    status: b.status,
    tax_rate: fromDecimal(b.taxRate, 4),
    subtotal: cents(b.subtotal),
    tax_amount: cents(b.taxAmount),
    total: cents(b.total),
    notes: b.notes,
    items: apiItems(b.items),
  }),
  appointment: (b) => ({
    customer_id: b.customerId,
    job_id: b.jobId,
    title: b.title,
    description: b.description,
    location: b.location,
    appointment_type: b.appointmentType,
    custom_type: b.customType,
    scheduled_date: ms(b.scheduledDate),
    duration: b.duration,
    status: b.status,
    notes: b.notes,
  }),
};

/** The first difference between an expected row and an actual one, or null when they agree. */
export function difference(expected, actual, prefix = "") {
  for (const [key, want] of Object.entries(expected)) {
    const got = actual?.[key];
    if (Array.isArray(want)) {
      if (!Array.isArray(got) || got.length !== want.length)
        return `${prefix}${key}: expected ${want.length} rows, got ${Array.isArray(got) ? got.length : got}`;
      for (let i = 0; i < want.length; i++) {
        const diff = difference(want[i], got[i], `${prefix}${key}[${i}].`);
        if (diff) return diff;
      }
    } else if (want !== got) {
      return `${prefix}${key}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`;
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------
// Operations.

const READS = {
  "GET /api/customers": 6,
  "GET /api/jobs": 5,
  "GET /api/estimates": 5,
  "GET /api/invoices": 4,
  "GET /api/appointments": 4,
  "GET /api/appointments/upcoming": 2,
  "GET /api/dashboard/stats": 5,
  "GET /api/notifications": 2,
  "GET /api/auth/me": 2,
  "GET /api/customers/:id": 2,
  "GET /api/jobs/:id": 2,
  "GET /api/estimates/:id": 3,
  "GET /api/invoices/:id": 2,
  "GET /api/appointments/:id": 1,
  "GET /app": 3,
  "GET /app/customers": 3,
  "GET /app/jobs": 3,
  "GET /app/estimates": 3,
  "GET /app/invoices": 3,
  "GET /app/schedule": 3,
  "GET /app/reports": 1,
  "GET /app/estimates/:id/pdf": 0.5,
};

const WRITES = {
  "POST /api/customers": 4,
  "PUT /api/customers/:id": 3,
  "POST /api/jobs": 4,
  "PUT /api/jobs/:id": 3,
  "POST /api/estimates": 5,
  "PUT /api/estimates/:id": 3,
  "POST /api/invoices/from-estimate/:id": 2,
  "PUT /api/invoices/:id": 2,
  "POST /api/appointments": 3,
  "PUT /api/appointments/:id": 2,
};

const OWN_READS = {
  "GET /api/customers/:id": 2,
  "GET /api/jobs/:id": 2,
  "GET /api/estimates/:id": 2,
  "GET /api/invoices/:id": 1,
  "GET /api/appointments/:id": 1,
};

/** The operation mixes: everything; writes only (crash test); writes and reads of one's own records (two processes). */
export const MIXES = {
  mixed: { ...READS, ...WRITES },
  writes: WRITES,
  "writes+own-reads": { ...WRITES, ...OWN_READS },
};

function chooser(weights) {
  const entries = Object.entries(weights);
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  return (r) => {
    let x = r.next() * total;
    for (const [op, w] of entries) {
      x -= w;
      if (x < 0) return op;
    }
    return entries[entries.length - 1][0];
  };
}

const LIST_PATHS = {
  "GET /api/customers": (r) => `/api/customers?pageSize=50${r.chance(0.2) ? `&q=${encodeURIComponent(r.pick(LAST))}` : ""}`,
  "GET /api/jobs": (r) => `/api/jobs?pageSize=50${r.chance(0.2) ? "&status=in-progress" : ""}`,
  "GET /api/estimates": (r) => `/api/estimates?pageSize=50${r.chance(0.2) ? "&status=approved" : ""}`,
  "GET /api/invoices": () => "/api/invoices?pageSize=50",
  "GET /api/appointments": () => "/api/appointments?pageSize=50",
};

/** What a list's X-Total-Count must at least be: the account's records acknowledged before the read was sent. */
const LIST_KIND = {
  "GET /api/customers": "customer",
  "GET /api/jobs": "job",
  "GET /api/estimates": "estimate",
  "GET /api/invoices": "invoice",
  "GET /api/appointments": "appointment",
};

const PAGES = {
  "GET /app": "/app",
  "GET /app/customers": "/app/customers",
  "GET /app/jobs": "/app/jobs",
  "GET /app/estimates": "/app/estimates",
  "GET /app/invoices": "/app/invoices",
  "GET /app/schedule": "/app/schedule",
  "GET /app/reports": "/app/reports",
};

export class Worker {
  /**
   * targets: [{ port, agent }], one per server; each request goes to one of them at
   * random, so with two servers a record written through one is read through the other.
   */
  constructor({ index, account, targets, model, stats, random, mix, phase }) {
    this.index = index;
    this.account = account;
    this.targets = targets;
    this.model = model;
    this.stats = stats;
    this.r = random;
    this.choose = chooser(MIXES[mix]);
    this.phase = phase;
    this.serial = 0;
    this.mine = Object.fromEntries(KINDS.map((kind) => [kind, []]));
  }

  tag() {
    return `w${this.index}-${++this.serial}`;
  }

  async request(op, { method = "GET", path, body, accept }) {
    const target = this.targets.length === 1 ? this.targets[0] : this.r.pick(this.targets);
    this.phase.inFlight++;
    const response = await send({
      agent: target.agent,
      port: target.port,
      method,
      path,
      body,
      cookie: this.account.cookie,
      accept,
    });
    this.phase.inFlight--;
    this.stats.record(op, response);
    if (response.error) {
      if (!this.phase.faultsExpected) this.stats.problem("no answer", `${op} ${path}: ${response.error}`);
      return response;
    }
    if (response.status >= 500)
      this.stats.problem("5xx answer", `${op} ${path}: ${response.status} ${response.body.toString().slice(0, 300)}`);
    if (LOCK_PATTERN.test(response.body.toString("latin1")))
      this.stats.problem("lock error in an answer", `${op} ${path}: ${response.status}`);
    return response;
  }

  expectStatus(op, response, statuses) {
    if (response.error || statuses.includes(response.status)) return true;
    if (response.status < 500)
      this.stats.problem("unexpected status", `${op}: ${response.status} ${response.body.toString().slice(0, 300)}`);
    return false;
  }

  /** The warm-up before the clock starts: every worker has a customer, a job, an estimate and an appointment. */
  async warmUp() {
    await this.createCustomer();
    await this.createJob();
    await this.createEstimate();
    await this.createAppointment();
  }

  async run(shouldStop) {
    while (!shouldStop()) await this.step(this.choose(this.r));
  }

  async step(op) {
    if (WRITES[op] !== undefined) return this.write(op);
    if (LIST_PATHS[op]) return this.readList(op);
    if (PAGES[op]) return this.readPage(op, PAGES[op]);
    switch (op) {
      case "GET /api/appointments/upcoming":
      case "GET /api/dashboard/stats":
      case "GET /api/notifications":
      case "GET /api/auth/me": {
        const response = await this.request(op, { path: op.slice(4) });
        if (this.expectStatus(op, response, [200]) && !response.error && parseJson(response) === undefined) {
          this.stats.problem("answer is not JSON", op);
        }
        return;
      }
      case "GET /api/customers/:id":
        return this.readOwn(op, "customer", "customers");
      case "GET /api/jobs/:id":
        return this.readOwn(op, "job", "jobs");
      case "GET /api/estimates/:id":
        return this.readOwn(op, "estimate", "estimates");
      case "GET /api/invoices/:id":
        return this.readOwn(op, "invoice", "invoices");
      case "GET /api/appointments/:id":
        return this.readOwn(op, "appointment", "appointments");
      case "GET /app/estimates/:id/pdf": {
        const estimate = this.own("estimate");
        if (!estimate) return this.readPage("GET /app/estimates", "/app/estimates");
        const response = await this.request(op, { path: `/app/estimates/${estimate.id}/pdf`, accept: "application/pdf" });
        if (this.expectStatus(op, response, [200]) && !response.error && response.body.subarray(0, 5).toString() !== "%PDF-") {
          this.stats.problem("PDF answer is not a PDF", op);
        }
        return;
      }
      default:
        throw new Error(`Unknown operation ${op}`);
    }
  }

  async readList(op) {
    const kind = LIST_KIND[op];
    const before = this.model.count(this.model.ackedCreates, this.account, kind);
    const path = LIST_PATHS[op](this.r);
    const response = await this.request(op, { path });
    if (!this.expectStatus(op, response, [200]) || response.error) return;
    const body = parseJson(response);
    if (!Array.isArray(body)) return this.stats.problem("list answer is not an array", op);
    const total = Number(response.headers["x-total-count"]);
    const filtered = path.includes("q=") || path.includes("status=");
    if (!filtered && !(total >= before))
      this.stats.problem("list misses acknowledged records", `${op}: X-Total-Count ${total} < ${before} acknowledged`);
  }

  async readPage(op, path) {
    const response = await this.request(op, { path });
    if (this.expectStatus(op, response, [200]) && !response.error && !response.body.toString("utf8").includes("</html>")) {
      this.stats.problem("page is not a whole HTML document", op);
    }
  }

  /** Reads one of this worker's records: the answer must be its last acknowledged write. */
  async readOwn(op, kind, collection) {
    const entity = this.own(kind);
    if (!entity) return this.readList(`GET /api/${collection}`);
    const response = await this.request(op, { path: `/api/${collection}/${entity.id}` });
    if (!this.expectStatus(op, response, [200]) || response.error) return;
    const diff = difference(entity.acked, fromApi[kind](parseJson(response) ?? {}));
    if (diff) this.stats.problem("read does not match the acknowledged write", `${op} ${entity.id}: ${diff}`);
  }

  own(kind, filter = () => true) {
    const list = this.mine[kind].filter((entity) => !entity.pending && filter(entity));
    return list.length ? this.r.pick(list) : undefined;
  }

  write(op) {
    switch (op) {
      case "POST /api/customers":
        return this.createCustomer();
      case "PUT /api/customers/:id":
        return this.updateCustomer();
      case "POST /api/jobs":
        return this.createJob();
      case "PUT /api/jobs/:id":
        return this.updateJob();
      case "POST /api/estimates":
        return this.createEstimate();
      case "PUT /api/estimates/:id":
        return this.updateEstimate();
      case "POST /api/invoices/from-estimate/:id":
        return this.createInvoice();
      case "PUT /api/invoices/:id":
        return this.updateInvoice();
      case "POST /api/appointments":
        return this.createAppointment();
      case "PUT /api/appointments/:id":
        return this.updateAppointment();
      default:
        throw new Error(`Unknown write ${op}`);
    }
  }

  /** Sends a create; on 201 the record is remembered with the row it must be. */
  async create(op, kind, path, { payload, expected }, after = () => {}) {
    const response = await this.request(op, { method: "POST", path, body: payload });
    if (response.error || response.status >= 500) {
      // No answer: it may or may not have been written.
      this.model.bump(this.model.unknownCreates, this.account, kind);
      return undefined;
    }
    if (!this.expectStatus(op, response, [201])) return undefined;
    const body = parseJson(response);
    if (!body?.id) {
      this.stats.problem("create answer has no id", op);
      return undefined;
    }
    const diff = difference(expected, fromApi[kind](body));
    if (diff) this.stats.problem("answer does not match the write", `${op}: ${diff}`);
    const entity = { kind, id: body.id, account: this.account.index, worker: this.index, acked: expected, pending: null };
    this.model.entities.set(entity.id, entity);
    this.model.bump(this.model.ackedCreates, this.account, kind);
    this.model.ackedWrites++;
    this.stats.writesAcked++;
    this.mine[kind].push(entity);
    after(entity, body);
    return entity;
  }

  /** Sends an update of one of this worker's records; on 2xx its expected row becomes the new one. */
  async update(op, entity, path, { payload, expected }, method = "PUT") {
    entity.pending = expected;
    const response = await this.request(op, { method, path, body: payload });
    if (response.error || response.status >= 500) return; // unknown: either value may be stored
    if (!this.expectStatus(op, response, [200])) {
      entity.pending = null;
      return;
    }
    const diff = difference(expected, fromApi[entity.kind](parseJson(response) ?? {}));
    if (diff) this.stats.problem("answer does not match the write", `${op} ${entity.id}: ${diff}`);
    entity.acked = expected;
    entity.pending = null;
    this.model.ackedWrites++;
    this.model.ackedUpdates++;
    this.stats.writesAcked++;
  }

  customerId() {
    return this.account.customers.length ? this.r.pick(this.account.customers) : undefined;
  }

  createCustomer() {
    return this.create("POST /api/customers", "customer", "/api/customers", customerWrite(this.r, this.tag()), (entity) => {
      this.account.customers.push(entity.id);
    });
  }

  updateCustomer() {
    const entity = this.own("customer");
    if (!entity) return this.createCustomer();
    return this.update("PUT /api/customers/:id", entity, `/api/customers/${entity.id}`, customerWrite(this.r, this.tag()));
  }

  createJob() {
    const customerId = this.customerId();
    if (!customerId) return this.createCustomer();
    return this.create("POST /api/jobs", "job", "/api/jobs", jobWrite(this.r, this.tag(), customerId), (entity) => {
      this.account.jobs.push(entity.id);
      const list = this.account.jobsByCustomer.get(customerId) ?? [];
      list.push(entity.id);
      this.account.jobsByCustomer.set(customerId, list);
    });
  }

  /** A job keeps its customer: estimates of other workers may name it with that customer. */
  updateJob() {
    const entity = this.own("job");
    if (!entity) return this.createJob();
    return this.update(
      "PUT /api/jobs/:id",
      entity,
      `/api/jobs/${entity.id}`,
      jobWrite(this.r, this.tag(), entity.acked.customer_id),
    );
  }

  jobOf(customerId) {
    const jobs = this.account.jobsByCustomer.get(customerId);
    return jobs?.length && this.r.chance(0.6) ? this.r.pick(jobs) : null;
  }

  createEstimate(forceStatus) {
    const customerId = this.customerId();
    if (!customerId) return this.createCustomer();
    const write = estimateWrite(this.r, this.tag(), { customerId, jobId: this.jobOf(customerId), currentRate: 825, forceStatus });
    return this.create("POST /api/estimates", "estimate", "/api/estimates", write);
  }

  updateEstimate() {
    const entity = this.own("estimate");
    if (!entity) return this.createEstimate();
    const customerId = this.r.chance(0.8) ? entity.acked.customer_id : this.customerId();
    const write = estimateWrite(this.r, this.tag(), {
      customerId,
      jobId: this.jobOf(customerId),
      currentRate: entity.acked.tax_rate,
    });
    return this.update("PUT /api/estimates/:id", entity, `/api/estimates/${entity.id}`, write);
  }

  /** Invoices an approved estimate of this worker's (once); without one, creates an approved estimate. */
  async createInvoice() {
    const estimate = this.own("estimate", (e) => e.acked.status === "approved" && !e.invoiced);
    if (!estimate) return this.createEstimate("approved");
    estimate.invoiced = true;
    const expected = invoiceFromEstimate(estimate);
    const path = `/api/invoices/from-estimate/${estimate.id}`;
    if (!this.r.chance(0.25)) {
      await this.create("POST /api/invoices/from-estimate/:id", "invoice", path, { payload: undefined, expected });
      return;
    }
    // A double click (through either server): one invoice, answered 201 once and 200 (the same invoice) otherwise.
    const op = "POST /api/invoices/from-estimate/:id (twice at once)";
    const answers = await Promise.all([0, 1].map(() => this.request(op, { method: "POST", path })));
    if (answers.some((a) => a.error || a.status >= 500)) {
      this.model.bump(this.model.unknownCreates, this.account, "invoice");
      return;
    }
    const statuses = answers
      .map((a) => a.status)
      .sort((a, b) => a - b)
      .join(", ");
    const bodies = answers.map((a) => parseJson(a));
    if (statuses === "201, 201" || (statuses === "200, 201" && bodies[0]?.id !== bodies[1]?.id)) {
      this.stats.problem("one estimate invoiced twice", `${op}: ${statuses}, ids ${bodies.map((b) => b?.id).join(", ")}`);
      return;
    }
    if (statuses !== "200, 201") {
      this.stats.problem("unexpected status", `${op}: ${statuses}`);
      return;
    }
    for (const body of bodies) {
      const diff = difference(expected, fromApi.invoice(body));
      if (diff) this.stats.problem("answer does not match the write", `${op}: ${diff}`);
    }
    const entity = {
      kind: "invoice",
      id: bodies[0].id,
      account: this.account.index,
      worker: this.index,
      acked: expected,
      pending: null,
    };
    this.model.entities.set(entity.id, entity);
    this.model.bump(this.model.ackedCreates, this.account, "invoice");
    this.model.ackedWrites++;
    this.stats.writesAcked++;
    this.mine.invoice.push(entity);
  }

  updateInvoice() {
    const entity = this.own("invoice");
    if (!entity) return this.createInvoice();
    const status = this.r.pick(["paid", "paid", "pending", "cancelled"]);
    const expected = { ...entity.acked, status };
    return this.update("PUT /api/invoices/:id", entity, `/api/invoices/${entity.id}`, { payload: { status }, expected });
  }

  appointmentLinks() {
    const customerId = this.customerId();
    const jobId = this.account.jobs.length && this.r.chance(0.4) ? this.r.pick(this.account.jobs) : null;
    return { customerId, jobId };
  }

  createAppointment() {
    const links = this.appointmentLinks();
    if (!links.customerId) return this.createCustomer();
    return this.create("POST /api/appointments", "appointment", "/api/appointments", appointmentWrite(this.r, this.tag(), links));
  }

  updateAppointment() {
    const entity = this.own("appointment");
    if (!entity) return this.createAppointment();
    return this.update(
      "PUT /api/appointments/:id",
      entity,
      `/api/appointments/${entity.id}`,
      appointmentWrite(this.r, this.tag(), this.appointmentLinks()),
    );
  }
}
