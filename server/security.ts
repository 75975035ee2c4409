import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/** Where Stripe Checkout's pages are: a customer's "Pay now" form is redirected there. */
export const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

/**
 * Security headers on every response; the CSP carries a fresh nonce for Remix's scripts.
 * `checkoutOrigin`: where card payment forms are redirected (Stripe Checkout, and a stand-in's
 * address too when STRIPE_API_URL points the app at one), space-separated.
 */
export function securityHeaders({
  production,
  checkoutOrigin = STRIPE_CHECKOUT_ORIGIN,
}: {
  production: boolean;
  checkoutOrigin?: string;
}) {
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (production) {
      // Vite's dev server injects inline scripts without nonces, so the CSP is enforced
      // only for the production build.
      res.setHeader(
        "Content-Security-Policy",
        [
          "default-src 'self'",
          `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
          "style-src 'self' 'unsafe-inline'",
          "img-src 'self' data: blob:",
          "font-src 'self'",
          "connect-src 'self'",
          // "Pay now", "Pay deposit" and the hub's "Pay all" post here and are redirected to Stripe Checkout.
          `form-action 'self' ${checkoutOrigin}`,
          "frame-ancestors 'none'",
          "base-uri 'self'",
          "object-src 'none'",
        ].join("; "),
      );
      if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests sent from another site: the browser says where a
 * request comes from in Origin (or Sec-Fetch-Site); a form on evil.example posting here is cut off.
 */
export function sameOriginOnly() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.headers.origin;
    const fetchSite = req.headers["sec-fetch-site"];
    let allowed = true;
    if (typeof origin === "string" && origin !== "null") {
      try {
        // Scheme, host and port: https://host is not the origin of a page served as http://host.
        allowed = new URL(origin).origin === new URL(`${req.protocol}://${req.headers.host}`).origin;
      } catch {
        allowed = false;
      }
    } else if (origin === "null") {
      allowed = false;
    } else if (fetchSite === "cross-site") {
      allowed = false;
    }
    if (allowed) return next();
    res.status(403).json({ message: "Cross-site request refused." });
  };
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
/**
 * The pages whose forms upload a file (the logo, the customers' and the price book's CSV
 * imports): the only ones that read a multipart body, and they answer a broken one with
 * their form's message. Any other page's form is sent URL-encoded by browsers, with or
 * without JavaScript, and Remix would answer 500 to a malformed multipart body there, so
 * multipart is refused before it. A test (server/security.test.ts) finds the routes that
 * render a file form and fails when one is missing here.
 */
/** Form posts larger than this are refused before Remix reads them (the logo upload, 5 MB, fits). */
export const MAX_FORM_BYTES = 8 * 1024 * 1024;
/**
 * A photo and file upload: 20 files of at most 20 MB (app/infrastructure/upload.server.ts,
 * which reads it as a stream and stops at the file that passes its limit), plus the form.
 */
export const MAX_FILES_UPLOAD_BYTES = 20 * 20 * 1024 * 1024 + 1024 * 1024;

/** The pages that take a multipart body (route patterns, ":name" a segment) and the most each takes. */
export const UPLOAD_PAGES: Readonly<Record<string, number>> = {
  "/app/settings": MAX_FORM_BYTES,
  "/app/customers/import": MAX_FORM_BYTES,
  "/app/price-book/import": MAX_FORM_BYTES,
  // Photos and files (docs/product/files.md).
  "/app/jobs/:jobId/files": MAX_FILES_UPLOAD_BYTES,
  "/app/estimates/:estimateId/files": MAX_FILES_UPLOAD_BYTES,
  "/app/invoices/:invoiceId/files": MAX_FILES_UPLOAD_BYTES,
  "/app/schedule/:appointmentId/files": MAX_FILES_UPLOAD_BYTES,
  "/app/my-day/jobs/:jobId/files": MAX_FILES_UPLOAD_BYTES,
  "/app/my-day/visits/:appointmentId/files": MAX_FILES_UPLOAD_BYTES,
  // The customer's photos with a work request: the public page and the hub.
  "/request/:slug": MAX_FILES_UPLOAD_BYTES,
  "/c/:token": MAX_FILES_UPLOAD_BYTES,
};
export const UPLOAD_PATHS = Object.keys(UPLOAD_PAGES);

/** The API paths that take photos and files (multipart); every other API body is JSON. */
const API_UPLOADS = /^\/api\/(jobs|estimates|invoices|appointments)\/[^/]+\/files$/;

const patternOf = (route: string) =>
  new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z]+/g, "[^/]+")}$`);
const UPLOAD_PATTERNS = UPLOAD_PATHS.map((route) => [patternOf(route), UPLOAD_PAGES[route]] as const);

/** The most a multipart body to this path may hold, or undefined where none is taken. */
export function uploadLimitFor(path: string): number | undefined {
  if (API_UPLOADS.test(path)) return MAX_FILES_UPLOAD_BYTES;
  return UPLOAD_PATTERNS.find(([pattern]) => pattern.test(path))?.[1];
}

/**
 * Page actions read `request.formData()`: a body that is not a form (JSON, plain text, no
 * type at all) or a multipart body without its boundary would make that throw and answer
 * 500. Browsers never send those, but a script can: refuse them with 415 instead, and
 * multipart bodies everywhere but the upload pages (UPLOAD_PATHS). Bodies past the size
 * limit get 413. The /api routes read JSON themselves and are left alone.
 */
/** The page a post is for: `/app/settings.data` (single fetch) and `/app/settings/` are `/app/settings`. */
export function pagePath(req: Request) {
  return `${req.baseUrl}${req.path}`.replace(/\.data$/, "").replace(/(.)\/$/, "$1");
}

export function formBodiesOnly() {
  return (req: Request, res: Response, next: NextFunction) => {
    // /api reads JSON itself; /webhooks take the sender's raw body (Stripe's signed JSON).
    if (SAFE_METHODS.has(req.method) || req.path.startsWith("/api/") || req.path.startsWith("/webhooks/")) return next();
    const length = Number(req.headers["content-length"] ?? 0);
    const type = (req.headers["content-type"] ?? "").toLowerCase();
    const multipart = type.startsWith("multipart/form-data");
    const uploadLimit = multipart ? uploadLimitFor(pagePath(req)) : undefined;
    if (length > (uploadLimit ?? MAX_FORM_BYTES)) {
      res.status(413).json({ message: "The form is too large." });
      return;
    }
    const isForm = FORM_TYPES.some((formType) => type.startsWith(formType));
    const multipartWithoutBoundary = multipart && !/;\s*boundary=/.test(type);
    if (!isForm || multipartWithoutBoundary) {
      res.status(415).json({ message: "Send this form as application/x-www-form-urlencoded or multipart/form-data." });
      return;
    }
    if (multipart && uploadLimit === undefined) {
      res.status(415).json({ message: "This form takes no file: send it as application/x-www-form-urlencoded." });
      return;
    }
    next();
  };
}
