// Bundles the Express server (server/index.ts and the app modules it uses) into
// build/server.js; npm packages stay external and load from node_modules.
import { build } from "esbuild";

await build({
  entryPoints: ["server/index.ts"],
  outfile: `${process.env.BUILD_DIR ?? "build"}/server.js`,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: "tsconfig.json",
  logLevel: "warning",
  sourcemap: true,
});
