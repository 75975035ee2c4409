import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountSettings, users } from "#db/schema";
import { getDb } from "~/services/db.server";
import { createUser, EmailTakenError, getUserByEmail, verifyLogin } from "./user.server";

const unique = () => `user-${crypto.randomUUID()}@example.com`;

describe("createUser", () => {
  it("stores an argon2id hash, never the password, and creates the default settings", async () => {
    const email = unique();
    const user = await createUser({ name: " Ana ", email, password: "secret1" });
    expect(user.name).toBe("Ana");
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.passwordHash).not.toContain("secret1");
    const db = await getDb();
    const settings = await db.query.accountSettings.findFirst({ where: eq(accountSettings.userId, user.id) });
    expect(settings).toMatchObject({ defaultTaxRate: 825, currency: "USD", estimateValidDays: 30, darkMode: false, appLanguage: "en" });
  });

  it("normalises the e-mail so case does not make a second account", async () => {
    const email = unique();
    await createUser({ name: "A", email: email.toUpperCase(), password: "secret1" });
    expect((await getUserByEmail(email))?.email).toBe(email);
    await expect(createUser({ name: "B", email, password: "secret1" })).rejects.toBeInstanceOf(EmailTakenError);
  });

  it("writes nothing when the e-mail is taken", async () => {
    const email = unique();
    await createUser({ name: "A", email, password: "secret1" });
    const db = await getDb();
    const before = (await db.select().from(users)).length;
    await expect(createUser({ name: "B", email, password: "other12" })).rejects.toThrow(EmailTakenError);
    expect((await db.select().from(users)).length).toBe(before);
  });
});

describe("verifyLogin", () => {
  it("returns the user for the right password and null otherwise", async () => {
    const email = unique();
    const user = await createUser({ name: "A", email, password: "secret1" });
    expect((await verifyLogin(email, "secret1"))?.id).toBe(user.id);
    expect(await verifyLogin(email, "secret2")).toBeNull();
    expect(await verifyLogin(unique(), "secret1")).toBeNull();
  });
});

describe("concurrent writes", () => {
  it("registrations at the same moment neither deadlock nor fail", async () => {
    const started = Date.now();
    const created = await Promise.all(Array.from({ length: 8 }, (_, i) => createUser({ name: `Parallel ${i}`, email: unique(), password: "secret1" })));
    expect(new Set(created.map((user) => user.id)).size).toBe(8);
    // A deadlock would sit out the 5 s busy timeout and then fail.
    expect(Date.now() - started).toBeLessThan(4000);
  });
});
