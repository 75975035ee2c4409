// Bundles the Express server (server/index.ts) into build/server.js, and the one-pass work
// command (server/jobs.ts) into build/jobs.js; npm packages stay external and load from
// node_modules. Neither holds app code: both load the Remix build (build/server/index.js)
// and take the app's runtime from it (server/runtime.ts), so the build fails if an app
// module was bundled in.
import path from "node:path";
import { build } from "esbuild";

const result = await build({
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
  metafile: true,
});

const appModules = Object.keys(result.metafile.inputs).filter((input) => input.split(path.sep).join("/").startsWith("app/"));
if (appModules.length > 0) {
  console.error(`server/ must not import app/ (it loads the Remix build instead); bundled: ${appModules.join(", ")}`);
  process.exit(1);
}
