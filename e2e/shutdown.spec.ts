import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { createClient } from "@libsql/client";
import { expect, test } from "@playwright/test";
import { portIsFree } from "../scripts/load/server.mjs";

// Graceful shutdown of the production server (server/index.ts): on SIGTERM a request in
// flight finishes, new connections are refused, the database is closed and the process
// exits 0. A server of its own (own port, own database file), no browser: it runs once,
// in the "js" project. `npm run test:load` does the same under load (docs/reliability.md).

const buildDir = process.env.BUILD_DIR ?? "build";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface Answer {
  status?: number;
  body: string;
  error?: string;
}

/** A request on the given agent, answered whole. */
function request(
  port: number,
  agent: http.Agent | false,
  options: { method?: string; path: string; cookie?: string; body?: unknown },
) {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const req = http.request({
    host: "127.0.0.1",
    port,
    agent,
    method: options.method ?? "GET",
    path: options.path,
    headers: {
      accept: "application/json",
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(payload ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) } : {}),
    },
  });
  const answer = new Promise<Answer & { headers: http.IncomingHttpHeaders }>((resolve) => {
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("latin1");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode, body, headers: res.headers }));
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message, body: "", headers: {} }));
  });
  return { req, payload, answer };
}

// A server-only test: it runs in the js project alone (playwright.config.ts).
test("SIGTERM: the request in flight completes, new connections are refused, the database is closed, exit 0", async () => {
  // Starting a server of its own takes a few seconds more on a busy machine.
  test.setTimeout(90_000);
  const port = await freePort();
  const databaseFile = path.resolve(`data/e2e-shutdown-${Date.now()}-${process.pid}.db`);
  let output = "";
  const server: ChildProcess = spawn(process.execPath, [path.join(buildDir, "server.js")], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${databaseFile}`,
      SESSION_SECRET: "shutdown-secret-shutdown-secret",
      RATE_LIMIT_AUTH_PER_MINUTE: "10000",
      QUIET_LOG: "1",
      BUILD_DIR: buildDir,
    },
  });
  server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));
  const agent = new http.Agent({ keepAlive: true });
  try {
    await until(
      () =>
        fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        ),
      45_000,
      `the server on port ${port}:\n${output}`,
    );

    const registered = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Shutdown Tester", email: `shutdown-${Date.now()}@example.com`, password: "hunter22-secret" }),
    });
    expect(registered.status).toBe(201);
    const cookie = registered.headers
      .getSetCookie()
      .find((c) => c.startsWith("td_session="))!
      .split(";")[0];

    // A keep-alive connection left idle must not hold the shutdown up for its keep-alive timeout.
    let idleClosed = false;
    const me = request(port, agent, { path: "/api/auth/me", cookie });
    me.req.once("socket", (socket) => socket.once("close", () => (idleClosed = true)));
    me.req.end();
    expect((await me.answer).status).toBe(200);
    await until(() => Object.keys(agent.freeSockets).length > 0, 5_000, "an idle keep-alive socket");

    // A create whose body is half sent: in flight, for certain, until the rest goes.
    const upload = request(port, false, {
      method: "POST",
      path: "/api/customers",
      cookie,
      body: { name: "Saved during shutdown", city: "Austin" },
    });
    const half = Math.floor(upload.payload!.length / 2);
    upload.req.write(upload.payload!.slice(0, half));
    await new Promise((r) => setTimeout(r, 200));

    server.kill("SIGTERM");
    await until(() => output.includes("SIGTERM:"), 10_000, "the server to handle SIGTERM");
    expect(await portIsFree(port), "new connections are refused once SIGTERM is handled").toBe(true);
    // Closed by the server while the upload is still open, not after its keep-alive timeout.
    await until(() => idleClosed, 3_000, "the server to close the idle keep-alive connection");

    upload.req.end(upload.payload!.slice(half));
    const answer = await upload.answer;
    expect(answer.error).toBeUndefined();
    expect(answer.status, answer.body).toBe(201);
    expect(answer.headers.connection).toBe("close");
    const created = JSON.parse(answer.body) as { id: string };

    expect(await exited).toBe(0);
    expect(output).toContain("Database closed.");

    const db = createClient({ url: `file:${databaseFile}` });
    try {
      expect((await db.execute("PRAGMA integrity_check")).rows[0][0]).toBe("ok");
      const row = await db.execute({ sql: "SELECT name FROM customers WHERE id = ?", args: [created.id] });
      expect(row.rows[0]?.name).toBe("Saved during shutdown");
    } finally {
      db.close();
    }
  } finally {
    agent.destroy();
    if (server.exitCode === null) server.kill("SIGKILL");
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${databaseFile}${suffix}`, { force: true });
  }
});
