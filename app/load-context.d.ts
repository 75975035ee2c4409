import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce?: string;
    /** The HTTP request's method (server/load-context.ts): POST for the loaders Remix runs after an action. */
    requestMethod?: string;
    /** The built browser files (build/client) of a production server: the first visit's stylesheet is read there. */
    clientDir?: string;
  }
}
