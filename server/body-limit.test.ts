// Request bodies against the real middleware and Remix's Express adapter over HTTP on
// loopback (docs/security.md, "Request bodies"): bodies past their cap are refused as they
// stream, chunked or not, without the server keeping them; a malformed form is a 400; an
// answer that leaves a body unread does not hang the next request on the connection.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequestHandler } from "@remix-run/express";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as apiLogin from "~/routes/api.auth.login/route";
import * as publicEstimate from "~/routes/e.$token/route";
import * as login from "~/routes/login/route";
import * as logout from "~/routes/logout/route";
import * as settings from "~/routes/app.settings/route";
import { signedInAccount } from "../test/accounts";
import { testBuild, type RouteModule } from "../test/remix-handler";
import { bodyLimitFor, bodyLimits, bodyRefusalErrors, MAX_BODY_BYTES } from "./body-limit";
import { loadContextFor } from "./load-context";
import { formBodiesOnly, MAX_FILES_UPLOAD_BYTES, sameOriginOnly } from "./security";

let server: http.Server;
let port = 0;

beforeAll(async () => {
  const app = express();
  app.use(bodyLimits());
  app.use(sameOriginOnly());
  app.use(formBodiesOnly());
  const build = testBuild({
    apiLogin: { path: "api/auth/login", module: apiLogin as unknown as RouteModule },
    login: { path: "login", module: login as unknown as RouteModule },
    logout: { path: "logout", module: logout as unknown as RouteModule },
    share: { path: "e/:token", module: publicEstimate as unknown as RouteModule },
    settings: { path: "app/settings", module: settings as unknown as RouteModule },
  });
  app.all("*", createRequestHandler({ build, mode: "production", getLoadContext: (req) => loadContextFor(req.method, "nonce") }));
  app.use(bodyRefusalErrors());
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const CHUNK = Buffer.alloc(64 * 1024, "a");

/**
 * Streams up to `total` bytes as `type`, chunked (no Content-Length) unless `declare`, and
 * stops writing as soon as the answer arrives or the connection closes. Resolves with the
 * status, the answer's text and how much was written.
 */
function stream(
  path: string,
  type: string,
  total: number,
  options: { cookie?: string; declare?: boolean; prefix?: string } = {},
) {
  return new Promise<{ status: number; body: string; sent: number; ms: number }>((resolve, reject) => {
    const started = Date.now();
    const headers: Record<string, string> = { "Content-Type": type };
    if (options.cookie) headers.Cookie = options.cookie;
    if (options.declare) headers["Content-Length"] = String(total);
    const request = http.request({ host: "127.0.0.1", port, path, method: "POST", headers, agent: false });
    let sent = 0;
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk.length < 10_000 ? chunk : chunk.slice(0, 100)));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body, sent, ms: Date.now() - started }));
    });
    request.on("error", (error) => (answered ? undefined : reject(error)));
    const write = () => {
      while (!answered && !request.destroyed && sent < total) {
        const chunk = sent === 0 && options.prefix ? Buffer.concat([Buffer.from(options.prefix), CHUNK]) : CHUNK;
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", write);
      }
      if (!answered && !request.destroyed) request.end();
    };
    write();
  });
}

describe("request bodies are capped while they stream", () => {
  it("refuses chunked bodies past the cap on a JSON route, a form, a public link and an upload, without keeping them", async () => {
    const { cookie } = await signedInAccount();
    if (global.gc) global.gc();
    const before = process.memoryUsage().rss;
    const BIG = 200 * 1024 * 1024;

    const json = await stream("/api/auth/login", "application/json", BIG, { prefix: '{"email":"' });
    expect(json.status).toBe(413);
    expect(JSON.parse(json.body)).toEqual({ message: "The request is too large (at most 1024 KB)." });

    const form = await stream("/login", "application/x-www-form-urlencoded", BIG, { prefix: "email=" });
    expect(form.status).toBe(413);
    expect(form.body).toBe("The request is too large (at most 1024 KB).");

    // A link that does not exist is answered without reading the body at all.
    const link = await stream(`/e/${"x".repeat(43)}`, "application/x-www-form-urlencoded", BIG, {
      prefix: "intent=approve&signature=",
    });
    expect([404, 413]).toContain(link.status);

    // The logo upload: past the logo's 5 MB the page says the file is too large; past 8 MB the server refuses it.
    const upload = await stream("/app/settings", "multipart/form-data; boundary=XX", BIG, {
      cookie,
      prefix: '--XX\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
    });
    expect([303, 302, 413]).toContain(upload.status);

    for (const answer of [json, form, link, upload]) expect(answer.sent).toBeLessThan(20 * 1024 * 1024);
    if (global.gc) global.gc();
    const grown = process.memoryUsage().rss - before;
    expect(grown).toBeLessThan(40 * 1024 * 1024);
  }, 60_000);

  it("refuses a declared length over the cap before reading anything", async () => {
    const answer = await stream("/login", "application/x-www-form-urlencoded", MAX_BODY_BYTES + 1, {
      declare: true,
      prefix: "email=",
    });
    expect(answer.status).toBe(413);
  });

  it("lets a body under the cap through to its page", async () => {
    const answer = await stream("/login", "application/x-www-form-urlencoded", 200 * 1024, {
      prefix: "email=a%40b.co&password=x&pad=",
    });
    expect(answer.status).not.toBe(413);
    expect(answer.status).toBeLessThan(500);
  });
});

describe("malformed bodies are the sender's mistake", () => {
  it("a broken multipart body to Settings, however its type is spelled, answers 400", async () => {
    const { cookie } = await signedInAccount();
    for (const type of ["multipart/form-data; boundary=XX", "Multipart/Form-Data; boundary=XX"]) {
      const response = await fetch(`http://127.0.0.1:${port}/app/settings`, {
        method: "POST",
        headers: { "Content-Type": type, Cookie: cookie },
        body: '--XX\r\nContent-Disposition: form-data; name="intent"\r\n\r\nlogo\r\n--X',
      });
      expect(response.status, type).toBe(400);
    }
  });
});

describe("an answer that leaves the body unread", () => {
  it("does not hang the next request on the same connection", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: Buffer) =>
      new Promise<{ status: number; ms: number }>((resolve, reject) => {
        const started = Date.now();
        const request = http.request(
          {
            host: "127.0.0.1",
            port,
            path,
            method,
            agent,
            headers: body ? { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(body.length) } : {},
          },
          (response) => {
            response.resume();
            response.on("end", () => resolve({ status: response.statusCode ?? 0, ms: Date.now() - started }));
          },
        );
        request.setTimeout(5_000, () => request.destroy(new Error(`${method} ${path} hung`)));
        request.on("error", reject);
        request.end(body);
      });
    // /logout answers a redirect without reading its body.
    const first = await send("POST", "/logout", Buffer.alloc(1000 * 1024, "a"));
    expect(first.status).toBeLessThan(400);
    const second = await send("GET", "/login");
    expect(second.status).toBe(200);
    expect(second.ms).toBeLessThan(3_000);
    agent.destroy();
  }, 20_000);
});

describe("the cap of a body by its path and type", () => {
  const req = (path: string, type: string) =>
    ({ headers: { "content-type": type }, baseUrl: "", path }) as unknown as Parameters<typeof bodyLimitFor>[0];
  it("lets a multipart upload to the files API reach 20 files of 20 MB; JSON there, and multipart elsewhere in the API, keep 1 MB", () => {
    for (const records of ["jobs", "estimates", "invoices", "appointments"]) {
      expect(bodyLimitFor(req(`/api/${records}/abc/files`, "multipart/form-data; boundary=x")), records).toBe(
        MAX_FILES_UPLOAD_BYTES,
      );
      expect(bodyLimitFor(req(`/api/${records}/abc/files`, "application/json")), records).toBe(MAX_BODY_BYTES);
    }
    expect(bodyLimitFor(req("/api/files/abc", "multipart/form-data; boundary=x"))).toBe(MAX_BODY_BYTES);
    expect(bodyLimitFor(req("/api/customers", "multipart/form-data; boundary=x"))).toBe(MAX_BODY_BYTES);
    expect(bodyLimitFor(req("/app/jobs/abc/files", "multipart/form-data; boundary=x"))).toBe(MAX_FILES_UPLOAD_BYTES);
  });
});
