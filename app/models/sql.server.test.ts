import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customers, jobs } from "#db/schema";
import { createCustomer, createEstimate, createJob } from "#db/factories";
import { getConnection, getDb, onQuery } from "~/infrastructure/db.server";
import { deleteCustomer, listCustomers, updateCustomer } from "./customer.server";
import { listEstimates } from "./estimate.server";
import { listInvoices } from "./invoice.server";
import { listJobs } from "./job.server";
import { searchBusiness } from "./overview.server";
import { createUser } from "./user.server";

// The lists' search through the trigram index (migration 0003_search_index): what it finds,
// that it follows every write, and that it stays inside the account.

async function account() {
  const user = await createUser({ name: "Pat", email: `${crypto.randomUUID()}@example.com`, password: "secret1" });
  return user.id;
}

const names = async (accountId: string, q: string) => (await listCustomers(accountId, { q })).items.map((c) => c.name).sort();

describe("search", () => {
  it("finds text anywhere in the searched columns, ignoring case and accents", async () => {
    const db = await getDb();
    const me = await account();
    await createCustomer(db, me, { name: "María García", email: "maria@example.com", phone: "(512) 555-0101" });
    await createCustomer(db, me, { name: "Bob Garcia", email: "bob@builders.test", phone: null });
    await createCustomer(db, me, { name: "Zoe Lee", email: null, phone: "(737) 555-0199" });
    expect(await names(me, "garcia")).toEqual(["Bob Garcia", "María García"]);
    expect(await names(me, "GARCÍA")).toEqual(["Bob Garcia", "María García"]);
    expect(await names(me, "builders.t")).toEqual(["Bob Garcia"]);
    expect(await names(me, "555-0199")).toEqual(["Zoe Lee"]);
    expect(await names(me, 'a "quoted" word')).toEqual([]);
    expect(await names(me, "100%")).toEqual([]);
    // FTS5 query syntax is taken as text, never as a query (nor an error).
    for (const q of ["{name} : maria", "garc*", "NEAR(bob lee)", "bob AND lee", "x'y", "^bob", "-garcia", "(x"]) {
      expect(await names(me, q), q).toEqual([]);
    }
    expect(await names(me, "(737)")).toEqual(["Zoe Lee"]);
    // Under three characters the index cannot help: LIKE, as before (no accent folding).
    expect(await names(me, "zo")).toEqual(["Zoe Lee"]);
    expect(await names(me, "ía")).toEqual(["María García"]);
    expect((await listCustomers(me, { q: "garcia" })).total).toBe(2);
  });

  it("follows inserts, updates and deletes", async () => {
    const me = await account();
    const input = { name: "Ana Ruiz", email: "", phone: "", address: "", city: "", state: "", zipCode: "", notes: "" };
    expect((await listCustomers(me, { q: "ruiz" })).total).toBe(0);
    const db = await getDb();
    const ana = await createCustomer(db, me, { name: "Ana Ruiz" });
    expect(await names(me, "ruiz")).toEqual(["Ana Ruiz"]);
    await updateCustomer(me, ana.id, { ...input, name: "Ana Castillo" });
    expect(await names(me, "ruiz")).toEqual([]);
    expect(await names(me, "castillo")).toEqual(["Ana Castillo"]);
    expect((await deleteCustomer(me, ana.id)).status).toBe("deleted");
    expect(await names(me, "castillo")).toEqual([]);
    // A write the app does not make (straight SQL) is followed too: the triggers keep the index.
    const [row] = await db.insert(customers).values({ accountId: me, name: "Direct Insert" }).returning();
    expect(await names(me, "direct")).toEqual(["Direct Insert"]);
    await db.delete(customers).where(eq(customers.id, row.id));
    expect(await names(me, "direct")).toEqual([]);
  });

  it("searches the customer's name from jobs and estimates, and never another account's rows", async () => {
    const db = await getDb();
    const [me, other] = [await account(), await account()];
    const mine = await createCustomer(db, me, { name: "Carlos Peña" });
    const theirs = await createCustomer(db, other, { name: "Carlos Pena Twin" });
    await createJob(db, me, { customerId: mine.id, title: "Panel upgrade", location: "Cedar Park" });
    await createJob(db, other, { customerId: theirs.id, title: "Panel upgrade (theirs)", location: "Cedar Park" });
    await createEstimate(db, me, { customerId: mine.id, title: "Tankless heater" });
    expect((await listJobs(me, { q: "pena" })).items.map((j) => j.title)).toEqual(["Panel upgrade"]);
    expect((await listJobs(me, { q: "cedar" })).items.map((j) => j.title)).toEqual(["Panel upgrade"]);
    expect((await listEstimates(me, { q: "peña" })).items.map((e) => e.title)).toEqual(["Tankless heater"]);
    const results = await searchBusiness(me, "carlos", { today: "2026-11-21" });
    expect(results.customers.items.map((c) => c.name)).toEqual(["Carlos Peña"]);
    expect(results.jobs.total).toBe(1);
    // An update of the searched text is followed.
    await db.update(jobs).set({ title: "Service call" }).where(eq(jobs.accountId, me));
    expect((await listJobs(me, { q: "service" })).total).toBe(1);
    expect((await listJobs(me, { q: "panel" })).total).toBe(0);
  });

  // Text of one or two characters cannot use the trigram index. The list's newest-first
  // index also holds the searched columns (migration 0017), so the count and the page scan
  // that index, in the list's order, and read a row only when it matches: on the benchmark's
  // large account a jobs or estimates list call takes 27–47 ms instead of 150–340 ms, when the
  // count read every row of the account (docs/performance.md, seventh part).
  it.each([
    ["estimates", (me: string) => listEstimates(me, { q: "g" })],
    ["jobs", (me: string) => listJobs(me, { q: "g" })],
    ["invoices", (me: string) => listInvoices(me, { q: "g" })],
  ] as const)("a search of the %s under three characters reads the list's index, not every row", async (table, list) => {
    const me = await account();
    const statements: { sql: string; args: unknown }[] = [];
    const stop = onQuery((statement) => statements.push(statement));
    try {
      await list(me);
    } finally {
      stop();
    }
    const { client } = await getConnection();
    const plan = async (start: string) => {
      const statement = statements.find(({ sql }) => sql.startsWith(start));
      expect(statement, `${table}: a statement starting with ${start}`).toBeDefined();
      const rows = await client.execute({ sql: `explain query plan ${statement!.sql}`, args: statement!.args as never });
      return rows.rows.map((row) => String(row.detail)).join(" | ");
    };
    expect(await plan("select count(*)")).toContain(
      `SEARCH ${table} USING COVERING INDEX ${table}_user_created_idx (account_id=?)`,
    );
    expect(await plan(`select "${table}"."id"`)).toContain(
      `SEARCH ${table} USING INDEX ${table}_user_created_idx (account_id=?)`,
    );
  });
});
