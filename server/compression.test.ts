// Compression in front of Remix, over real HTTP on loopback: an HTML page is compressed as
// one stream (not one block per rendered chunk), and a response that streams still streams.
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, createGunzip, gunzipSync, gzipSync } from "node:zlib";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { compressResponses } from "./compression";

const servers: { close: () => void }[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

async function serve(setup: (app: express.Express) => void): Promise<string> {
  const app = express();
  app.use(compressResponses());
  setup(app);
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

// Thirty rendered chunks, each flushed as Remix's adapter does.
const CHUNKS = Array.from({ length: 30 }, (_, i) => `<tr><td>Customer ${i}</td><td>customer${i}@example.com</td></tr>\n`);

function chunked(type: string) {
  return (_req: express.Request, res: express.Response) => {
    res.setHeader("Content-Type", type);
    for (const chunk of CHUNKS) {
      res.write(chunk);
      res.flush();
    }
    res.end();
  };
}

/** The bytes as sent (fetch would decode them) and their Content-Encoding. */
function raw(url: string, encoding: string): Promise<{ body: Buffer; encoding: string | null }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { "Accept-Encoding": encoding } }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("end", () => resolve({ body: Buffer.concat(parts), encoding: res.headers["content-encoding"] ?? null }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("compressResponses", () => {
  it("compresses an HTML page once, whatever the number of flushed chunks", async () => {
    const base = await serve((app) => app.get("/page", chunked("text/html; charset=utf-8")));
    const whole = CHUNKS.join("");
    const gzip = await raw(`${base}/page`, "gzip");
    expect(gzip.encoding).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(whole);
    // One block: the size of compressing the page in one go, not thirty sync-flushed pieces.
    expect(gzip.body.length).toBeLessThanOrEqual(gzipSync(whole, { level: 6 }).length + 8);
    const br = await raw(`${base}/page`, "br");
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(whole);
    expect(br.body.length).toBeLessThan(gzip.body.length);
  });

  it("still flushes what is not HTML, so a stream reaches the browser as it is written", async () => {
    let finish = () => {};
    const base = await serve((app) =>
      app.get("/stream", (_req, res) => {
        res.setHeader("Content-Type", "text/x-script");
        res.write("first part;");
        res.flush();
        finish = () => res.end("last part;");
      }),
    );
    const text = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(`${base}/stream`, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
        expect(res.headers["content-encoding"]).toBe("gzip");
        const gunzip = createGunzip();
        let received = "";
        gunzip.on("data", (part: Buffer) => {
          received += part.toString();
          // The first part arrives while the response is still open; then it ends.
          if (received === "first part;") finish();
        });
        gunzip.on("end", () => resolve(received));
        res.pipe(gunzip);
      });
      req.on("error", reject);
      req.end();
    });
    expect(text).toBe("first part;last part;");
  });

  it("leaves a small answer uncompressed, and a client that asks for none gets none", async () => {
    const base = await serve((app) => {
      app.get("/small", (_req, res) => res.type("html").send("<p>ok</p>"));
      app.get("/page", chunked("text/html; charset=utf-8"));
    });
    expect((await raw(`${base}/small`, "gzip, br")).encoding).toBeNull();
    const identity = await raw(`${base}/page`, "identity");
    expect(identity.encoding).toBeNull();
    expect(identity.body.toString()).toBe(CHUNKS.join(""));
  });
});
