// Who works in an account, and as what (docs/decisions/029). A login belongs to one account.
import { and, eq, sql } from "drizzle-orm";
import { accountMembers, users, type Role } from "#db/schema";
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

export interface MemberOption {
  id: string;
  name: string;
  role: Role;
}

/** The account's members by name (the assignee pickers and the schedule's member filter). */
export async function memberOptions(accountId: string): Promise<MemberOption[]> {
  const db = await getDb();
  return db
    .select({ id: accountMembers.id, name: users.name, role: accountMembers.role })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(eq(accountMembers.accountId, accountId))
    .orderBy(sql`${users.name} collate nocase`, accountMembers.id);
}

/** True when `memberId` is a member of the account (an assignee must be). */
export async function isAccountMember(accountId: string, memberId: string): Promise<boolean> {
  const db = await getDb();
  const row = await db
    .select({ id: accountMembers.id })
    .from(accountMembers)
    .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.id, memberId)))
    .get();
  return Boolean(row);
}
