import type { AppLoadContext } from "@remix-run/node";

/**
 * What every loader and action of one HTTP request is given besides the request. The
 * method is the HTTP request's: after a form post Remix calls the page's loaders with a
 * GET Request of its own, and a loader that counts page views must not count those.
 */
export function loadContextFor(method: string, cspNonce?: string, clientDir?: string): AppLoadContext {
  return { cspNonce, requestMethod: method, clientDir };
}
