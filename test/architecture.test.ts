// The layers of docs/architecture.md, checked on every import of the app and the server.
// Imports point one way: routes → services → models → infrastructure → lib (pure rules,
// which import nothing above them). Nothing imports a layer above its own. The Express
// server imports nothing of app/: it loads the Remix build and takes what it needs from the
// build's exports. A test may import anything; production code may not import a test
// helper or the factories.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

type Layer =
  | "lib"
  | "locales"
  | "infrastructure"
  | "models"
  | "services"
  | "components"
  | "routes"
  | "root"
  | "schema"
  | "factories"
  | "server"
  | "test"
  | "package";

/** What each layer may import (values); `typeOnly` lists what it may import as types only. */
export const allowed: Record<string, { values: Layer[]; typeOnly?: Layer[] }> = {
  lib: { values: ["lib", "locales"] },
  locales: { values: ["locales"] },
  schema: { values: ["schema", "lib"] },
  infrastructure: { values: ["lib", "locales", "infrastructure", "schema"] },
  models: { values: ["lib", "locales", "infrastructure", "models", "schema"] },
  services: { values: ["lib", "locales", "infrastructure", "models", "services", "schema", "components"] },
  components: { values: ["lib", "locales", "components", "infrastructure"], typeOnly: ["models", "services", "root", "schema"] },
  routes: {
    values: ["lib", "locales", "infrastructure", "models", "services", "components", "schema"],
    typeOnly: ["root", "routes"],
  },
  root: { values: ["lib", "locales", "infrastructure", "models", "services", "components", "schema", "root"] },
  server: { values: ["server"] },
};

/** The layer a file (path relative to the root, with "/") belongs to. */
export function layerOf(file: string): Layer {
  if (/\.(test|spec)\.tsx?$/.test(file) || file.startsWith("test/") || file.startsWith("e2e/")) return "test";
  if (file.startsWith("db/factories") || file === "db/seed.ts") return "factories";
  if (file.startsWith("db/")) return "schema";
  if (file.startsWith("server/")) return "server";
  if (!file.startsWith("app/")) return "package"; // package.json and the like
  const [, part] = /^app\/([^/.]+)/.exec(file) ?? [];
  if (
    part === "lib" ||
    part === "locales" ||
    part === "infrastructure" ||
    part === "models" ||
    part === "services" ||
    part === "components" ||
    part === "routes"
  )
    return part;
  return "root"; // app/root.tsx, app/entry.*.tsx, app/routes.ts
}

/** The file an import names, relative to the root, or "package" for an npm package. */
export function target(specifier: string, from: string): string {
  if (specifier.startsWith("~/")) return `app/${specifier.slice(2)}`;
  if (specifier.startsWith("#db/")) return `db/${specifier.slice(4)}`;
  if (specifier.startsWith(".")) return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  return "package";
}

const importPattern = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s+from\s+["']([^"']+)["']/gms;

/** Every import of a source: the specifier, and whether only types come through it. */
export function importsOf(source: string): { specifier: string; typeOnly: boolean }[] {
  return [...source.matchAll(importPattern)].map((match) => {
    const clause = match[3];
    const named = /\{([^}]*)\}/.exec(clause)?.[1];
    const defaultOrNamespace = clause
      .replace(/\{[^}]*\}/, "")
      .replace(/,/g, "")
      .trim();
    const allTyped =
      named !== undefined &&
      defaultOrNamespace === "" &&
      named
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean)
        .every((part) => part.startsWith("type "));
    return { specifier: match[4], typeOnly: Boolean(match[2]) || allTyped };
  });
}

export function violations(file: string, source: string): string[] {
  const from = layerOf(file);
  const rule = allowed[from];
  if (!rule) return [];
  const found: string[] = [];
  for (const { specifier, typeOnly } of importsOf(source)) {
    const to = target(specifier, file);
    if (to === "package") continue;
    const layer = layerOf(to);
    if (layer === "package") continue;
    if (rule.values.includes(layer)) {
      if (from === "components" && layer === "infrastructure" && /\.server(\.tsx?)?$/.test(to) && !typeOnly) {
        found.push(`${file} → ${specifier} (a component must not import server code)`);
      }
      continue;
    }
    if (typeOnly && rule.typeOnly?.includes(layer)) continue;
    found.push(`${file} → ${specifier} (${from} may not import ${layer}${typeOnly ? "" : " values"})`);
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
}

describe("layers (docs/architecture.md)", () => {
  it("knows a wrong-way import when it sees one", () => {
    expect(violations("app/lib/money.ts", `import { getDb } from "~/infrastructure/db.server";`)).toHaveLength(1);
    expect(violations("app/lib/a.ts", `import { b } from "./b";\nimport { z } from "zod";`)).toEqual([]);
    expect(violations("app/models/a.server.ts", `import { loader } from "~/routes/app.customers/route";`)).toHaveLength(1);
    expect(violations("app/components/a.tsx", `import type { Customer } from "~/models/customer.server";`)).toEqual([]);
    expect(violations("app/components/a.tsx", `import { listCustomers } from "~/models/customer.server";`)).toHaveLength(1);
    expect(violations("app/components/a.tsx", `import { env } from "~/infrastructure/env.server";`)).toHaveLength(1);
    expect(violations("app/routes/x.tsx", `import { createCustomer } from "#db/factories";`)).toHaveLength(1);
    expect(violations("app/lib/x.ts", `import {\n  type A,\n  b,\n} from "../models/y.server";`)).toHaveLength(1);
  });

  it("refuses every upward import: a model may not import a service, infrastructure neither a model nor a service", () => {
    expect(violations("app/models/a.server.ts", `import { sendMail } from "~/services/mail.server";`)).toHaveLength(1);
    expect(violations("app/models/a.server.ts", `import { getDb } from "~/infrastructure/db.server";`)).toEqual([]);
    expect(violations("app/infrastructure/a.server.ts", `import { getUserById } from "~/models/user.server";`)).toHaveLength(1);
    expect(violations("app/infrastructure/a.server.ts", `import { sendMail } from "../services/mail.server";`)).toHaveLength(1);
    expect(violations("app/infrastructure/a.server.ts", `import { normalizeEmail } from "~/lib/email";`)).toEqual([]);
    expect(violations("db/schema.ts", `import { getDb } from "~/infrastructure/db.server";`)).toHaveLength(1);
  });

  it("keeps the Express server out of app/: it may import only its own files", () => {
    expect(violations("server/app.ts", `import { env } from "~/infrastructure/env.server";`)).toHaveLength(1);
    expect(violations("server/jobs.ts", `import { setNow } from "../app/lib/clock";`)).toHaveLength(1);
    expect(violations("server/app.ts", `import type { ServerRuntime } from "~/entry.server";`)).toHaveLength(1);
    expect(violations("server/app.ts", `import { healthCheck } from "./health";`)).toEqual([]);
  });

  it("every import of the app and the server goes the allowed way", () => {
    const files = [...sourceFiles("app"), ...sourceFiles("server"), ...sourceFiles("db")].filter(
      (file) => layerOf(file) !== "test",
    );
    expect(files.length).toBeGreaterThan(150);
    const found = files.flatMap((file) => violations(file, readFileSync(path.join(root, file), "utf8")));
    expect(found).toEqual([]);
  });
});
