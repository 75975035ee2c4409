// The Express server takes the app's runtime from the Remix build's entry module
// (server/runtime.ts): the app's object must have the shape the server expects (checked by
// the type checker here) and be what the entry exports.
import { describe, expect, it } from "vitest";
import * as entry from "~/entry.server";
import { serverRuntime } from "~/server-runtime.server";
import { runtimeOf, type AppRuntime } from "../server/runtime";

describe("the app's runtime for the server", () => {
  it("has the shape server/runtime.ts expects and is exported by the build's entry", () => {
    const expected: AppRuntime = serverRuntime;
    expect(runtimeOf({ entry: { module: entry } })).toBe(expected);
  });

  it("says clearly when a build does not export it", () => {
    expect(() => runtimeOf({ entry: { module: { default: () => new Response() } } })).toThrow(
      /does not export serverRuntime.*npm run build/,
    );
  });

  it("opens the database, answers the health check and names the work the jobs command takes", async () => {
    await serverRuntime.openDatabase();
    await expect(serverRuntime.checkDatabase()).resolves.toBeUndefined();
    expect(serverRuntime.workNames()).toEqual(
      expect.arrayContaining(["recurring-invoice", "invoice-reminder", "estimates-expired"]),
    );
    const limiter = serverRuntime.rateLimiter({ windowMs: 60_000, max: 1 });
    expect((await limiter.hit("203.0.113.9 /login")).ok).toBe(true);
    expect(await limiter.hit("203.0.113.9 /login")).toEqual({ ok: false, retryAfterSeconds: 60 });
  });
});
