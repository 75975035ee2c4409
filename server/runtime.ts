// The Express server holds no copy of the app's modules: it loads the Remix build and takes
// what it needs from the build's entry module (`serverRuntime`, exported by
// app/entry.server.tsx). So the process has one database connection, one request scope and
// one work runner, whichever part asks (docs/decisions/027-one-server-module-graph.md).
// This file says what the server expects; test/server-runtime.test.ts checks that the app's
// object has this shape.
import { existsSync } from "node:fs";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";

export interface RequestLimiter {
  /**
   * Counts one attempt for the key, in the database every server shares; refused once its
   * window holds more than the maximum.
   */
  hit(key: string): Promise<{ ok: boolean; retryAfterSeconds: number }>;
}

export interface WorkRunSummary {
  swept: Record<string, number>;
  done: string[];
  failed: { key: string; error: string }[];
  skipped: number;
}

export interface AppRuntime {
  config(): {
    NODE_ENV: "development" | "production" | "test";
    PORT: number;
    HOST: string;
    /** An embedded replica syncs from a primary (DATABASE_SYNC_URL). */
    replica: boolean;
    RATE_LIMIT_AUTH_PER_MINUTE: number;
  };
  openDatabase(): Promise<void>;
  closeDatabase(): Promise<void>;
  syncReplica(): Promise<void>;
  checkDatabase(): Promise<void>;
  inRequestScope<T>(work: () => T): T;
  rateLimiter(options: { windowMs: number; max: number }): RequestLimiter;
  startBackgroundWork(): () => void;
  workNames(): string[];
  runDueWorkOnce(options?: { now?: Date; only?: string[] }): Promise<WorkRunSummary>;
}

/** The app's runtime in a Remix build; a clear error when the build is not TradeDesk's or is out of date. */
export function runtimeOf(build: Pick<ServerBuild, "entry">): AppRuntime {
  const runtime = (build.entry.module as { serverRuntime?: AppRuntime }).serverRuntime;
  if (!runtime) {
    throw new Error("The Remix build does not export serverRuntime (app/entry.server.tsx): rebuild it with `npm run build`.");
  }
  return runtime;
}

/** The production build's directory (BUILD_DIR, else build/) under the project root. */
export function buildDirectory(root: string) {
  return path.join(root, process.env.BUILD_DIR ?? "build");
}

/** The production Remix build (build/server/index.js), with a clear error when it is missing. */
export async function importProductionBuild(root: string): Promise<ServerBuild> {
  const file = path.join(buildDirectory(root), "server/index.js");
  if (!existsSync(file)) throw new Error(`No Remix build at ${file}: run \`npm run build\` (npm start builds when needed).`);
  return (await import(file)) as ServerBuild;
}
