// Request bodies are capped while they stream in: a body past its
// limit is refused with 413 at the byte that passes it, whether or not it declared its
// length, before any handler has read it, and nothing more of it is kept. A body a handler
// never read does not hold the connection either (docs/security.md, "Request bodies").
import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { MAX_FORM_BYTES, pagePath, uploadLimitFor } from "./security";

/** JSON, forms and webhooks: far above any real form or API payload (an estimate with 200 lines is under 100 KB). */
export const MAX_BODY_BYTES = 1024 * 1024;
/** A multipart upload (the logo, a customer CSV) on the pages that take one. */
export const MAX_UPLOAD_BYTES = MAX_FORM_BYTES;

const hasBody = (req: Request) =>
  req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;

export function bodyLimitFor(req: Request): number {
  const type = (req.headers["content-type"] ?? "").toLowerCase();
  return (type.startsWith("multipart/form-data") && uploadLimitFor(pagePath(req))) || MAX_BODY_BYTES;
}

class BodyTooLargeError extends Error {
  constructor(limit: number) {
    super(`The request body is larger than ${limit} bytes.`);
  }
}

function refuse(req: Request, res: Response, limit: number) {
  if (res.locals.bodyRefused) return;
  res.locals.bodyRefused = true;
  // Whoever is reading the body gets an error, never a shortened body taken as whole.
  const stop = () => req.destroy(new BodyTooLargeError(limit));
  if (res.headersSent) return stop();
  res.setHeader("Connection", "close");
  const message = `The request is too large (at most ${Math.round(limit / 1024)} KB).`;
  res.status(413);
  if (req.path.startsWith("/api/") || req.path.startsWith("/webhooks/")) res.json({ message });
  else res.type("text/plain; charset=utf-8").send(message);
  res.once("finish", stop);
}

export function bodyLimits() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req)) return next();
    // An error on the request stream after a refusal has no one else to go to.
    req.on("error", () => {});
    const limit = bodyLimitFor(req);
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit) return refuse(req, res, limit);

    // Counted where the HTTP parser hands the body over, before any reader buffers it.
    let received = 0;
    const stream = req as IncomingMessage;
    const push = stream.push.bind(stream);
    stream.push = (chunk: unknown, encoding?: BufferEncoding) => {
      if (chunk !== null && chunk !== undefined) {
        received += (chunk as Buffer).length;
        if (received > limit) {
          refuse(req, res, limit);
          return false;
        }
      }
      return push(chunk, encoding);
    };

    // A handler that answers without reading the whole body (a redirect, a 404 for a wrong
    // token) leaves the rest in the connection, where the next request on it would wait
    // behind it: such an answer closes the connection instead.
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
      if (!req.complete && !res.headersSent) res.setHeader("Connection", "close");
      return writeHead.apply(this, args);
    } as Response["writeHead"];
    next();
  };
}

/** After the Remix handler: a request whose body was refused has had its answer; what failed after it is not news. */
export function bodyRefusalErrors() {
  return (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.locals.bodyRefused) return;
    next(error);
  };
}
