// Bundles the Express server (server/index.ts and the app modules it uses) into
// build/server.js, and the one-pass work command (server/jobs.ts) into build/jobs.js; npm
// packages stay external and load from node_modules.
import { build } from "esbuild";

await build({
  entryPoints: { server: "server/index.ts", jobs: "server/jobs.ts" },
  outdir: process.env.BUILD_DIR ?? "build",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: "tsconfig.json",
  logLevel: "warning",
  sourcemap: true,
});
