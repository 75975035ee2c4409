import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("fills in the defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBe("file:./data/tradedesk.db");
    expect(env.NODE_ENV).toBe("production");
  });

  it("treats empty values as unset", () => {
    expect(parseEnv({ PORT: "", APP_URL: "" }).PORT).toBe(3000);
  });

  it("names the variable that is wrong", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ APP_URL: "not a url" })).toThrow(/APP_URL/);
    expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
  });

  it("requires SESSION_SECRET in production when machines share a remote database", () => {
    expect(() => parseEnv({ DATABASE_URL: "libsql://tradedesk-acme.turso.io" })).toThrow(
      /SESSION_SECRET: required when the database is shared/,
    );
    expect(() =>
      parseEnv({ DATABASE_URL: "file:/app/data/replica.db", DATABASE_SYNC_URL: "libsql://tradedesk-acme.turso.io" }),
    ).toThrow(/SESSION_SECRET/);
    expect(
      parseEnv({
        DATABASE_URL: "libsql://tradedesk-acme.turso.io",
        SESSION_SECRET: "a-long-enough-secret",
        SMTP_URL: "smtp://mail.example:587",
      }).SESSION_SECRET,
    ).toBe("a-long-enough-secret");
    // One machine on its file generates and keeps its own secret; development needs none.
    expect(parseEnv({}).SESSION_SECRET).toBeUndefined();
    expect(parseEnv({ NODE_ENV: "development", DATABASE_URL: "http://127.0.0.1:8080" }).NODE_ENV).toBe("development");
  });

  it("requires SMTP_URL in production when machines share a remote database, where each would keep its own outbox", () => {
    const shared = { DATABASE_URL: "http://127.0.0.1:8080", SESSION_SECRET: "a-long-enough-secret" };
    expect(() => parseEnv(shared)).toThrow(/SMTP_URL: required when the database is shared by several machines/);
    expect(parseEnv({ ...shared, SMTP_URL: "smtp://127.0.0.1:2525" }).SMTP_URL).toBe("smtp://127.0.0.1:2525");
    // One machine on its file may keep its e-mails in data/outbox/.
    expect(parseEnv({}).SMTP_URL).toBeUndefined();
  });
});
