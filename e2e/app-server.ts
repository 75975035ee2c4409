import { spawn, type ChildProcess } from "node:child_process";

// A production server of the app (`node build/server.js`) started by a spec that needs its own
// settings (a Stripe stand-in, a mail server, a shared database), on a port of the spec's.

export interface AppServer {
  name: string;
  url: string;
  child: ChildProcess;
  /** What the server printed, for the error when it fails. */
  output: string[];
  stop(): Promise<void>;
}

export function spawnAppServer(name: string, port: number, env: Record<string, string>): AppServer {
  const buildDir = process.env.BUILD_DIR ?? "build";
  const child = spawn(process.execPath, [`${buildDir}/server.js`], {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      QUIET_LOG: "1",
      RATE_LIMIT_AUTH_PER_MINUTE: "10000",
      BUILD_DIR: buildDir,
      // The run's files folder (playwright.config.ts), shared like a bucket would be.
      FILES_DIR: process.env.E2E_FILES_DIR ?? "data/e2e-files",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  async function stop() {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
  }
  return { name, url: `http://127.0.0.1:${port}`, child, output, stop };
}

/** Resolves once GET /healthz answers 200; throws with the server's output if it exits or takes too long. */
export async function waitHealthy(server: AppServer, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null)
      throw new Error(`server ${server.name} exited ${server.child.exitCode}:\n${server.output.join("")}`);
    const ok = await fetch(`${server.url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server ${server.name} not healthy after ${timeoutMs} ms:\n${server.output.join("")}`);
}
