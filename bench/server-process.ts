// Helpers for the servers the benchmark starts, shared by bench/run.ts and bench/cpu.ts:
// waiting for one to answer, and reading how much CPU it has used.
import { execFileSync, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** CPU time (user + system) the process has used, in milliseconds (in steps of one tick, 10 ms). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/**
 * Waits until `url` answers 2xx. Throws when `server` exits first, or after `timeoutMs`.
 * `name` says which server in the errors, and `hint` where to look (its log, say).
 */
export async function waitForOk(
  url: string,
  server: ChildProcess,
  { name = "the server", hint = "", timeoutMs = 60_000 }: { name?: string; hint?: string; timeoutMs?: number } = {},
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`${name} exited (${server.exitCode ?? server.signalCode})${hint}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} did not answer ${url} within ${timeoutMs / 1000} s${hint}`);
}
