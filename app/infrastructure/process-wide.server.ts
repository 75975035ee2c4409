/**
 * One value per process, shared by every copy of the module that asks for it. The Express
 * server (build/server.js, bundled by esbuild) and the Remix build (build/server/index.js,
 * bundled by Vite) each carry their own copy of the app's server modules, so a module-level
 * variable exists twice in production. What must be one per process (the request scope the
 * server opens and the loaders read, the database connection the server closes at shutdown)
 * lives on `globalThis` under a registered symbol instead.
 */
export function processWide<T>(name: string, create: () => T): T {
  const slots = globalThis as unknown as Record<symbol, T | undefined>;
  const key = Symbol.for(`tradedesk.${name}`);
  return (slots[key] ??= create());
}
