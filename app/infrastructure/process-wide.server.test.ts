// In production the Express server and the Remix build each carry a copy of the app's server
// modules. What must be one per process is shared between copies (process-wide.server.ts).
import { describe, expect, it, vi } from "vitest";

async function twoCopies<T>(load: () => Promise<T>): Promise<[T, T]> {
  vi.resetModules();
  const first = await load();
  vi.resetModules();
  const second = await load();
  return [first, second];
}

describe("processWide", () => {
  it("the request scope one copy opens is the scope the other copy's loaders read", async () => {
    const [server, build] = await twoCopies(() => import("./request-memo.server"));
    expect(server.memoInRequest).not.toBe(build.memoInRequest);
    let loads = 0;
    const readSession = async () => ++loads;
    const read = await server.inRequestScope(() =>
      Promise.all([
        build.memoInRequest("session", readSession),
        build.memoInRequest("session", readSession),
        server.memoInRequest("session", readSession),
      ]),
    );
    expect(read).toEqual([1, 1, 1]);
    expect(loads).toBe(1);
    // Outside a scope every call loads.
    expect(await build.memoInRequest("session", readSession)).toBe(2);
  });

  it("both copies of the database module use one connection", async () => {
    const [server, build] = await twoCopies(() => import("./db.server"));
    expect(server.getConnection).not.toBe(build.getConnection);
    const [a, b] = await Promise.all([server.getConnection(), build.getConnection()]);
    expect(a.client).toBe(b.client);
  });
});
