import { describe, expect, it } from "vitest";
import { fileStorageSettings, parseEnv } from "./env.server";

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

describe("files: the folder or an S3-compatible bucket", () => {
  const bucket = {
    S3_ENDPOINT: "https://fly.storage.tigris.dev",
    S3_BUCKET: "tradedesk-files",
    S3_ACCESS_KEY_ID: "tid_key",
    S3_SECRET_ACCESS_KEY: "tsec_secret",
  };

  it("keeps files in data/files by default, 5,000 MB per account", () => {
    const env = parseEnv({});
    expect(env.FILES_DIR).toBe("data/files");
    expect(env.FILES_MAX_MB_PER_ACCOUNT).toBe(5000);
    expect(env.S3_REGION).toBe("auto");
    expect(fileStorageSettings(env)).toEqual({ kind: "folder", dir: "data/files" });
    expect(fileStorageSettings(parseEnv({ FILES_DIR: "/app/data/files" }))).toEqual({ kind: "folder", dir: "/app/data/files" });
  });

  it("uses the bucket when all four variables are set, region auto unless given", () => {
    expect(fileStorageSettings(parseEnv(bucket))).toEqual({
      kind: "s3",
      endpoint: "https://fly.storage.tigris.dev",
      bucket: "tradedesk-files",
      region: "auto",
      accessKeyId: "tid_key",
      secretAccessKey: "tsec_secret",
    });
    expect(fileStorageSettings(parseEnv({ ...bucket, S3_REGION: "eu-west-1" }))).toMatchObject({
      kind: "s3",
      region: "eu-west-1",
    });
  });

  it("refuses half a bucket, naming what is missing", () => {
    expect(() => parseEnv({ S3_BUCKET: "tradedesk-files" })).toThrow(
      /S3_ENDPOINT: files go to object storage only with all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are missing/,
    );
    expect(() => parseEnv({ ...bucket, S3_SECRET_ACCESS_KEY: "" })).toThrow(/S3_SECRET_ACCESS_KEY is missing/);
  });

  it("names a wrong value", () => {
    expect(() => parseEnv({ ...bucket, S3_ENDPOINT: "fly.storage.tigris.dev" })).toThrow(/S3_ENDPOINT/);
    expect(() => parseEnv({ ...bucket, S3_BUCKET: "Tradedesk_Files" })).toThrow(/S3_BUCKET: a bucket name/);
    expect(() => parseEnv({ FILES_MAX_MB_PER_ACCOUNT: "lots" })).toThrow(/FILES_MAX_MB_PER_ACCOUNT/);
    expect(() => parseEnv({ FILES_MAX_MB_PER_ACCOUNT: "0" })).toThrow(/FILES_MAX_MB_PER_ACCOUNT/);
  });
});
