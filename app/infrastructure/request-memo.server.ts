import { AsyncLocalStorage } from "node:async_hooks";

// Opened by the server through the build's runtime (app/server-runtime.server.ts), read by the loaders.
const scope = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/**
 * Runs one HTTP request's work (its loaders and render) in a scope of its own, so what
 * several loaders read (the session, the shell's settings) is read once per request.
 * server/app.ts opens a scope for GET and HEAD only: no action runs in them, so nothing the
 * request reads can change under it. A form post reads afresh each time, as the action may
 * change the user, the settings or the session before the loaders run.
 */
export function inRequestScope<T>(work: () => T): T {
  return scope.run(new Map(), work);
}

/**
 * `load()` once per request scope and key; outside a scope (tests, scripts, actions), every
 * call loads. The next request has a new scope: nothing is kept between requests, so a
 * session ended or a setting changed takes effect on the very next one.
 */
export function memoInRequest<T>(key: string, load: () => Promise<T>): Promise<T> {
  const memo = scope.getStore();
  if (!memo) return load();
  let found = memo.get(key) as Promise<T> | undefined;
  if (!found) {
    found = load();
    memo.set(key, found);
  }
  return found;
}
