import { hash, verify, type Algorithm } from "@node-rs/argon2";
import { and, eq, inArray, ne } from "drizzle-orm";
import {
  accountMembers,
  accounts,
  accountSettings,
  appointments,
  estimates,
  invoices,
  jobs,
  sessions,
  users,
  type User,
} from "#db/schema";
import { getDb } from "~/infrastructure/db.server";
import { normalizeEmail } from "~/lib/email";

// OWASP's argon2id recommendation: 19 MiB of memory, 2 iterations, 1 lane.
const ARGON2_OPTIONS = {
  // Algorithm.Argon2id; the enum is a const enum, which isolated modules cannot read.
  algorithm: 2 as Algorithm,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export type PublicUser = Pick<User, "id" | "name" | "email" | "createdAt" | "updatedAt">;

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}

export function hashPassword(password: string) {
  return hash(password, ARGON2_OPTIONS);
}

export async function getUserById(id: string): Promise<User | undefined> {
  const db = await getDb();
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

export async function getUserByEmail(email: string): Promise<User | undefined> {
  const db = await getDb();
  return db.query.users.findFirst({ where: eq(users.email, normalizeEmail(email)) });
}

export class EmailTakenError extends Error {
  constructor() {
    super("An account with this email already exists.");
    this.name = "EmailTakenError";
  }
}

/**
 * Signs a business up: its login, its account (which takes the login's id, docs/decisions/029),
 * the login as the account's owner, and the settings row (with the defaults of
 * docs/product/settings.md), together.
 */
export async function createUser(input: {
  name: string;
  email: string;
  password: string;
  appLanguage?: "en" | "es";
  darkMode?: boolean;
  /** An IANA zone the caller has checked; none (null) keeps the account in UTC until Settings are saved. */
  timeZone?: string | null;
}): Promise<User> {
  const db = await getDb();
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  try {
    // One batch, not an interactive transaction (docs/decisions/004): the login, the account,
    // the membership and the settings row are written together or not at all.
    const id = crypto.randomUUID();
    const language = input.appLanguage ?? "en";
    const [[user]] = await db.batch([
      db.insert(users).values({ id, name: input.name.trim(), email, passwordHash }).returning(),
      db.insert(accounts).values({ id }),
      db.insert(accountMembers).values({ id, accountId: id, userId: id, role: "owner" }),
      db.insert(accountSettings).values({
        accountId: id,
        appLanguage: language,
        documentLanguage: language,
        darkMode: input.darkMode ?? false,
        timeZone: input.timeZone ?? null,
      }),
    ]);
    return user;
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const text = String((error as { cause?: unknown })?.cause ?? error);
  return text.includes("UNIQUE constraint failed");
}

// A hash of a random password: verifying against it for an unknown e-mail makes
// that answer take as long as a wrong password, so timing does not reveal accounts.
let dummyHash: Promise<string> | undefined;

/** The user whose e-mail and password match, or null; same work either way. */
export async function verifyLogin(email: string, password: string): Promise<User | null> {
  const user = await getUserByEmail(email);
  if (!user) {
    dummyHash ??= hashPassword(crypto.randomUUID());
    await verify(await dummyHash, password);
    return null;
  }
  const ok = await verify(user.passwordHash, password);
  return ok ? user : null;
}

export type ChangePasswordResult = "changed" | "wrong-password" | "not-found";

/**
 * Changes the password after checking the current one, and ends every session of the
 * account except `keepSessionId` (the browser that made the change) in the same batch:
 * someone signed in elsewhere with the old password is signed out with it.
 */
export async function changePassword(
  userId: string,
  input: { currentPassword: string; newPassword: string },
  { keepSessionId }: { keepSessionId: string | null },
): Promise<ChangePasswordResult> {
  const user = await getUserById(userId);
  if (!user) return "not-found";
  if (!(await verify(user.passwordHash, input.currentPassword))) return "wrong-password";
  const passwordHash = await hashPassword(input.newPassword);
  const db = await getDb();
  const others = keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId);
  await db.batch([
    db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId)),
    db.delete(sessions).where(others),
  ]);
  return "changed";
}

/**
 * Deletes the account and everything in it, in one transaction (one batch). Jobs, estimates,
 * invoices and appointments go first: they hold their customer (ON DELETE RESTRICT). The
 * account's logins go next (a login belongs to one account; their sessions and memberships
 * with them), then the account takes the rest through the foreign keys (customers, settings,
 * the price book, recurring invoices, notifications, share links, payments). True when there
 * was such an account.
 */
export async function deleteAccount(accountId: string): Promise<boolean> {
  const db = await getDb();
  const members = db
    .select({ userId: accountMembers.userId })
    .from(accountMembers)
    .where(eq(accountMembers.accountId, accountId));
  const results = await db.batch([
    db.delete(invoices).where(eq(invoices.accountId, accountId)),
    db.delete(estimates).where(eq(estimates.accountId, accountId)),
    db.delete(appointments).where(eq(appointments.accountId, accountId)),
    db.delete(jobs).where(eq(jobs.accountId, accountId)),
    db.delete(users).where(inArray(users.id, members)),
    db.delete(accounts).where(eq(accounts.id, accountId)),
  ]);
  return results[results.length - 1].rowsAffected === 1;
}
