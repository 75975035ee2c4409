import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountSettings, sessions, users } from "#db/schema";
import { getDb } from "~/infrastructure/db.server";
import { createUserSession, currentSessionId } from "~/infrastructure/session.server";
import { changePassword, createUser, EmailTakenError, getUserById, getUserByEmail, verifyLogin } from "./user.server";

const unique = () => `user-${crypto.randomUUID()}@example.com`;

describe("createUser", () => {
  it("stores an argon2id hash, never the password, and creates the default settings", async () => {
    const email = unique();
    const user = await createUser({ name: " Ana ", email, password: "secret1" });
    expect(user.name).toBe("Ana");
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.passwordHash).not.toContain("secret1");
    const db = await getDb();
    const settings = await db.query.accountSettings.findFirst({ where: eq(accountSettings.accountId, user.id) });
    expect(settings).toMatchObject({
      defaultTaxRate: 825,
      currency: "USD",
      estimateValidDays: 30,
      darkMode: false,
      appLanguage: "en",
    });
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
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, i) => createUser({ name: `Parallel ${i}`, email: unique(), password: "secret1" })),
    );
    expect(new Set(created.map((user) => user.id)).size).toBe(8);
    // A deadlock would sit out the 5 s busy timeout and then fail.
    expect(Date.now() - started).toBeLessThan(4000);
  });
});

describe("changePassword", () => {
  it("needs the current password, stores the new one hashed and ends every other session in the same write", async () => {
    const email = unique();
    const user = await createUser({ name: "A", email, password: "secret1" });
    const here = new Request("http://localhost/app", {
      headers: { Cookie: (await createUserSession(new Request("http://localhost/"), user.id)).split(";")[0] },
    });
    await createUserSession(new Request("http://localhost/"), user.id);
    await createUserSession(new Request("http://localhost/"), user.id);
    const keep = await currentSessionId(here);
    const db = await getDb();

    expect(await changePassword(user.id, { currentPassword: "wrong1", newPassword: "better1" }, { keepSessionId: keep })).toBe(
      "wrong-password",
    );
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(3);
    expect((await verifyLogin(email, "secret1"))?.id).toBe(user.id);

    expect(await changePassword(user.id, { currentPassword: "secret1", newPassword: "better1" }, { keepSessionId: keep })).toBe(
      "changed",
    );
    expect(await verifyLogin(email, "secret1")).toBeNull();
    expect((await verifyLogin(email, "better1"))?.id).toBe(user.id);
    expect((await getUserById(user.id))?.passwordHash).toMatch(/^\$argon2id\$/);
    const left = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((row) => row.id)).toEqual([keep]);

    expect(
      await changePassword(crypto.randomUUID(), { currentPassword: "x", newPassword: "better1" }, { keepSessionId: null }),
    ).toBe("not-found");
  });
});

describe("no user enumeration", () => {
  it("an unknown e-mail and a wrong password take about as long (within a factor of 2 over 10 tries each)", async () => {
    const email = unique();
    await createUser({ name: "A", email, password: "secret1" });
    // Warm up the dummy hash and the query plans first.
    await verifyLogin(unique(), "warm-up1");
    await verifyLogin(email, "warm-up1");
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 10; i++) {
      let started = performance.now();
      expect(await verifyLogin(unique(), `guess-${i}`)).toBeNull();
      unknown.push(performance.now() - started);
      started = performance.now();
      expect(await verifyLogin(email, `guess-${i}`)).toBeNull();
      wrong.push(performance.now() - started);
    }
    const median = (list: number[]) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)];
    const [a, b] = [median(unknown), median(wrong)];
    expect(Math.max(a, b) / Math.min(a, b), `unknown ${a.toFixed(1)} ms, wrong password ${b.toFixed(1)} ms`).toBeLessThan(2);
  });
});
