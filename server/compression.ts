import { constants } from "node:zlib";
import compression from "compression";
import type { NextFunction, Request, Response } from "express";

/**
 * Settings fit for pages of 5–150 KB of HTML: gzip at its usual level 6, and brotli at
 * quality 4 with a 256 KB window (the library's default window is 4 MB, which costs time to
 * set up for every response and buys nothing on a page smaller than 256 KB).
 */
export const COMPRESSION_OPTIONS = {
  level: 6,
  brotli: {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_LGWIN]: 18,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  },
};

function isHtml(res: Response): boolean {
  const type = res.getHeader("Content-Type");
  return typeof type === "string" && type.toLowerCase().startsWith("text/html");
}

/**
 * Compresses each response once. Remix's adapter calls `res.flush()` after every chunk React
 * renders (about 30 a page), and each flush ends a compressed block: the page was compressed
 * as 30 small pieces, slower and larger. A page is rendered whole before it is sent (no route
 * streams deferred data into the HTML), so an HTML response is not flushed chunk by chunk:
 * the compressor sends its output as its buffer fills and at the end. Anything else (single
 * fetch's `.data` stream, which carries deferred data, downloads) is still flushed as
 * written, so a response that truly streams keeps streaming.
 */
export function compressResponses() {
  const compress = compression(COMPRESSION_OPTIONS);
  return (req: Request, res: Response, next: NextFunction) => {
    compress(req, res, (error?: unknown) => {
      if (error) return next(error);
      const flush = res.flush;
      res.flush = () => {
        if (!isHtml(res)) flush.call(res);
      };
      next();
    });
  };
}
