// A server on loopback that speaks the part of the S3 HTTP API the file store calls, path
// style (`/bucket/key`), keeping objects in memory, so the official AWS SDK runs for real in
// tests without reaching the internet (as test/stripe-server.ts does for Stripe). Every
// request must carry a valid AWS Signature Version 4 for the configured key: a wrong secret,
// a changed header or a body that is not the one signed gets 403 as from S3 itself, which is
// what makes the tests of app/infrastructure/file-store.server.ts a protocol test.
//
// PutObject, GetObject, HeadObject, DeleteObject, DeleteObjects (POST ?delete, with its
// required Content-MD5 or CRC32 checksum) and ListObjectsV2 (prefix, continuation, a page of
// at most `pageSize` keys in byte order).
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { crc32 } from "node:zlib";

export interface S3Object {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export interface S3Call {
  method: string;
  /** The path as sent, still URI-encoded: `/bucket/accounts/a/b`. */
  path: string;
  query: string;
  status: number;
  /** What SigV4 said: "valid", or the error code returned. */
  signature: string;
}

export interface S3ServerOptions {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region?: string;
  /** At most this many keys per ListObjectsV2 page (S3's is 1,000): small, to test the continuation. */
  pageSize?: number;
}

const xmlEscape = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
const xmlUnescape = (value: string) =>
  value
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&amp;/g, "&");

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters. */
const uriEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The query string in SigV4's canonical form: each name and value encoded, sorted. */
function canonicalQuery(query: string): string {
  if (!query) return "";
  return query
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf("=");
      const name = decodeURIComponent((at < 0 ? pair : pair.slice(0, at)).replace(/\+/g, "%20"));
      const value = at < 0 ? "" : decodeURIComponent(pair.slice(at + 1).replace(/\+/g, "%20"));
      return [uriEncode(name), uriEncode(value)] as const;
    })
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}

/** Checks the request's Authorization header (SigV4, header form) against the key; throws S3Error. */
function verifySignature(req: http.IncomingMessage, path: string, query: string, body: Buffer, options: S3ServerOptions) {
  const authorization = req.headers.authorization ?? "";
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) throw new S3Error(403, "AccessDenied", "The request is not signed with AWS Signature Version 4.");
  const [, accessKeyId, date, region, signedHeaders, signature] = match;
  if (accessKeyId !== options.accessKeyId) {
    throw new S3Error(403, "InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records.");
  }
  if (region !== (options.region ?? "auto"))
    throw new S3Error(400, "AuthorizationHeaderMalformed", `The region '${region}' is wrong.`);
  const amzDate = String(req.headers["x-amz-date"] ?? "");
  if (!amzDate.startsWith(date)) throw new S3Error(403, "AccessDenied", "X-Amz-Date does not match the credential's date.");
  const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"));
  if (!Number.isFinite(signedAt) || Math.abs(Date.now() - signedAt) > 15 * 60_000) {
    throw new S3Error(403, "RequestTimeTooSkewed", "The difference between the request time and the server's time is too large.");
  }
  const names = signedHeaders.split(";");
  if (!names.includes("host") || !names.includes("x-amz-date")) {
    throw new S3Error(403, "AccessDenied", "Host and X-Amz-Date must be signed.");
  }
  const payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
  if (!payloadHash) throw new S3Error(400, "InvalidRequest", "Missing required header for this request: x-amz-content-sha256");
  if (payloadHash.startsWith("STREAMING-")) {
    throw new S3Error(501, "NotImplemented", "Chunked (aws-chunked) uploads are not supported by this server.");
  }
  if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256(body)) {
    throw new S3Error(
      400,
      "XAmzContentSHA256Mismatch",
      "The provided 'x-amz-content-sha256' header does not match what was computed.",
    );
  }
  const headerValue = (name: string) => {
    const value = req.headers[name];
    return (Array.isArray(value) ? value.join(",") : (value ?? "")).trim().replace(/\s+/g, " ");
  };
  const canonicalRequest = [
    req.method,
    path,
    canonicalQuery(query),
    names.map((name) => `${name}:${headerValue(name)}\n`).join(""),
    signedHeaders,
    payloadHash,
  ].join("\n");
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, date), region), "s3"), "aws4_request");
  const expected = Buffer.from(createHmac("sha256", key).update(stringToSign).digest("hex"));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new S3Error(
      403,
      "SignatureDoesNotMatch",
      "The request signature we calculated does not match the signature you provided.",
    );
  }
}

export async function startS3Server(options: S3ServerOptions) {
  const objects = new Map<string, S3Object>();
  const calls: S3Call[] = [];
  const pageSize = options.pageSize ?? 1000;

  const handle = (req: http.IncomingMessage, body: Buffer, res: http.ServerResponse, call: S3Call) => {
    const [rawPath, query = ""] = (req.url ?? "/").split("?", 2) as [string, string?];
    call.path = rawPath;
    call.query = query;
    verifySignature(req, rawPath, query, body, options);
    call.signature = "valid";

    const [, bucket, ...rest] = rawPath.split("/");
    if (decodeURIComponent(bucket ?? "") !== options.bucket)
      throw new S3Error(404, "NoSuchBucket", "The specified bucket does not exist.");
    const key = rest.map(decodeURIComponent).join("/");
    const params = new URLSearchParams(query);
    const send = (status: number, headers: http.OutgoingHttpHeaders, payload?: Buffer | string) => {
      res.writeHead(status, { "x-amz-request-id": String(calls.length), ...headers });
      res.end(payload);
    };
    const xml = (status: number, text: string) =>
      send(status, { "Content-Type": "application/xml" }, `<?xml version="1.0" encoding="UTF-8"?>\n${text}`);

    if (key) {
      if (req.method === "PUT") {
        if (req.headers["x-amz-copy-source"]) throw new S3Error(501, "NotImplemented", "CopyObject is not supported here.");
        const declared = Number(req.headers["content-length"]);
        if (!Number.isFinite(declared) || declared !== body.length) {
          throw new S3Error(411, "MissingContentLength", "You must provide the Content-Length HTTP header.");
        }
        const etag = `"${createHash("md5").update(body).digest("hex")}"`;
        objects.set(key, {
          body,
          contentType: String(req.headers["content-type"] ?? "binary/octet-stream"),
          etag,
          lastModified: new Date(),
        });
        return send(200, { ETag: etag, "Content-Length": 0 });
      }
      if (req.method === "GET" || req.method === "HEAD") {
        const object = objects.get(key);
        if (!object) {
          if (req.method === "HEAD") return send(404, { "Content-Length": 0 });
          throw new S3Error(404, "NoSuchKey", "The specified key does not exist.");
        }
        return send(
          200,
          {
            "Content-Type": object.contentType,
            "Content-Length": object.body.length,
            ETag: object.etag,
            "Last-Modified": object.lastModified.toUTCString(),
            "Accept-Ranges": "bytes",
          },
          req.method === "GET" ? object.body : undefined,
        );
      }
      if (req.method === "DELETE") {
        objects.delete(key);
        return send(204, {});
      }
      throw new S3Error(405, "MethodNotAllowed", `${req.method} is not allowed on an object.`);
    }

    if (req.method === "POST" && params.has("delete")) {
      // S3 refuses a DeleteObjects without a checksum of its body, and checks the one sent.
      const md5 = req.headers["content-md5"];
      const crc = req.headers["x-amz-checksum-crc32"];
      if (!md5 && !crc) throw new S3Error(400, "InvalidRequest", "Missing required header for this request: Content-MD5");
      if (md5 && md5 !== createHash("md5").update(body).digest("base64")) {
        throw new S3Error(400, "BadDigest", "The Content-MD5 you specified did not match what we received.");
      }
      if (crc) {
        const sum = Buffer.alloc(4);
        sum.writeUInt32BE(crc32(body) >>> 0);
        if (crc !== sum.toString("base64"))
          throw new S3Error(400, "BadDigest", "The CRC32 you specified did not match the calculated checksum.");
      }
      const text = body.toString("utf8");
      const keys = [...text.matchAll(/<Object>\s*<Key>([\s\S]*?)<\/Key>[\s\S]*?<\/Object>/g)].map((m) => xmlUnescape(m[1]));
      if (keys.length > 1000) throw new S3Error(400, "MalformedXML", "At most 1,000 keys per request.");
      const quiet = /<Quiet>\s*true\s*<\/Quiet>/i.test(text);
      for (const k of keys) objects.delete(k);
      const deleted = quiet ? "" : keys.map((k) => `<Deleted><Key>${xmlEscape(k)}</Key></Deleted>`).join("");
      return xml(200, `<DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${deleted}</DeleteResult>`);
    }

    if (req.method === "GET" && params.get("list-type") === "2") {
      const prefix = params.get("prefix") ?? "";
      const token = params.get("continuation-token");
      const after = token ? Buffer.from(token, "base64url").toString("utf8") : (params.get("start-after") ?? "");
      const max = Math.min(Number(params.get("max-keys") ?? 1000), pageSize);
      const matching = [...objects.keys()]
        .filter((k) => k.startsWith(prefix) && k > after)
        .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
      const page = matching.slice(0, max);
      const truncated = matching.length > page.length;
      const contents = page
        .map((k) => {
          const object = objects.get(k)!;
          return `<Contents><Key>${xmlEscape(k)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><ETag>${xmlEscape(object.etag)}</ETag><Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
        })
        .join("");
      const next = truncated
        ? `<NextContinuationToken>${Buffer.from(page.at(-1)!).toString("base64url")}</NextContinuationToken>`
        : "";
      return xml(
        200,
        `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${xmlEscape(options.bucket)}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${token ? `<ContinuationToken>${xmlEscape(token)}</ContinuationToken>` : ""}${next}${contents}</ListBucketResult>`,
      );
    }
    throw new S3Error(501, "NotImplemented", `${req.method} ${rawPath}?${query} is not implemented by this server.`);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const call: S3Call = { method: req.method ?? "", path: "", query: "", status: 0, signature: "" };
      calls.push(call);
      try {
        handle(req, Buffer.concat(chunks), res, call);
        call.status = res.statusCode;
      } catch (error) {
        const s3 = error instanceof S3Error ? error : new S3Error(500, "InternalError", String(error));
        call.status = s3.status;
        if (!call.signature) call.signature = s3.code;
        const text = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${s3.code}</Code><Message>${xmlEscape(s3.message)}</Message><RequestId>${calls.length}</RequestId></Error>`;
        res.writeHead(s3.status, { "Content-Type": "application/xml", "x-amz-request-id": String(calls.length) });
        res.end(req.method === "HEAD" ? undefined : text);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    objects,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type S3Server = Awaited<ReturnType<typeof startS3Server>>;
