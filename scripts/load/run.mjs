// `npm run test:load`: load and fault tests against the production build, on loopback.
// Not part of `npm test` (it takes a few minutes and both cores). docs/reliability.md
// describes the phases, their pass criteria and the figures of a full run.
//
//   node scripts/load/run.mjs [--duration=60] [--connections=100] [--accounts=10]
//        [--fault-duration=15] [--phases=mixed,crash,two,shutdown,sqld] [--port=3450]
//        [--seed=N] [--no-build] [--sqld] [--servers=2]
//
// Each flag can also be given as an environment variable: LOAD_DURATION,
// LOAD_CONNECTIONS, LOAD_ACCOUNTS, LOAD_FAULT_DURATION, LOAD_PHASES, LOAD_PORT, LOAD_SEED,
// LOAD_SQLD=1, LOAD_SERVERS.
//
// Several machines on a libSQL server: `npm run test:load -- --sqld` (or the phase "sqld" in
// --phases) starts the real sqld (scripts/sqld.mjs), --servers production servers on it (2 by
// default; same SESSION_SECRET, SMTP_URL a loopback sink: both required on a shared database),
// spreads the mixed workload over them for --duration seconds
// and reads the database back through the server's URL. --sqld alone runs only that phase.
// Where sqld cannot be installed the phase fails (it was asked for); the default phases never
// need it.
// BUILD_DIR picks the build (default build/); it is built first when missing or older
// than the sources. Exits 1 when any criterion fails.
import { spawnSync } from "node:child_process";
import { existsSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { buildIsStale } from "../build-freshness.mjs";
import { createAgent, parseJson, send, Stats } from "./http.mjs";
import { ensureSqld, startSqld } from "../sqld.mjs";
import { cpuSecondsOf, portIsFree, root, scratchDirectory, ServerProcess } from "./server.mjs";
import { startSmtpSink } from "./smtp-sink.mjs";
import { verifyDatabase } from "./verify.mjs";
import { createRandom, Model, registerAccount, Worker } from "./workload.mjs";

// ---------------------------------------------------------------------------------
// Options

function option(name, envName, fallback) {
  const flag = process.argv.find((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  if (flag) return flag.includes("=") ? flag.slice(flag.indexOf("=") + 1) : "true";
  return process.env[envName] ?? fallback;
}

const sqldMode = option("sqld", "LOAD_SQLD", "") !== "";
const phasesGiven = process.argv.some((arg) => arg.startsWith("--phases")) || process.env.LOAD_PHASES !== undefined;

const options = {
  duration: Number(option("duration", "LOAD_DURATION", "60")),
  connections: Number(option("connections", "LOAD_CONNECTIONS", "100")),
  accounts: Number(option("accounts", "LOAD_ACCOUNTS", "10")),
  faultDuration: Number(option("fault-duration", "LOAD_FAULT_DURATION", "15")),
  phases: (phasesGiven ? option("phases", "LOAD_PHASES", "") : sqldMode ? "sqld" : "mixed,crash,two,shutdown")
    .split(",")
    .map((p) => p.trim()),
  servers: Number(option("servers", "LOAD_SERVERS", "2")),
  port: Number(option("port", "LOAD_PORT", "3450")),
  seed: Number(option("seed", "LOAD_SEED", String(Date.now() % 1_000_000))),
  build: option("no-build", "LOAD_NO_BUILD", "") === "",
  buildDir: process.env.BUILD_DIR ?? "build",
};
for (const key of ["duration", "connections", "accounts", "faultDuration", "port", "seed", "servers"]) {
  if (!Number.isFinite(options[key]) || options[key] <= 0) {
    console.error(`Bad value for ${key}: ${options[key]}`);
    process.exit(2);
  }
}

const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
const results = [];
const log = (...args) => console.log(...args);

/** One line of the summary table; `ok` false fails the run. */
function criterion(phase, name, value, ok) {
  results.push({ phase, name, value: String(value), ok });
  log(`  ${ok ? "PASS" : "FAIL"}  ${name}: ${value}`);
}

// ---------------------------------------------------------------------------------
// Build

function ensureBuild() {
  const built = path.join(root, options.buildDir, "server.js");
  if (!buildIsStale(root, options.buildDir)) return;
  if (!options.build) {
    if (existsSync(built))
      return log(`Note: ${options.buildDir}/ is older than the sources (--no-build given, using it anyway).`);
    throw new Error(`${options.buildDir}/server.js is missing; run without --no-build.`);
  }
  log(`Building into ${options.buildDir}/ ...`);
  const result = spawnSync("npm", ["run", "build", "--silent"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, BUILD_DIR: options.buildDir },
  });
  if (result.status !== 0) throw new Error(`The build failed:\n${result.stdout}\n${result.stderr}`);
}

// ---------------------------------------------------------------------------------
// Shared pieces of the phases

const scratch = () => (scratchCache ??= scratchDirectory(options.buildDir, stamp));
let scratchCache;

/** `database`: a file, or a URL (a libSQL server's); `env`: more variables for the server. */
async function startServer(label, port, database, env = {}) {
  if (!(await portIsFree(port))) throw new Error(`Port ${port} is in use; pick another base with --port.`);
  const where = /^https?:/.test(database) ? { databaseUrl: database } : { databaseFile: database };
  const server = new ServerProcess({ port, ...where, cwd: scratch(), buildDir: options.buildDir, label, env });
  await server.ready();
  return server;
}

async function setUp(model, target, count) {
  for (let i = 0; i < count; i++) {
    model.accounts.push(
      await registerAccount({
        agent: target.agent,
        port: target.port,
        index: i,
        stamp: `${stamp}-${i}-${Math.random().toString(36).slice(2, 6)}`,
      }),
    );
  }
}

function progress(stats, phaseState, startedAt) {
  const timer = setInterval(() => {
    const seconds = (Date.now() - startedAt) / 1000;
    log(
      `  … ${seconds.toFixed(0)} s: ${stats.requests} requests (${(stats.requests / seconds).toFixed(0)}/s), ${stats.writesAcked} writes acknowledged, ${phaseState.inFlight} in flight`,
    );
  }, 10_000);
  timer.unref();
  return () => clearInterval(timer);
}

function reportProblems(phase, stats) {
  for (const [kind, count] of stats.problemCounts) {
    const examples = stats.problems.filter((p) => p.kind === kind).map((p) => `      ${p.detail}`);
    log(`    ${kind}: ${count}\n${examples.join("\n")}`);
  }
  const answered = [...stats.problemCounts.entries()].filter(([kind]) => kind !== "no answer");
  criterion(
    phase,
    "answers as expected (status, JSON, write echoed, read-your-writes)",
    answered.length ? answered.map(([k, n]) => `${n} × ${k}`).join(", ") : "all",
    answered.length === 0,
  );
}

function reportVerify(phase, verify) {
  for (const text of verify.problems) log(`      ${text}`);
  criterion(phase, "PRAGMA integrity_check", verify.integrity, verify.integrity === "ok");
  criterion(phase, "PRAGMA foreign_key_check", `${verify.foreignKeyViolations} violations`, verify.foreignKeyViolations === 0);
  criterion(
    phase,
    "acknowledged writes in the database with the acknowledged values",
    `${verify.checked - verify.missing - verify.wrong}/${verify.checked} records (${verify.missing} missing, ${verify.wrong} wrong${verify.inFlightApplied ? `, ${verify.inFlightApplied} hold the write in flight` : ""})`,
    verify.missing === 0 && verify.wrong === 0,
  );
  criterion(
    phase,
    "row counts (nothing lost, nothing unasked-for)",
    verify.unexpectedRows ? `${verify.unexpectedRows} unexpected rows` : "match",
    verify.problems.every((p) => !p.startsWith("account ")),
  );
  criterion(
    phase,
    "estimate and invoice totals = exact sum of their lines",
    `${verify.documentsChecked - verify.badTotals}/${verify.documentsChecked} documents`,
    verify.badTotals === 0,
  );
}

function reportLog(phase, servers) {
  const lines = servers.flatMap((server) => server.lockErrorsInLog().map((line) => `${server.label}: ${line}`));
  for (const line of lines.slice(0, 5)) log(`      ${line}`);
  criterion(phase, "no 'database is locked' / SQLITE_BUSY in server logs", `${lines.length} lines`, lines.length === 0);
}

const ms = (value) => `${value.toFixed(1)} ms`;

/**
 * CPU used by the servers and by this process (the load generator) from now until the
 * returned function is called, with the machine's load average: on a shared 2-core
 * machine the servers' CPU per request says more than the latencies.
 */
function cpuMeter(servers) {
  const before = servers.map((server) => server.cpuSeconds());
  const self = process.cpuUsage();
  const load = os.loadavg()[0];
  return () => {
    const server = servers.reduce((sum, s, i) => {
      const now = s.cpuSeconds();
      return now === null || before[i] === null ? sum : sum + now - before[i];
    }, 0);
    const own = process.cpuUsage(self);
    const client = (own.user + own.system) / 1e6;
    const loadAfter = os.loadavg()[0];
    return {
      server,
      client,
      load: [load, loadAfter],
      text: (seconds, requests) =>
        `CPU: server ${server.toFixed(1)} s (${((100 * server) / seconds).toFixed(0)}% of one core, ${((1000 * server) / Math.max(1, requests)).toFixed(1)} ms per request), ` +
        `load generator ${client.toFixed(1)} s; machine load average ${load.toFixed(1)} → ${loadAfter.toFixed(1)}`,
    };
  };
}

/** Runs the workers until the clock runs out or `stop.now` is set; answers the time it ran. */
async function drive(workers, { seconds, phaseState, stats }) {
  const started = Date.now();
  const stopAt = started + seconds * 1000;
  const stopProgress = progress(stats, phaseState, started);
  await Promise.all(workers.map((worker) => worker.run(() => phaseState.stop || Date.now() >= stopAt)));
  stopProgress();
  return (Date.now() - started) / 1000;
}

// ---------------------------------------------------------------------------------
// Phase 1: the mixed workload

async function mixedPhase() {
  log(`\n▶ Mixed workload: ${options.connections} connections for ${options.duration} s (${options.accounts} accounts)`);
  const databaseFile = path.join(scratch(), "mixed.db");
  const server = await startServer("server", options.port, databaseFile);
  return mixedWorkload({ phase: "mixed", servers: [server], database: databaseFile, seed: options.seed });
}

/**
 * The mixed workload on `servers` (already started, all on `database`): each request to one of
 * them at random. Warm-up, the timed run, the servers stopped by SIGTERM, then the database
 * read back and checked. `others` are more processes whose CPU counts (sqld).
 */
async function mixedWorkload({ phase, servers, database, seed, others = [] }) {
  const targets = servers.map((server) => ({ port: server.port, agent: createAgent(options.connections) }));
  const model = new Model();
  const warmStats = new Stats();
  const stats = new Stats();
  const phaseState = { inFlight: 0, faultsExpected: false, stop: false };
  await setUp(model, targets[0], options.accounts);
  const random = createRandom(seed);
  const workers = Array.from({ length: options.connections }, (_, index) => {
    const workerSeed = Math.floor(random.next() * 2 ** 32);
    return new Worker({
      index,
      account: model.accounts[index % model.accounts.length],
      targets,
      model,
      stats: warmStats,
      random: createRandom(workerSeed),
      mix: "mixed",
      phase: phaseState,
    });
  });
  await Promise.all(workers.map((worker) => worker.warmUp()));
  for (const worker of workers) worker.stats = stats;
  log(`  warm-up: ${warmStats.requests} writes, then the clock starts`);
  const cpu = cpuMeter(servers);
  const othersBefore = others.map((other) => other.cpuSeconds());
  const seconds = await drive(workers, { seconds: options.duration, phaseState, stats });
  const used = cpu();
  const othersUsed = others.map((other, i) => ({ label: other.label, seconds: other.cpuSeconds() - othersBefore[i] }));
  for (const target of targets) target.agent.destroy();
  const exits = await Promise.all(servers.map((server) => server.stop()));
  const summary = stats.summary(seconds);
  const writes = stats
    .opTable()
    .filter((row) => !row.op.startsWith("GET"))
    .reduce((sum, row) => sum + row.count, 0);
  log(
    `  ${summary.requests} requests in ${seconds.toFixed(1)} s: ${summary.rps.toFixed(0)} req/s, p50 ${ms(summary.p50)}, p90 ${ms(summary.p90)}, p99 ${ms(summary.p99)}, max ${ms(summary.max)}`,
  );
  log(`  slowest request: ${summary.slowest.op} in ${ms(summary.slowest.ms)}`);
  log(
    `  writes sent ${writes}, acknowledged ${stats.writesAcked} (+${warmStats.writesAcked} in the warm-up); records tracked ${model.entities.size}`,
  );
  log("  per operation (count, non-2xx, p50, p99):");
  for (const row of stats.opTable())
    log(
      `    ${row.op.padEnd(40)} ${String(row.count).padStart(7)} ${String(row.non2xx).padStart(4)} ${ms(row.p50).padStart(10)} ${ms(row.p99).padStart(10)}`,
    );
  log(`  ${used.text(seconds, summary.requests)}`);
  for (const other of othersUsed)
    log(
      `  CPU of ${other.label}: ${other.seconds.toFixed(1)} s (${((100 * other.seconds) / seconds).toFixed(0)}% of one core, ${((1000 * other.seconds) / Math.max(1, summary.requests)).toFixed(1)} ms per request)`,
    );
  criterion(
    phase,
    "throughput",
    `${summary.requests} requests, ${summary.rps.toFixed(0)} req/s, p50 ${ms(summary.p50)}, p99 ${ms(summary.p99)}`,
    true,
  );
  criterion(phase, "no 5xx", `${summary.status5xx + warmStats.count5xx()} 5xx`, summary.status5xx + warmStats.count5xx() === 0);
  criterion(
    phase,
    "every request answered",
    `${summary.errors + warmStats.errors} without an answer`,
    summary.errors + warmStats.errors === 0,
  );
  for (const [kind, count] of warmStats.problemCounts)
    stats.problemCounts.set(kind, (stats.problemCounts.get(kind) ?? 0) + count);
  stats.problems.push(...warmStats.problems);
  reportProblems(phase, stats);
  reportLog(phase, servers);
  criterion(
    phase,
    servers.length === 1 ? "server stops on SIGTERM with exit code 0" : "every server stops on SIGTERM with exit code 0",
    exits.map((exit) => `code ${exit.code}, signal ${exit.signal}, ${exit.ms} ms`).join("; "),
    exits.every((exit) => exit.code === 0),
  );
  const verify = await verifyDatabase(database, model, { exact: true });
  reportVerify(phase, verify);
  return {
    summary,
    seconds,
    writes,
    acked: stats.writesAcked + warmStats.writesAcked,
    records: model.entities.size,
    verify,
    cpu: used,
    othersCpu: othersUsed,
  };
}

// ---------------------------------------------------------------------------------
// Phase 2: SIGKILL in the middle of the write load, then restart on the same file

async function crashPhase() {
  const phase = "crash";
  const killAfter = options.faultDuration * (0.4 + Math.random() * 0.4);
  log(
    `\n▶ Crash safety: write load on ${options.connections} connections, SIGKILL after ${killAfter.toFixed(1)} s, restart on the same file`,
  );
  const databaseFile = path.join(scratch(), "crash.db");
  const port = options.port + 1;
  const server = await startServer("server", port, databaseFile);
  const target = { port, agent: createAgent(options.connections) };
  const model = new Model();
  const stats = new Stats();
  const phaseState = { inFlight: 0, faultsExpected: false, stop: false };
  await setUp(model, target, options.accounts);
  const random = createRandom(options.seed + 1);
  const workers = Array.from(
    { length: options.connections },
    (_, index) =>
      new Worker({
        index,
        account: model.accounts[index % model.accounts.length],
        targets: [target],
        model,
        stats,
        random: createRandom(Math.floor(random.next() * 2 ** 32)),
        mix: "writes",
        phase: phaseState,
      }),
  );
  const kill = setTimeout(() => {
    phaseState.faultsExpected = true;
    phaseState.stop = true;
    phaseState.inFlightAtKill = phaseState.inFlight;
    server.signal("SIGKILL");
  }, killAfter * 1000);
  await drive(workers, { seconds: options.faultDuration * 2, phaseState, stats });
  clearTimeout(kill);
  const exit = await server.exited;
  target.agent.destroy();
  const fiveXX = stats.count5xx();
  log(
    `  killed with ${phaseState.inFlightAtKill} requests in flight; ${stats.writesAcked} writes acknowledged before the kill, ${model.totalUnknownCreates()} creates and ${model.unknownUpdates()} updates unanswered`,
  );
  criterion(
    phase,
    "server was killed mid-load (SIGKILL)",
    `signal ${exit.signal}, ${phaseState.inFlightAtKill} requests in flight`,
    exit.signal === "SIGKILL" && phaseState.inFlightAtKill > 0,
  );
  criterion(phase, "no 5xx before the kill", `${fiveXX} 5xx`, fiveXX === 0);
  reportProblems(phase, stats);

  // The restarted server recovers the file (WAL) and serves what was acknowledged.
  const restarted = await startServer("restarted server", port, databaseFile);
  const agent = createAgent(8);
  let served = 0;
  let wrongReads = 0;
  const sample = [...model.entities.values()].filter((_, i) => i % 5 === 0).slice(0, 300);
  const collections = {
    customer: "customers",
    job: "jobs",
    estimate: "estimates",
    invoice: "invoices",
    appointment: "appointments",
  };
  for (const entity of sample) {
    const account = model.accounts[entity.account];
    const response = await send({ agent, port, path: `/api/${collections[entity.kind]}/${entity.id}`, cookie: account.cookie });
    if (response.status === 200 && parseJson(response)?.id === entity.id) served++;
    else wrongReads++;
  }
  agent.destroy();
  criterion(
    phase,
    "restart on the same file: /healthz 200, acknowledged records served",
    `${served}/${sample.length} sampled records`,
    wrongReads === 0,
  );
  const restartExit = await restarted.stop();
  criterion(phase, "restarted server stops on SIGTERM with exit code 0", `code ${restartExit.code}`, restartExit.code === 0);
  reportLog(phase, [server, restarted]);
  const verify = await verifyDatabase(databaseFile, model, { exact: false });
  reportVerify(phase, verify);
  return {
    killAfter,
    inFlightAtKill: phaseState.inFlightAtKill,
    acked: stats.writesAcked,
    unknownCreates: model.totalUnknownCreates(),
    unknownUpdates: model.unknownUpdates(),
    verify,
  };
}

// ---------------------------------------------------------------------------------
// Phase 3: two server processes on one database file

async function twoProcessPhase() {
  const phase = "two processes";
  log(
    `\n▶ Two server processes on one database file: writes and reads of one's own records for ${options.faultDuration} s, each request to either process`,
  );
  const databaseFile = path.join(scratch(), "two.db");
  const portA = options.port + 2;
  const portB = options.port + 3;
  // One after the other: the first applies the migrations.
  const serverA = await startServer("server A", portA, databaseFile);
  const serverB = await startServer("server B", portB, databaseFile);
  const targets = [
    { port: portA, agent: createAgent(options.connections) },
    { port: portB, agent: createAgent(options.connections) },
  ];
  const model = new Model();
  const stats = new Stats();
  const phaseState = { inFlight: 0, faultsExpected: false, stop: false };
  await setUp(model, targets[0], options.accounts);
  const random = createRandom(options.seed + 2);
  const workers = Array.from(
    { length: options.connections },
    (_, index) =>
      new Worker({
        index,
        account: model.accounts[index % model.accounts.length],
        targets,
        model,
        stats,
        random: createRandom(Math.floor(random.next() * 2 ** 32)),
        mix: "writes+own-reads",
        phase: phaseState,
      }),
  );
  const cpu = cpuMeter([serverA, serverB]);
  const seconds = await drive(workers, { seconds: options.faultDuration, phaseState, stats });
  const used = cpu();
  for (const target of targets) target.agent.destroy();
  const [exitA, exitB] = await Promise.all([serverA.stop(), serverB.stop()]);
  const summary = stats.summary(seconds);
  log(
    `  ${summary.requests} requests, ${summary.rps.toFixed(0)} req/s, p50 ${ms(summary.p50)}, p99 ${ms(summary.p99)}, max ${ms(summary.max)} (${summary.slowest.op}); ${stats.writesAcked} writes acknowledged`,
  );
  log(`  ${used.text(seconds, summary.requests)}`);
  criterion(phase, "no 5xx", `${summary.status5xx} 5xx`, summary.status5xx === 0);
  criterion(phase, "every request answered", `${summary.errors} without an answer`, summary.errors === 0);
  reportProblems(phase, stats);
  reportLog(phase, [serverA, serverB]);
  criterion(
    phase,
    "both stop on SIGTERM with exit code 0",
    `A ${exitA.code}, B ${exitB.code}`,
    exitA.code === 0 && exitB.code === 0,
  );
  const verify = await verifyDatabase(databaseFile, model, { exact: true });
  reportVerify(phase, verify);
  return { summary, acked: stats.writesAcked, verify };
}

// ---------------------------------------------------------------------------------
// Phase 5: several production servers on one libSQL server (sqld), as several machines on Turso

async function sqldPhase() {
  const phase = `${options.servers} servers on sqld`;
  log(
    `\n▶ ${options.servers} production servers on one libSQL server (sqld): the mixed workload on ${options.connections} connections for ${options.duration} s (${options.accounts} accounts), each request to any server`,
  );
  const found = ensureSqld({ log });
  if ("skipped" in found) {
    criterion(phase, "sqld available", `skipped: ${found.skipped}`, false);
    return { skipped: found.skipped };
  }
  const sqld = await startSqld({ bin: found.bin });
  log(`  sqld (pid ${sqld.pid}) at ${sqld.url}, folder ${sqld.dir}`);
  // On a shared database the app requires SMTP_URL in production: a sink that accepts every message.
  const smtp = await startSmtpSink();
  const servers = [];
  try {
    // One after the other: the first applies the migrations (the others would retry once).
    for (let i = 0; i < options.servers; i++)
      servers.push(
        await startServer(`server ${String.fromCharCode(65 + i)}`, options.port + 5 + i, sqld.url, { SMTP_URL: smtp.url }),
      );
    log(`  servers on ports ${servers.map((server) => `${server.port} (pid ${server.child.pid})`).join(", ")}`);
    const sqldProcess = { label: "sqld", cpuSeconds: () => cpuSecondsOf(sqld.pid) ?? 0 };
    const figures = await mixedWorkload({ phase, servers, database: sqld.url, seed: options.seed + 5, others: [sqldProcess] });
    return { ...figures, servers: options.servers };
  } finally {
    // Whatever happened: every server (by its child's PID), then sqld (by its PID).
    await Promise.all(servers.map((server) => server.stop()));
    await sqld.stop();
    await smtp.close();
    log(`  stopped ${servers.length} servers and sqld (pid ${sqld.pid}); ${smtp.received()} e-mails received by the SMTP sink`);
  }
}

// ---------------------------------------------------------------------------------
// Phase 4: graceful shutdown on SIGTERM

/** A request whose body is sent in two parts: it is in flight, for certain, until the second part goes. */
function slowUpload(port, cookie, body) {
  const payload = Buffer.from(JSON.stringify(body));
  const half = Math.floor(payload.length / 2);
  const req = http.request({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: "/api/customers",
    agent: false,
    headers: { "content-type": "application/json", "content-length": String(payload.length), accept: "application/json", cookie },
  });
  const answer = new Promise((resolve) => {
    req.on("response", (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode, body: Buffer.concat(chunks), headers: res.headers, at: Date.now() }));
    });
    req.on("error", (error) => resolve({ error: error.code ?? error.message, at: Date.now() }));
  });
  req.write(payload.subarray(0, half));
  return { finish: () => req.end(payload.subarray(half)), answer };
}

async function until(condition, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 5));
  }
  return true;
}

async function shutdownPhase() {
  const phase = "shutdown";
  log(
    "\n▶ Graceful shutdown: SIGTERM with PDF renders, a list and a half-sent write in flight, and an idle keep-alive connection",
  );
  const databaseFile = path.join(scratch(), "shutdown.db");
  const port = options.port + 4;
  const server = await startServer("server", port, databaseFile);
  const agent = createAgent(16);
  const model = new Model();
  const stats = new Stats();
  const phaseState = { inFlight: 0, faultsExpected: false, stop: false };
  await setUp(model, { port, agent }, 1);
  const account = model.accounts[0];
  const worker = new Worker({
    index: 0,
    account,
    targets: [{ port, agent }],
    model,
    stats,
    random: createRandom(options.seed + 3),
    mix: "writes",
    phase: phaseState,
  });
  for (let i = 0; i < 30; i++) await worker.createEstimate();
  const estimates = worker.mine.estimate;

  // Sockets opened (and accepted) beforehand, so the slow requests below travel on
  // connections the server already has; one more stays idle on purpose.
  const SLOW = 8;
  await Promise.all(Array.from({ length: SLOW + 1 }, () => send({ agent, port, path: "/healthz" })));
  const upload = slowUpload(port, account.cookie, { name: "Written during shutdown", city: "Austin" });
  const slow = Array.from({ length: SLOW }, (_, i) =>
    i < SLOW - 1
      ? send({
          agent,
          port,
          path: `/app/estimates/${estimates[i % estimates.length].id}/pdf`,
          cookie: account.cookie,
          accept: "application/pdf",
        })
      : send({ agent, port, path: "/api/estimates?pageSize=1000", cookie: account.cookie }),
  );
  const ends = slow.map((request) => request.then((response) => ({ ...response, at: Date.now() })));
  // A barrier: once a new connection gets its answer, the server has read the requests sent before it.
  await fetch(`http://127.0.0.1:${port}/healthz`);
  await new Promise((r) => setTimeout(r, 20));
  const signalledAt = Date.now();
  server.signal("SIGTERM");
  // The signal is handled once the event loop gets to it (it may be busy rendering a PDF).
  const handled = await until(() => server.logText().includes("SIGTERM:"), 30_000);
  const handledAfter = Date.now() - signalledAt;
  const refused = handled && (await portIsFree(port));
  const stillRunning = (
    await Promise.all(ends.map((p) => Promise.race([p.then(() => false), new Promise((r) => setTimeout(() => r(true), 0))])))
  ).filter(Boolean).length;
  upload.finish();
  const answers = await Promise.all(ends);
  const uploaded = await upload.answer;
  const exit = await server.exited;
  const exitedAt = Date.now();
  agent.destroy();

  const okSlow = answers.filter(
    (a, i) => a.status === 200 && (i < SLOW - 1 ? a.body.subarray(0, 5).toString() === "%PDF-" : Array.isArray(parseJson(a))),
  ).length;
  const afterSignal = answers.filter((a) => a.at > signalledAt).length;
  criterion(
    phase,
    "requests in flight at SIGTERM complete with 200 (PDFs, a list)",
    `${okSlow}/${SLOW} ok, ${afterSignal} of them finished after the signal`,
    okSlow === SLOW,
  );
  criterion(
    phase,
    "a write half-sent at SIGTERM completes with 201",
    `${uploaded.status ?? uploaded.error}`,
    uploaded.status === 201,
  );
  criterion(
    phase,
    "new connections refused after SIGTERM",
    !handled
      ? "SIGTERM not handled within 30 s"
      : refused
        ? `refused (signal handled after ${handledAfter} ms, ${stillRunning} requests still running)`
        : "accepted",
    refused,
  );
  criterion(
    phase,
    "process exits 0 after the last request",
    `code ${exit.code}, ${exitedAt - signalledAt} ms after SIGTERM`,
    exit.code === 0 && exitedAt - signalledAt < 8_000,
  );
  const closedLine = server.logText().includes("Database closed.");
  criterion(phase, "database client closed before exit", closedLine ? "yes" : "no 'Database closed.' in the log", closedLine);
  reportLog(phase, [server]);

  const created = parseJson(uploaded);
  const check = await verifyDatabase(databaseFile, model, { exact: true });
  let uploadStored = false;
  if (created?.id) {
    const { createClient } = await import("@libsql/client");
    const client = createClient({ url: `file:${databaseFile}` });
    const row = await client.execute({ sql: "SELECT name FROM customers WHERE id = ?", args: [created.id] });
    client.close();
    uploadStored = row.rows[0]?.name === "Written during shutdown";
  }
  criterion(phase, "the write answered during shutdown is in the database", uploadStored ? "yes" : "no", uploadStored);
  criterion(phase, "PRAGMA integrity_check after shutdown", check.integrity, check.integrity === "ok");
  const walLeft = existsSync(`${databaseFile}-wal`) ? statSync(`${databaseFile}-wal`).size : 0;
  criterion(phase, "WAL checkpointed into the database file on shutdown", `-wal ${walLeft} bytes`, walLeft === 0);
  return { okSlow, slow: SLOW, afterSignal, refused, exit: exit.code, exitMs: exitedAt - signalledAt, walLeft };
}

// ---------------------------------------------------------------------------------

const PHASES = { mixed: mixedPhase, crash: crashPhase, two: twoProcessPhase, shutdown: shutdownPhase, sqld: sqldPhase };

async function main() {
  for (const phase of options.phases)
    if (!PHASES[phase]) throw new Error(`Unknown phase ${phase}; use ${Object.keys(PHASES).join(",")}.`);
  ensureBuild();
  log(
    `TradeDesk load test: Node ${process.version}, ${os.cpus().length} CPUs (load average ${os.loadavg()[0].toFixed(1)}), build ${options.buildDir}/, seed ${options.seed}`,
  );
  log(`Databases and server working directory: ${path.relative(root, scratch())}/`);
  const figures = {};
  for (const phase of options.phases) {
    try {
      figures[phase] = await PHASES[phase]();
    } catch (error) {
      criterion(phase, "phase ran to the end", error instanceof Error ? (error.stack ?? error.message) : String(error), false);
    }
  }

  log("\n════════ Summary ════════");
  const width = Math.max(...results.map((r) => r.name.length));
  let current = "";
  for (const r of results) {
    if (r.phase !== current) {
      current = r.phase;
      log(`\n${current}`);
    }
    log(`  ${r.ok ? "PASS" : "FAIL"}  ${r.name.padEnd(width)}  ${r.value.split("\n")[0]}`);
  }
  const failed = results.filter((r) => !r.ok);
  log(`\n${results.length - failed.length} passed, ${failed.length} failed`);
  if (failed.length === 0 && !process.env.LOAD_KEEP) rmSync(scratch(), { recursive: true, force: true });
  else log(`Kept ${path.relative(root, scratch())}/ for inspection.`);
  process.exit(failed.length ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
