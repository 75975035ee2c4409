import { salesRequests } from "#db/schema";
import { getDb } from "~/services/db.server";

export async function recordSalesRequest(input: {
  kind: "demo" | "sales";
  name: string;
  email: string;
  phone?: string;
  company?: string;
  trade?: string;
  message?: string;
}) {
  const db = await getDb();
  const [row] = await db
    .insert(salesRequests)
    .values({
      kind: input.kind,
      name: input.name,
      email: input.email.toLowerCase(),
      phone: input.phone || null,
      company: input.company || null,
      trade: input.trade || null,
      message: input.message || null,
    })
    .returning({ id: salesRequests.id });
  return row;
}
