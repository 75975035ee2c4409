import { salesRequests } from "#db/schema";
import { getDb } from "~/infrastructure/db.server";
import { env } from "~/infrastructure/env.server";
import { createNotification } from "./notification.server";
import { getUserByEmail } from "./user.server";
import { membershipOf } from "./member.server";

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
  await notifyInbox(input);
  return row;
}

/** A `new_inquiry` notification for the account of the login that owns the site's inbox (INQUIRY_ACCOUNT_EMAIL), when set. */
async function notifyInbox(input: { kind: "demo" | "sales"; name: string; email: string; company?: string }) {
  const inbox = env().INQUIRY_ACCOUNT_EMAIL;
  if (!inbox) return;
  const owner = await getUserByEmail(inbox);
  const member = owner ? await membershipOf(owner.id) : undefined;
  if (!member) return;
  const who = input.company ? `${input.name} (${input.company})` : input.name;
  await createNotification(member.accountId, {
    type: "new_inquiry",
    title: input.kind === "demo" ? "New demo request" : "New sales inquiry",
    message: `${who} <${input.email}>`,
  });
}
