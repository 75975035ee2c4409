import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "server/**/*.test.ts", "test/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./test/setup-i18n.ts", "./test/setup-db.ts"],
    pool: "forks",
    testTimeout: 20000,
  },
});
