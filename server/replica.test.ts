// Read-your-writes with embedded replicas (server/replica.ts) over real HTTP on loopback.
import { describe, expect, it } from "vitest";
import { readYourWrites, WROTE_COOKIE, WROTE_COOKIE_SECONDS } from "./replica";
import { serve } from "../test/loopback-app";

describe("readYourWrites (embedded replicas)", () => {
  it("marks a browser that posts, and syncs the replica before its requests while the mark lives", async () => {
    let syncs = 0;
    const base = await serve((app) => app.use(readYourWrites(async () => void syncs++)));
    // A browser that has not written reads without a sync.
    expect((await fetch(`${base}/app/customers`)).status).toBe(200);
    expect(syncs).toBe(0);
    // A post marks it (and syncs nothing: it has no mark yet)...
    const posted = await fetch(`${base}/app/customers/new`, { method: "POST" });
    const mark = posted.headers.get("set-cookie") ?? "";
    expect(mark).toMatch(new RegExp(`^${WROTE_COOKIE}=1; Max-Age=${WROTE_COOKIE_SECONDS}; Path=/; HttpOnly; SameSite=Lax`));
    expect(syncs).toBe(0);
    // ...and its next requests, on whichever machine, sync first.
    const cookie = mark.split(";")[0];
    await fetch(`${base}/app/customers`, { headers: { Cookie: `theme=dark; ${cookie}` } });
    await fetch(`${base}/app`, { headers: { Cookie: cookie } });
    expect(syncs).toBe(2);
  });

  it("answers from the replica as it is when the sync fails or takes too long", async () => {
    const base = await serve((app) =>
      app
        .use(
          "/slow",
          readYourWrites(() => new Promise(() => {}), { timeoutMs: 50 }),
        )
        .use(
          "/broken",
          readYourWrites(async () => Promise.reject(new Error("primary down"))),
        ),
    );
    const cookie = `${WROTE_COOKIE}=1`;
    const started = Date.now();
    expect((await fetch(`${base}/slow/app`, { headers: { Cookie: cookie } })).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await fetch(`${base}/broken/app`, { headers: { Cookie: cookie } })).status).toBe(200);
  });
});
