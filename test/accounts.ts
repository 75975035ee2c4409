import { accountMembers, users, type Role } from "#db/schema";
import { getDb } from "~/infrastructure/db.server";
import { createUser, hashPassword } from "~/models/user.server";
import { createUserSession } from "~/infrastructure/session.server";

/** A fresh account and the Cookie header of a live session for it. */
export async function signedInAccount(name = "Contractor") {
  const user = await createUser({ name, email: `${crypto.randomUUID()}@example.com`, password: "secret1" });
  const setCookie = await createUserSession(new Request("http://localhost/"), user.id);
  return { user, cookie: setCookie.split(";")[0] };
}

/**
 * Another login in an existing account, with `role`, and the Cookie header of a live session
 * for it. (Written directly: how members join is not part of what the tests calling this check.)
 */
export async function signedInMember(accountId: string, role: Role, name = `A ${role}`) {
  const db = await getDb();
  const [user] = await db
    .insert(users)
    .values({ name, email: `${crypto.randomUUID()}@example.com`, passwordHash: await hashPassword("secret1") })
    .returning();
  await db.insert(accountMembers).values({ accountId, userId: user.id, role });
  const setCookie = await createUserSession(new Request("http://localhost/"), user.id);
  return { user, cookie: setCookie.split(";")[0] };
}
