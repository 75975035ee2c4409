// The account's team (docs/product/accounts-and-sign-in.md, "The team"; decision 029): its
// members and their roles, and invitations to join. Every function takes the account id
// first; an id of another account is "not found".
import { randomBytes } from "node:crypto";
import { and, asc, count, eq, gt, ne } from "drizzle-orm";
import { accountMembers, invitations, sessions, users, type Role } from "#db/schema";
import { getDb } from "~/infrastructure/db.server";
import { hashToken } from "~/infrastructure/session.server";
import { now as clockNow } from "~/lib/clock";
import { normalizeEmail } from "~/lib/email";
import { hashPassword } from "./user.server";

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The roles an owner may give (owners are made by changing a member's role). */
export const INVITABLE_ROLES = ["office", "technician"] as const satisfies readonly Role[];

export interface TeamMember {
  id: string;
  userId: string;
  name: string;
  email: string;
  role: Role;
  lastSignInAt: Date | null;
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: Role;
  expiresAt: Date;
}

/** The members (owners first, then by name) and the invitations still waiting, newest first. */
export async function listTeam(
  accountId: string,
  now = clockNow(),
): Promise<{ members: TeamMember[]; invitations: PendingInvitation[] }> {
  const db = await getDb();
  const [members, pending] = await Promise.all([
    db
      .select({
        id: accountMembers.id,
        userId: users.id,
        name: users.name,
        email: users.email,
        role: accountMembers.role,
        lastSignInAt: users.lastSignInAt,
      })
      .from(accountMembers)
      .innerJoin(users, eq(users.id, accountMembers.userId))
      .where(eq(accountMembers.accountId, accountId))
      .orderBy(asc(users.name), asc(accountMembers.id)),
    db
      .select({ id: invitations.id, email: invitations.email, role: invitations.role, expiresAt: invitations.expiresAt })
      .from(invitations)
      .where(and(eq(invitations.accountId, accountId), gt(invitations.expiresAt, now)))
      .orderBy(asc(invitations.email)),
  ]);
  const rank = (role: Role) => (role === "owner" ? 0 : 1);
  return { members: members.sort((a, b) => rank(a.role) - rank(b.role)), invitations: pending };
}

export type InviteResult =
  { ok: true; invitation: PendingInvitation; token: string } | { ok: false; reason: "already-member" | "other-account" };

/**
 * Invites `email` as `role`: a new link, valid for seven days. Inviting an address again
 * replaces its earlier invitation (and link). Someone already in this account, or whose login
 * belongs to another account, is refused.
 */
export async function inviteMember(
  accountId: string,
  invitedBy: string,
  input: { email: string; role: (typeof INVITABLE_ROLES)[number] },
  now = clockNow(),
): Promise<InviteResult> {
  const db = await getDb();
  const email = normalizeEmail(input.email);
  const login = await db
    .select({ accountId: accountMembers.accountId })
    .from(users)
    .leftJoin(accountMembers, eq(accountMembers.userId, users.id))
    .where(eq(users.email, email))
    .get();
  if (login?.accountId === accountId) return { ok: false, reason: "already-member" };
  if (login?.accountId) return { ok: false, reason: "other-account" };
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
  const [row] = await db
    .insert(invitations)
    .values({ accountId, email, role: input.role, tokenHash: hashToken(token), invitedBy, expiresAt, createdAt: now })
    .onConflictDoUpdate({
      target: [invitations.accountId, invitations.email],
      set: { role: input.role, tokenHash: hashToken(token), invitedBy, expiresAt, createdAt: now },
    })
    .returning({ id: invitations.id, email: invitations.email, role: invitations.role, expiresAt: invitations.expiresAt });
  return { ok: true, invitation: row, token };
}

/** Withdraws an invitation: its link stops working. False when the account has no such invitation. */
export async function revokeInvitation(accountId: string, invitationId: string): Promise<boolean> {
  const db = await getDb();
  const gone = await db
    .delete(invitations)
    .where(and(eq(invitations.accountId, accountId), eq(invitations.id, invitationId)))
    .returning({ id: invitations.id });
  return gone.length > 0;
}

export type InvitationLookup =
  | { state: "valid"; invitation: PendingInvitation & { accountId: string }; hasLogin: boolean }
  | { state: "expired" }
  | { state: "unknown" };

/**
 * What an invitation link stands for. A token never issued, already used or withdrawn is
 * unknown (a used one is deleted, so it cannot be told from a withdrawn one); an expired one
 * says so. `hasLogin`: the address already has a login (with no account), which joins by
 * signing in instead of choosing a password.
 */
export async function findInvitation(token: string, now = clockNow()): Promise<InvitationLookup> {
  if (!TOKEN_SHAPE.test(token)) return { state: "unknown" };
  const db = await getDb();
  const row = await db
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, hashToken(token)))
    .get();
  if (!row) return { state: "unknown" };
  if (row.expiresAt.getTime() <= now.getTime()) return { state: "expired" };
  const login = await db.select({ id: users.id }).from(users).where(eq(users.email, row.email)).get();
  return {
    state: "valid",
    invitation: { id: row.id, accountId: row.accountId, email: row.email, role: row.role, expiresAt: row.expiresAt },
    hasLogin: login !== undefined,
  };
}

export type JoinResult =
  | { ok: true; userId: string; member: TeamMember }
  | { ok: false; reason: "unknown" | "expired" | "other-account" | "login-exists" };

/**
 * Accepts an invitation with a new login (`name`, `password`): the login, its membership and
 * the invitation's deletion in one batch, so a link works once. An address that already has a
 * login is refused here (it joins by signing in first).
 */
export async function acceptInvitation(
  token: string,
  input: { name: string; password: string },
  now = clockNow(),
): Promise<JoinResult> {
  const found = await findInvitation(token, now);
  if (found.state !== "valid") return { ok: false, reason: found.state };
  if (found.hasLogin) return { ok: false, reason: "login-exists" };
  const db = await getDb();
  const { invitation } = found;
  const userId = crypto.randomUUID();
  const memberId = crypto.randomUUID();
  const passwordHash = await hashPassword(input.password);
  const name = input.name.trim();
  const [, , deleted] = await db.batch([
    db.insert(users).values({ id: userId, name, email: invitation.email, passwordHash }),
    db.insert(accountMembers).values({ id: memberId, accountId: invitation.accountId, userId, role: invitation.role }),
    db.delete(invitations).where(eq(invitations.id, invitation.id)).returning({ id: invitations.id }),
  ]);
  if (deleted.length === 0) return { ok: false, reason: "unknown" };
  return {
    ok: true,
    userId,
    member: { id: memberId, userId, name, email: invitation.email, role: invitation.role, lastSignInAt: null },
  };
}

/**
 * Accepts an invitation for a login that already exists and belongs to no account (one that
 * was removed from its team): the caller has checked its password.
 */
export async function acceptInvitationAs(token: string, userId: string, now = clockNow()): Promise<JoinResult> {
  const found = await findInvitation(token, now);
  if (found.state !== "valid") return { ok: false, reason: found.state };
  const db = await getDb();
  const login = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!login || login.email !== found.invitation.email) return { ok: false, reason: "unknown" };
  const existing = await db.select().from(accountMembers).where(eq(accountMembers.userId, userId)).get();
  if (existing) return { ok: false, reason: "other-account" };
  const memberId = crypto.randomUUID();
  await db.batch([
    db
      .insert(accountMembers)
      .values({ id: memberId, accountId: found.invitation.accountId, userId, role: found.invitation.role }),
    db.delete(invitations).where(eq(invitations.id, found.invitation.id)),
  ]);
  return {
    ok: true,
    userId,
    member: {
      id: memberId,
      userId,
      name: login.name,
      email: login.email,
      role: found.invitation.role,
      lastSignInAt: login.lastSignInAt,
    },
  };
}

export type MemberChange = { ok: true; name: string } | { ok: false; reason: "not-found" | "last-owner" };

/** One of the account's members with their name; undefined for another account's. */
async function memberOf(accountId: string, memberId: string) {
  const db = await getDb();
  return db
    .select({ id: accountMembers.id, userId: accountMembers.userId, role: accountMembers.role, name: users.name })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.id, memberId)))
    .get();
}

async function ownersOf(accountId: string, except: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(accountMembers)
    .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.role, "owner"), ne(accountMembers.id, except)));
  return row.n;
}

/** Gives a member another role; the account keeps at least one owner. */
export async function changeMemberRole(accountId: string, memberId: string, role: Role): Promise<MemberChange> {
  const db = await getDb();
  const member = await memberOf(accountId, memberId);
  if (!member) return { ok: false, reason: "not-found" };
  if (member.role === "owner" && role !== "owner" && (await ownersOf(accountId, memberId)) === 0)
    return { ok: false, reason: "last-owner" };
  await db.update(accountMembers).set({ role }).where(eq(accountMembers.id, memberId));
  return { ok: true, name: member.name };
}

/**
 * Removes a member from the account: their membership and every session they have end at once
 * (one batch). Their login stays, so their name stays on what they did; it can be invited
 * again. The account keeps at least one owner.
 */
export async function removeMember(accountId: string, memberId: string): Promise<MemberChange> {
  const db = await getDb();
  const member = await memberOf(accountId, memberId);
  if (!member) return { ok: false, reason: "not-found" };
  if (member.role === "owner" && (await ownersOf(accountId, memberId)) === 0) return { ok: false, reason: "last-owner" };
  await db.batch([
    db.delete(accountMembers).where(eq(accountMembers.id, memberId)),
    db.delete(sessions).where(eq(sessions.userId, member.userId)),
  ]);
  return { ok: true, name: member.name };
}
