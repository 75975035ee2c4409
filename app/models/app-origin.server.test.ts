// The address an account's people reach the app at (app_origins, migration 0027), against the
// real database: built from the request as the browser reached it (https behind Fly's proxy),
// written only when it changed, per account, and APP_URL first when the server has one.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { appOrigins } from "#db/schema";
import { getDb } from "~/infrastructure/db.server";
import { env } from "~/infrastructure/env.server";
import { signedInAccount } from "../../test/accounts";
import { appOriginOrRecord, linkOrigin, linkOrigins, recordAppOrigin, requestOrigin, storedAppOrigin } from "./app-origin.server";

const config = env();
afterEach(() => {
  config.APP_URL = undefined;
});

const post = (url: string, headers: Record<string, string> = {}) => new Request(url, { method: "POST", headers });

async function row(accountId: string) {
  const db = await getDb();
  return db.select().from(appOrigins).where(eq(appOrigins.accountId, accountId)).get();
}

describe("requestOrigin", () => {
  it("is the scheme, host and port the browser used; https when Fly's proxy says so", () => {
    expect(requestOrigin(post("http://localhost:3000/login"))).toBe("http://localhost:3000");
    expect(requestOrigin(post("https://Pro.Example/login?redirectTo=/app"))).toBe("https://pro.example");
    // Behind the proxy the app is spoken to over http; X-Forwarded-Proto is what the browser used.
    expect(requestOrigin(post("http://tradedesk.fly.dev/login", { "X-Forwarded-Proto": "https" }))).toBe(
      "https://tradedesk.fly.dev",
    );
    expect(requestOrigin(post("http://tradedesk.fly.dev/login", { "X-Forwarded-Proto": "https, http" }))).toBe(
      "https://tradedesk.fly.dev",
    );
    expect(requestOrigin(post("http://tradedesk.fly.dev/login", { "X-Forwarded-Proto": "http" }))).toBe(
      "http://tradedesk.fly.dev",
    );
  });
});

describe("recordAppOrigin", () => {
  it("stores the origin, leaves the row alone for the same one, and replaces it when it changed", async () => {
    const { user } = await signedInAccount();
    expect(await storedAppOrigin(user.id)).toBeNull();

    expect(await recordAppOrigin(user.id, post("http://pro.example/login"), new Date("2027-01-01T00:00:00Z"))).toBe(true);
    expect(await row(user.id)).toEqual({
      accountId: user.id,
      origin: "http://pro.example",
      updatedAt: new Date("2027-01-01T00:00:00Z"),
    });

    // The same address a day later: nothing written (the instant stays the first one).
    expect(await recordAppOrigin(user.id, post("http://pro.example/login"), new Date("2027-01-02T00:00:00Z"))).toBe(false);
    expect((await row(user.id))?.updatedAt).toEqual(new Date("2027-01-01T00:00:00Z"));

    // Now reached over https behind the proxy: a new address.
    const proxied = post("http://pro.example/login", { "X-Forwarded-Proto": "https" });
    expect(await recordAppOrigin(user.id, proxied, new Date("2027-01-03T00:00:00Z"))).toBe(true);
    expect(await row(user.id)).toMatchObject({ origin: "https://pro.example", updatedAt: new Date("2027-01-03T00:00:00Z") });
  });

  it("keeps each account's own: another account's sign-in never changes it", async () => {
    const one = await signedInAccount();
    const other = await signedInAccount();
    await recordAppOrigin(one.user.id, post("https://one.example/login"));
    await recordAppOrigin(other.user.id, post("https://forged.example/register"));
    expect(await storedAppOrigin(one.user.id)).toBe("https://one.example");
    expect(await storedAppOrigin(other.user.id)).toBe("https://forged.example");
  });
});

describe("appOriginOrRecord (Settings)", () => {
  it("records the request's origin only when none is stored", async () => {
    const { user } = await signedInAccount();
    expect(await appOriginOrRecord(user.id, new Request("https://first.example/app/settings"))).toBe("https://first.example");
    expect(await appOriginOrRecord(user.id, new Request("https://second.example/app/settings"))).toBe("https://first.example");
    expect(await storedAppOrigin(user.id)).toBe("https://first.example");
  });
});

describe("linkOrigin", () => {
  it("is APP_URL when set, else the stored origin, else null", async () => {
    const { user } = await signedInAccount();
    const none = await signedInAccount();
    await recordAppOrigin(user.id, post("https://pro.example/login"));
    expect(await linkOrigin(user.id)).toBe("https://pro.example");
    expect(await linkOrigin(none.user.id)).toBeNull();
    expect(await linkOrigins([user.id, none.user.id, user.id])).toEqual(new Map([[user.id, "https://pro.example"]]));

    config.APP_URL = "https://tradedesk.example/";
    expect(await linkOrigin(user.id)).toBe("https://tradedesk.example");
    expect(await linkOrigin(none.user.id)).toBe("https://tradedesk.example");
  });
});
