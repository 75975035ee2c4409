// A small keep-alive HTTP client for the load test: every answer comes back whole (status,
// headers, body), so each write's answer can be checked and remembered, and every
// request's latency is measured from the moment it is sent.
import http from "node:http";

/** One agent per server under test: at most `connections` sockets, kept alive between requests. */
export function createAgent(connections) {
  return new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections, scheduling: "fifo" });
}

/**
 * Sends one request to 127.0.0.1:port. Resolves (never rejects) with
 * { status, headers, body: Buffer, ms } or, when no answer came, { error, ms }.
 */
export function send({ agent, port, method = "GET", path, body, cookie, accept, timeoutMs = 60_000 }) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers = { accept: accept ?? (path.startsWith("/api/") ? "application/json" : "text/html") };
    if (payload) {
      headers["content-type"] = "application/json";
      headers["content-length"] = String(payload.length);
    }
    if (cookie) headers.cookie = cookie;
    const start = process.hrtime.bigint();
    const elapsed = () => Number(process.hrtime.bigint() - start) / 1e6;
    let settled = false;
    const done = (result) => {
      if (settled) return;
      settled = true;
      resolve({ ...result, ms: elapsed() });
    };
    const req = http.request({ host: "127.0.0.1", port, method, path, agent, headers }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => done({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", (error) => done({ error: error.code ?? error.message }));
      res.on("aborted", () => done({ error: "aborted" }));
    });
    req.on("error", (error) => done({ error: error.code ?? error.message }));
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    req.end(payload);
  });
}

/** The `td_session=…` pair a response sets, for the Cookie header of later requests. */
export function sessionCookie(response) {
  const cookies = response.headers?.["set-cookie"] ?? [];
  const found = cookies.find((value) => value.startsWith("td_session="));
  return found ? found.split(";")[0] : null;
}

export function parseJson(response) {
  try {
    return JSON.parse(response.body.toString("utf8"));
  } catch {
    return undefined;
  }
}

/** Exact percentiles over every latency recorded (no histogram buckets). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/** Counts and latencies per operation, and the problems seen in answers. */
export class Stats {
  constructor() {
    this.latencies = [];
    this.byOp = new Map();
    this.statusCounts = new Map();
    this.problems = [];
    this.problemCounts = new Map();
    this.requests = 0;
    this.errors = 0;
    this.writesAcked = 0;
    /** The slowest request seen: its operation and time. */
    this.slowest = { op: "", ms: 0 };
  }

  record(op, response) {
    this.requests++;
    this.latencies.push(response.ms);
    if (response.ms > this.slowest.ms) this.slowest = { op, ms: response.ms };
    let entry = this.byOp.get(op);
    if (!entry) {
      entry = { count: 0, latencies: [], non2xx: 0 };
      this.byOp.set(op, entry);
    }
    entry.count++;
    entry.latencies.push(response.ms);
    const key = response.error ? `error:${response.error}` : String(response.status);
    this.statusCounts.set(key, (this.statusCounts.get(key) ?? 0) + 1);
    if (response.error) this.errors++;
    else if (response.status < 200 || response.status >= 300) entry.non2xx++;
  }

  /** A failed expectation; the first few of each kind are kept with details. */
  problem(kind, detail) {
    const count = (this.problemCounts.get(kind) ?? 0) + 1;
    this.problemCounts.set(kind, count);
    if (count <= 5) this.problems.push({ kind, detail });
  }

  count5xx() {
    let n = 0;
    for (const [key, value] of this.statusCounts) if (/^5\d\d$/.test(key)) n += value;
    return n;
  }

  summary(seconds) {
    const sorted = Float64Array.from(this.latencies).sort();
    return {
      requests: this.requests,
      rps: seconds > 0 ? this.requests / seconds : 0,
      p50: percentile(sorted, 50),
      p90: percentile(sorted, 90),
      p99: percentile(sorted, 99),
      max: sorted.length ? sorted[sorted.length - 1] : 0,
      slowest: this.slowest,
      errors: this.errors,
      status5xx: this.count5xx(),
    };
  }

  opTable() {
    return [...this.byOp.entries()]
      .sort((a, b) => b[1].count - a[1].count)
      .map(([op, entry]) => {
        const sorted = Float64Array.from(entry.latencies).sort();
        return { op, count: entry.count, non2xx: entry.non2xx, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
      });
  }
}
