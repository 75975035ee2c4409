// Who works in an account, and as what (docs/decisions/029). A login belongs to one account.
import { eq } from "drizzle-orm";
import { accountMembers, type Role } from "#db/schema";
import { getDb } from "~/infrastructure/db.server";

export interface Membership {
  memberId: string;
  accountId: string;
  role: Role;
}

/** The account a login works in and its role there; undefined for a login that is no member. */
export async function membershipOf(userId: string): Promise<Membership | undefined> {
  const db = await getDb();
  const row = await db
    .select({ memberId: accountMembers.id, accountId: accountMembers.accountId, role: accountMembers.role })
    .from(accountMembers)
    .where(eq(accountMembers.userId, userId))
    .get();
  return row ?? undefined;
}
