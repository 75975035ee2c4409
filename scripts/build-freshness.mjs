// Whether a production build is missing or older than what it is built from: `npm start`,
// the benchmark and the load test build only then.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * True when `<buildDir>/server.js` (or jobs.js) is missing or older than the newest file of app/, server/,
 * db/ and public/, or than package.json.
 * @param {string} root the project folder
 * @param {string} buildDir the build folder, relative to root
 */
export function buildIsStale(root, buildDir) {
  const built = path.join(root, buildDir, "server.js");
  if (!existsSync(built) || !existsSync(path.join(root, buildDir, "jobs.js"))) return true;
  const sources = ["app", "server", "db", "public"].map((d) => path.join(root, d)).filter(existsSync);
  const sourceTime = Math.max(...sources.map(newestMtime), statSync(path.join(root, "package.json")).mtimeMs);
  return statSync(built).mtimeMs < sourceTime;
}
