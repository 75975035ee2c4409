// GET /healthz (server/health.ts) over real HTTP on loopback.
import { describe, expect, it } from "vitest";
import { resetConnection } from "~/infrastructure/db.server";
import { serverRuntime } from "~/server-runtime.server";
import { healthCheck } from "./health";
import { serve } from "../test/loopback-app";

describe("healthCheck", () => {
  it("is 200 while the database answers and 503 when it cannot be opened", async () => {
    const base = await serve((app) => app.get("/healthz", healthCheck(serverRuntime)));
    const ok = await fetch(`${base}/healthz`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: "ok" });

    const original = process.env.DATABASE_URL;
    await resetConnection();
    const { env } = await import("~/infrastructure/env.server");
    const config = env();
    // A path under a regular file can never be created.
    config.DATABASE_URL = "file:/etc/hostname/db.sqlite";
    try {
      const down = await fetch(`${base}/healthz`);
      expect(down.status).toBe(503);
    } finally {
      config.DATABASE_URL = original!;
      await resetConnection();
    }
  });
});
