import { createClient } from "@libsql/client";

// The benchmark's database copy (PEER_DATABASE_URL=file:…) and the account whose customers
// are listed (PEER_USER_ID): the same rows as TradeDesk's /app/customers, page 1.
const client = createClient({ url: process.env.PEER_DATABASE_URL ?? "file:data/bench/cpu.db" });
const accountId = process.env.PEER_USER_ID ?? "";

export interface CustomerRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  notes: string | null;
}

/** The first page of customers by name, and how many there are: TradeDesk's list page reads the same two. */
export async function firstPage(pageSize = 25): Promise<{ items: CustomerRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    client.execute({
      sql: `SELECT id, name, email, phone, address, city, state, zip_code AS zipCode, notes FROM customers
            WHERE account_id = ? ORDER BY name COLLATE NOCASE, id LIMIT ?`,
      args: [accountId, pageSize],
    }),
    client.execute({ sql: "SELECT count(*) AS n FROM customers WHERE account_id = ?", args: [accountId] }),
  ]);
  return { items: rows.rows.map((row) => ({ ...row }) as unknown as CustomerRow), total: Number(count.rows[0].n) };
}
