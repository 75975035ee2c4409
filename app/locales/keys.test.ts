// The translation keys are checked by tsc: this runs the TypeScript compiler on the real
// dictionaries and i18n module, beside copies of the Spanish dictionaries with a key taken out
// or one added, and small files that ask for texts, and expects a diagnostic exactly where a
// key is wrong. One program for all of them, so the dictionaries' types are built once.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const at = (file: string) => path.join(root, file);

/** The object literal a file's dictionary is written as (`const es: Dictionary = {…}`). */
function dictionaryLiteral(source: ts.SourceFile): ts.ObjectLiteralExpression {
  let found: ts.ObjectLiteralExpression | undefined;
  source.forEachChild(function visit(node) {
    if (
      !found &&
      ts.isVariableDeclaration(node) &&
      node.type &&
      node.initializer &&
      ts.isObjectLiteralExpression(node.initializer)
    )
      found = node.initializer;
    else node.forEachChild(visit);
  });
  if (!found) throw new Error(`no dictionary in ${source.fileName}`);
  return found;
}

/** The property at `keys` (a path into the dictionary's object literal). */
function propertyAt(file: string, text: string, keys: string[]): ts.PropertyAssignment {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  let object = dictionaryLiteral(source);
  let property: ts.PropertyAssignment | undefined;
  for (const key of keys) {
    property = object.properties.find(
      (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(source) === key,
    );
    if (!property) throw new Error(`${file} has no ${keys.join(".")}`);
    if (ts.isObjectLiteralExpression(property.initializer)) object = property.initializer;
  }
  return property!;
}

/** The file's text without the property at `keys` (and its comma). */
function without(file: string, keys: string[]): string {
  const text = readFileSync(at(file), "utf8");
  const property = propertyAt(file, text, keys);
  const end = text[property.end] === "," ? property.end + 1 : property.end;
  return text.slice(0, property.getStart()) + text.slice(end);
}

/** The file's text with `extra` (`name: "text",`) added first in the object at `keys`. */
function withExtra(file: string, keys: string[], extra: string): string {
  const text = readFileSync(at(file), "utf8");
  const object = propertyAt(file, text, keys).initializer as ts.ObjectLiteralExpression;
  const open = object.getStart() + 1;
  return `${text.slice(0, open)} ${extra} ${text.slice(open)}`;
}

// Files that exist only in this program, each beside what it imports. Bad ones must fail,
// good ones must not.
const uses = (body: string) => `
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { translate } from "~/infrastructure/i18n";
declare const t: TFunction;
declare const status: "pending" | "paid";
export function use() {
  const fromHook = useTranslation().t;
  ${body}
}
`;

const good = {
  "app/infrastructure/keys-check-good.ts": uses(`
    t("nav.customers");
    t("team.toast.removedDescription", { name: "Ana" });
    t("activity.events.viewed", { count: 2 });
    t(\`invoices.status.\${status}\`);
    fromHook("list.sortBy");
    translate("es", "nav.customers");
    translate("es", "activity.events.viewed_one");
  `),
};

const bad: Record<string, { text: string; names: string }> = {
  "app/locales/es-without-a-key.ts": {
    text: without("app/locales/es.ts", ["nav", "customers"]),
    names: "customers",
  },
  "app/locales/es-with-an-extra-key.ts": {
    text: withExtra("app/locales/es.ts", ["nav"], 'custommers: "Clientes",'),
    names: "custommers",
  },
  "app/locales/jobs.es-without-a-key.ts": { text: without("app/locales/jobs.es.ts", ["things"]), names: "things" },
  "app/locales/activity.es-without-a-plural-form.ts": {
    text: without("app/locales/activity.es.ts", ["events", "viewed_one"]),
    names: "viewed_one",
  },
  "app/infrastructure/keys-check-typo.ts": { text: uses(`t("nav.custommers");`), names: "nav.custommers" },
  "app/infrastructure/keys-check-hook-typo.ts": { text: uses(`fromHook("list.sortyBy");`), names: "list.sortyBy" },
  "app/infrastructure/keys-check-translate-typo.ts": {
    text: uses(`translate("en", "nav.custommers");`),
    names: "nav.custommers",
  },
  "app/infrastructure/keys-check-dynamic.ts": {
    text: uses(`const s = status as typeof status | "bogus"; t(\`invoices.status.\${s}\`);`),
    names: "invoices.status.bogus",
  },
  // translate reads a text as stored: a plural by its base name is i18next's alone.
  "app/infrastructure/keys-check-translate-plural.ts": {
    text: uses(`translate("en", "activity.events.viewed");`),
    names: "activity.events.viewed",
  },
};

/** Each file's diagnostics, as text. */
const errors = new Map<string, string[]>();
const errorsIn = (file: string) => errors.get(file) ?? [];

beforeAll(() => {
  const config = ts.getParsedCommandLineOfConfigFile(
    at("tsconfig.json"),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!config) throw new Error("tsconfig.json unreadable");
  // Only what the dictionaries and the i18n module need: no Remix, Vite or Node globals.
  const options = { ...config.options, types: [], noEmit: true };
  const virtual = new Map(
    [...Object.entries(good), ...Object.entries(bad).map(([file, { text }]) => [file, text] as const)].map(([file, text]) => [
      at(file),
      text,
    ]),
  );
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (file) => virtual.has(file) || fileExists(file);
  host.readFile = (file) => virtual.get(file) ?? readFile(file);
  host.getSourceFile = (file, language, ...rest) => {
    const text = virtual.get(file);
    return text === undefined ? getSourceFile(file, language, ...rest) : ts.createSourceFile(file, text, language, true);
  };
  const program = ts.createProgram({
    rootNames: [at("app/locales/es.ts"), at("app/infrastructure/i18n.ts"), ...virtual.keys()],
    options,
    host,
  });
  // Checked here, all at once (a few seconds; more on a busy machine, hence the time allowed).
  const checked = [
    "app/locales/es.ts",
    "app/locales/en.ts",
    "app/infrastructure/i18n.ts",
    ...Object.keys(good),
    ...Object.keys(bad),
  ];
  for (const file of checked)
    errors.set(
      file,
      program
        .getSemanticDiagnostics(program.getSourceFile(at(file)))
        .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")),
    );
}, 180_000);

describe("translation keys are typed", () => {
  it("the dictionaries, the i18n module and right keys pass", () => {
    expect(errorsIn("app/locales/es.ts")).toEqual([]);
    expect(errorsIn("app/locales/en.ts")).toEqual([]);
    expect(errorsIn("app/infrastructure/i18n.ts")).toEqual([]);
    for (const file of Object.keys(good)) expect(errorsIn(file), file).toEqual([]);
  });

  it.each(Object.entries(bad))("%s fails tsc", (file, { names }) => {
    const errors = errorsIn(file);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(names);
  });
});
