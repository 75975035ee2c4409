// The worker of bench/ab.ts: loads two server builds into this one process and times the
// same page through each, alternately, with Remix's request handler (no Express, no
// compression, which cost the same for the same bytes).
// Arguments: buildA buildB (directories, relative to the project or absolute: a build made in
// another checkout uses that checkout's packages), pages (comma-separated), requests; env:
// AB_EMAIL, AB_PASSWORD and the database's DATABASE_URL. Prints one JSON line per page.
import path from "node:path";
import { createRequestHandler } from "@remix-run/node";

const [dirA, dirB, pageList, count] = process.argv.slice(2);
const root = path.resolve(import.meta.dirname, "..");
const requests = Number(count);
const base = "http://127.0.0.1:3899";

async function handlerOf(dir) {
  const build = await import(path.resolve(root, dir, "server/index.js"));
  const handle = createRequestHandler(build, "production");
  const context = () => ({ cspNonce: "bench", requestMethod: "GET", clientDir: path.resolve(root, dir, "client") });
  return (request) => handle(request, context());
}

// Builds made before 8029fce kept their database connection and request scope on globalThis
// (processWide), so the second build loaded would use the first's connection, opened with the
// first checkout's @libsql/client and drizzle-orm, and the comparison would not see those
// packages. Each build gets its own: what the first put there is forgotten before the second
// is loaded (the first keeps its own references). Later builds put nothing there.
function forgetProcessWide() {
  for (const key of Object.getOwnPropertySymbols(globalThis)) {
    if (String(key.description).startsWith("tradedesk.")) delete globalThis[key];
  }
}
const handlerA = await handlerOf(dirA);
forgetProcessWide();
const builds = [handlerA, await handlerOf(dirB)];
const login = await builds[0](
  new Request(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ email: process.env.AB_EMAIL, password: process.env.AB_PASSWORD }),
  }),
);
const session = login.headers
  .getSetCookie()
  .find((c) => c.startsWith("td_session="))
  ?.split(";")[0];
if (!session) throw new Error(`sign-in answered ${login.status}`);

/** CPU (user + system, ms) of one request through `handle`, its answer read to the end. */
async function cpuOf(handle, page) {
  // Without Sec-Fetch-Mode: navigate, as bench/cpu.ts: the stylesheet is linked, not inlined.
  const request = new Request(base + page, { headers: { Cookie: session } });
  const start = process.cpuUsage();
  const response = await handle(request);
  const body = await response.text();
  const used = process.cpuUsage(start);
  if (response.status !== 200) throw new Error(`${page} answered ${response.status}`);
  return { ms: (used.user + used.system) / 1000, bytes: Buffer.byteLength(body) };
}

const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;
const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

for (const page of pageList.split(",")) {
  for (let i = 0; i < 50; i++) for (const handle of builds) await cpuOf(handle, page);
  const times = [[], []];
  const bytes = [0, 0];
  for (let i = 0; i < requests; i++) {
    // Alternate which build goes first, so neither always follows the other's garbage.
    const order = i % 2 === 0 ? [0, 1] : [1, 0];
    for (const which of order) {
      const { ms, bytes: size } = await cpuOf(builds[which], page);
      times[which].push(ms);
      bytes[which] = size;
    }
  }
  console.log(
    JSON.stringify({
      page,
      a: { mean: mean(times[0]), median: median(times[0]), bytes: bytes[0] },
      b: { mean: mean(times[1]), median: median(times[1]), bytes: bytes[1] },
    }),
  );
}
