// Reads the database directly (@libsql/client, after the servers have stopped: the file,
// or the libSQL server the two-server mode ran on, through its URL) and
// compares it with what the server acknowledged: every acknowledged create is there,
// every record holds its last acknowledged write (or, after a crash, the write in flight
// whose answer never came), no record exists that was never asked for, and every
// estimate's and invoice's figures are the sum of its lines, recomputed exactly.
import { createClient } from "@libsql/client";
import { KINDS, difference } from "./workload.mjs";
import { documentTotals } from "./money.mjs";

const TABLES = { customer: "customers", job: "jobs", estimate: "estimates", invoice: "invoices", appointment: "appointments" };
const COLUMNS = {
  customer: ["name", "email", "phone", "address", "city", "state", "zip_code", "notes"],
  job: ["customer_id", "title", "description", "location", "status", "scheduled_date", "completed_date", "total_amount"],
  estimate: [
    "customer_id",
    "job_id",
    "title",
    "description",
    "status",
    "tax_rate",
    "valid_until",
    "notes",
    "subtotal",
    "tax_amount",
    "total",
    "approved_at",
  ],
  invoice: [
    "estimate_id",
    "customer_id",
    "job_id",
    "title",
    "description",
    "status",
    "tax_rate",
    "subtotal",
    "tax_amount",
    "total",
    "notes",
    "paid_date",
  ],
  appointment: [
    "customer_id",
    "job_id",
    "title",
    "description",
    "location",
    "appointment_type",
    "custom_type",
    "scheduled_date",
    "duration",
    "status",
    "notes",
  ],
};

function plain(row, columns) {
  const out = {};
  for (const column of columns) {
    const value = row[column];
    out[column] = typeof value === "bigint" ? Number(value) : (value ?? null);
  }
  return out;
}

/** The expected row plus the rule the stored row must follow: approved ⇔ approved_at set, paid ⇔ paid_date set. */
function compare(kind, expected, row) {
  const diff = difference(expected, row);
  if (diff) return diff;
  if (kind === "estimate" && (expected.status === "approved") !== (row.approved_at !== null)) {
    return `approved_at is ${row.approved_at} for status ${expected.status}`;
  }
  if (kind === "invoice" && (expected.status === "paid") !== (row.paid_date !== null)) {
    return `paid_date is ${row.paid_date} for status ${expected.status}`;
  }
  return null;
}

/**
 * @param {string} database the database file, or a URL (a libSQL server's: http://...)
 * @param {import("./workload.mjs").Model} model
 * @param {{ exact: boolean }} options exact: every write was answered, so counts must match exactly
 */
export async function verifyDatabase(database, model, { exact }) {
  const url = /^(file|https?|libsql|wss?):/.test(database) ? database : `file:${database}`;
  const client = createClient({ url });
  const result = {
    integrity: "",
    foreignKeyViolations: 0,
    checked: 0,
    missing: 0,
    wrong: 0,
    inFlightApplied: 0,
    unexpectedRows: 0,
    documentsChecked: 0,
    badTotals: 0,
    problems: [],
  };
  const problem = (text) => {
    if (result.problems.length < 20) result.problems.push(text);
  };
  try {
    const integrity = await client.execute("PRAGMA integrity_check");
    result.integrity = integrity.rows.map((row) => String(row[0])).join("; ");
    if (result.integrity !== "ok") problem(`integrity_check: ${result.integrity}`);
    const fk = await client.execute("PRAGMA foreign_key_check");
    result.foreignKeyViolations = fk.rows.length;
    if (fk.rows.length) problem(`foreign_key_check: ${fk.rows.length} violations`);

    const userIds = model.accounts.map((account) => account.accountId);
    const marks = userIds.map(() => "?").join(",");
    const rows = {};
    for (const kind of KINDS) {
      const found = await client.execute({ sql: `SELECT * FROM ${TABLES[kind]} WHERE account_id IN (${marks})`, args: userIds });
      rows[kind] = new Map(
        found.rows.map((row) => [String(row.id), { ...plain(row, COLUMNS[kind]), account_id: row.account_id }]),
      );
    }
    for (const [kind, table, parent] of [
      ["estimate", "estimate_items", "estimate_id"],
      ["invoice", "invoice_items", "invoice_id"],
    ]) {
      const found = await client.execute({
        sql: `SELECT i.* FROM ${table} i JOIN ${TABLES[kind]} d ON d.id = i.${parent} WHERE d.account_id IN (${marks}) ORDER BY i.${parent}, i."order", i.id`,
        args: userIds,
      });
      for (const row of found.rows) {
        const document = rows[kind].get(String(row[parent]));
        document.items ??= [];
        document.items.push(plain(row, ["description", "quantity", "unit_price", "total", "order"]));
      }
      for (const document of rows[kind].values()) document.items ??= [];
    }

    // Counts: nothing acknowledged is lost, nothing unasked-for appears.
    for (const account of model.accounts) {
      for (const kind of KINDS) {
        let stored = 0;
        for (const row of rows[kind].values()) if (row.account_id === account.accountId) stored++;
        const acked = model.count(model.ackedCreates, account, kind);
        const unknown = model.count(model.unknownCreates, account, kind);
        const low = acked;
        const high = acked + unknown;
        if (stored < low || stored > high) {
          problem(
            `account ${account.index} ${TABLES[kind]}: ${stored} rows, ${acked} creates acknowledged${unknown ? ` and ${unknown} unanswered` : ""}`,
          );
        } else if (exact && unknown > 0) {
          problem(
            `account ${account.index} ${TABLES[kind]}: ${unknown} creates unanswered (no answer is allowed in this phase); ${stored} rows for ${acked} acknowledged`,
          );
        }
        if (stored > high) result.unexpectedRows += stored - high;
      }
    }

    // Every acknowledged record holds its last acknowledged write (or the one in flight).
    for (const entity of model.entities.values()) {
      result.checked++;
      const row = rows[entity.kind].get(entity.id);
      if (!row) {
        result.missing++;
        problem(`${entity.kind} ${entity.id} acknowledged but not in the database`);
        continue;
      }
      const diff = compare(entity.kind, entity.acked, row);
      if (!diff) continue;
      if (entity.pending && !compare(entity.kind, entity.pending, row)) {
        result.inFlightApplied++;
        continue;
      }
      result.wrong++;
      problem(`${entity.kind} ${entity.id}: ${diff}`);
    }

    // Every estimate and invoice (acknowledged or not): figures = its lines, exactly.
    for (const kind of ["estimate", "invoice"]) {
      for (const [id, row] of rows[kind]) {
        result.documentsChecked++;
        const lines = row.items.map((item) => ({ quantity: item.quantity, unitPrice: item.unit_price }));
        const totals = documentTotals(lines, row.tax_rate);
        const lineOk = row.items.every((item, i) => item.total === totals.lineTotals[i] && item.order === i);
        if (
          !lineOk ||
          row.items.length === 0 ||
          row.subtotal !== totals.subtotal ||
          row.tax_amount !== totals.taxAmount ||
          row.total !== totals.total
        ) {
          result.badTotals++;
          problem(
            `${kind} ${id}: stored ${row.subtotal}+${row.tax_amount}=${row.total}, lines give ${totals.subtotal}+${totals.taxAmount}=${totals.total}`,
          );
        }
      }
    }
  } finally {
    client.close();
  }
  result.ok =
    result.integrity === "ok" &&
    result.foreignKeyViolations === 0 &&
    result.missing === 0 &&
    result.wrong === 0 &&
    result.badTotals === 0 &&
    result.problems.length === 0;
  return result;
}
