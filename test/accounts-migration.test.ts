// Migration 0019 (docs/decisions/029) on a database the previous release made
// (test/fixtures/release-0018.db, see test/fixtures/README.md): two businesses with every kind
// of record. The app opens a copy, as a server would at start, and migrates it. Nothing may be
// lost: the same rows in every table, the same money per account, the same ids and share
// links, and each login is now the owner of an account with its own id.
import { copyFileSync } from "node:fs";
import { createClient } from "@libsql/client";
import { beforeAll, describe, expect, it } from "vitest";
import { getConnection } from "~/infrastructure/db.server";
import { findInvoiceShareLink } from "~/models/invoice-share.server";
import { findShareLink } from "~/models/share.server";
import { verifyLogin } from "~/models/user.server";

const FIXTURE = "test/fixtures/release-0018.db";

/** The business tables and their account column, before and after. */
const ACCOUNT_TABLES = [
  "account_settings",
  "account_totals",
  "appointments",
  "customers",
  "estimate_deposits",
  "estimate_share_tokens",
  "estimates",
  "invoice_share_tokens",
  "invoices",
  "jobs",
  "late_charges",
  "notifications",
  "payments",
  "price_items",
  "recurring_invoice_runs",
  "recurring_invoices",
];
/** Tables reached through a parent, and the login's own. */
const OTHER_TABLES = ["estimate_items", "invoice_items", "recurring_invoice_items", "sessions", "users"];

/** Money (cents) per account, from every table that holds some. */
const MONEY = [
  ["estimates", "sum(total)"],
  ["estimates", "sum(subtotal)"],
  ["invoices", "sum(total)"],
  ["payments", "sum(amount)"],
  ["estimate_deposits", "sum(amount)"],
  ["late_charges", "sum(amount)"],
  ["price_items", "sum(unit_price)"],
  ["price_items", "sum(cost)"],
  ["account_totals", "sum(collected)"],
] as const;

type Snapshot = {
  rows: Record<string, number>;
  money: Record<string, number>;
  ids: Record<string, string[]>;
  tokens: string[];
};

async function snapshot(url: string, accountColumn: "user_id" | "account_id"): Promise<Snapshot> {
  const client = createClient({ url });
  try {
    const rows: Record<string, number> = {};
    const ids: Record<string, string[]> = {};
    for (const table of [...ACCOUNT_TABLES, ...OTHER_TABLES]) {
      rows[table] = Number((await client.execute(`select count(*) as n from "${table}"`)).rows[0].n);
    }
    for (const table of ["customers", "jobs", "estimates", "invoices", "payments", "appointments", "users"]) {
      ids[table] = (await client.execute(`select id from "${table}" order by id`)).rows.map((r) => String(r.id));
    }
    const money: Record<string, number> = {};
    for (const [table, sum] of MONEY) {
      const found = await client.execute(
        `select ${accountColumn} as account, coalesce(${sum}, 0) as cents from "${table}" group by 1 order by 1`,
      );
      for (const row of found.rows) money[`${table} ${sum} ${String(row.account)}`] = Number(row.cents);
    }
    const tokens = [
      ...(await client.execute("select token from estimate_share_tokens order by token")).rows,
      ...(await client.execute("select token from invoice_share_tokens order by token")).rows,
    ].map((r) => String(r.token));
    return { rows, money, ids, tokens };
  } finally {
    client.close();
  }
}

let before: Snapshot;
let after: Snapshot;
let url: string;

beforeAll(async () => {
  url = process.env.DATABASE_URL!;
  before = await snapshot(`file:${FIXTURE}`, "user_id");
  // The app has not opened its database yet in this file: it finds the old release's.
  copyFileSync(FIXTURE, url.slice("file:".length));
  await getConnection();
  after = await snapshot(url, "account_id");
});

describe("migration 0019: a business becomes an account with members", () => {
  it("keeps every row, every id and every share link of the previous release's database", () => {
    expect(before.rows.customers).toBeGreaterThan(0);
    expect(Object.values(before.rows).every((n) => n > 0)).toBe(true);
    expect(after.rows).toEqual(before.rows);
    expect(after.ids).toEqual(before.ids);
    expect(after.tokens).toEqual(before.tokens);
  });

  it("keeps each account's money, to the cent, under its account", () => {
    expect(Object.keys(before.money).length).toBeGreaterThanOrEqual(MONEY.length * 2);
    expect(after.money).toEqual(before.money);
  });

  it("makes each login the owner of an account with its id, and checks out clean", async () => {
    const { client } = await getConnection();
    const members = await client.execute("select id, account_id, user_id, role from account_members order by user_id");
    expect(members.rows.map((r) => [r.id, r.account_id, r.role])).toEqual(before.ids.users.map((id) => [id, id, "owner"]));
    const accounts = await client.execute("select id from accounts order by id");
    expect(accounts.rows.map((r) => String(r.id))).toEqual(before.ids.users);
    expect((await client.execute("PRAGMA foreign_key_check")).rows).toEqual([]);
    expect((await client.execute("PRAGMA integrity_check")).rows[0].integrity_check).toBe("ok");
    // Every business table now points at accounts; the sessions at the logins.
    for (const table of ACCOUNT_TABLES) {
      const keys = await client.execute(
        `select "table", "from" from pragma_foreign_key_list('${table}') where "from" = 'account_id'`,
      );
      expect(
        keys.rows.map((r) => r.table),
        table,
      ).toEqual(["accounts"]);
    }
    const sessionKeys = await client.execute(`select "table" from pragma_foreign_key_list('sessions')`);
    expect(sessionKeys.rows.map((r) => r.table)).toEqual(["users"]);
  });

  it("still signs the owners in and opens their customers' links, under their accounts", async () => {
    const ana = await verifyLogin("ana@release.test", "release-password-1");
    expect(ana?.name).toBe("Ana Owner");
    expect(await verifyLogin("ben@release.test", "wrong-password")).toBeNull();
    const estimateLink = await findShareLink("releaseEstimateLink1".padEnd(43, "x"));
    expect(estimateLink?.accountId).toBe(ana!.id);
    const invoiceLink = await findInvoiceShareLink("releaseInvoiceLink1".padEnd(43, "x"));
    expect(invoiceLink?.accountId).toBe(ana!.id);
  });

  it("keeps counting the account's totals after the move (the triggers follow the renamed column)", async () => {
    const { client } = await getConnection();
    const account = before.ids.users[0];
    const count = async () =>
      Number(
        (await client.execute({ sql: "select customers from account_totals where account_id = ?", args: [account] })).rows[0]
          .customers,
      );
    const was = await count();
    await client.execute({
      sql: "insert into customers (id, account_id, name) values ('migrated-new', ?, 'New after the move')",
      args: [account],
    });
    expect(await count()).toBe(was + 1);
    const found = await client.execute("select id from customers_search where customers_search match 'after the move'");
    expect(found.rows.map((r) => r.id)).toEqual(["migrated-new"]);
  });
});
