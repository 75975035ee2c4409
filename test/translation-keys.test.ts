// Every key written in the code is in English. tsc checks a key where it reaches `t` or
// `translate`, and where it is typed (`TextKey`); a key written as a plain string that travels
// untyped (a zod schema's message, shown through conform's `string[]` and `messageKey`) is
// checked here instead: each string literal of app/ that looks like a key (a dictionary section,
// a dot, more) must be a key of English, a plural's base name, or the start of keys (a prefix
// the code completes, such as "estimates.taxRateFraction").
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import en from "~/locales/en";

const root = path.resolve(__dirname, "..");

/** Strings of app/ that look like keys but are not (a database's name for a column in its error text). */
const NOT_KEYS = new Set(["invoices.estimate_id", "estimates.estimate_number", "invoices.invoice_number"]);

function keys(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === "object" && !Array.isArray(value) ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** The source files of app/ (not the dictionaries, not the tests). */
function sourceFiles(): string[] {
  return readdirSync(path.join(root, "app"), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith("locales"))
    .map((file) => path.join("app", file));
}

/** The string literals of a source that look like keys (`<section>.<more>`), with their lines. */
function keyLikeStrings(file: string, text: string): { text: string; where: string }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { text: string; where: string }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) {
      const match = /^([a-z][A-Za-z]*)\.[A-Za-z0-9_.]*$/.exec(node.text);
      if (match && sections.has(match[1]) && !NOT_KEYS.has(node.text))
        found.push({ text: node.text, where: `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}` });
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

const all = keys(en);
const known = new Set([...all, ...all.map((key) => key.replace(/_(zero|one|two|few|many|other)$/, ""))]);
const sections = new Set(Object.keys(en));
const starts = new Set(all.flatMap((key) => Array.from(key, (_, end) => key.slice(0, end + 1))));

/** The key-like strings that are neither a key, a plural's base name, nor the start of keys. */
const unknownKeys = (strings: { text: string; where: string }[]) =>
  strings.filter(({ text }) => !known.has(text) && !starts.has(text)).map(({ text, where }) => `${where} ${text}`);

describe("every key written in the code is in English", () => {
  it("each key-like string of app/ is a key, a plural's base name, or the start of keys", () => {
    const strings = sourceFiles().flatMap((file) => keyLikeStrings(file, readFileSync(path.join(root, file), "utf8")));
    expect(strings.length).toBeGreaterThan(300);
    expect(unknownKeys(strings)).toEqual([]);
  });

  it("finds a typo in a schema's message, and leaves other strings alone", () => {
    const schema = `
      const name = z.string().min(1, "customers.nameRequird").max(200, "validation.tooLong");
      const prefix = \`estimates.taxRateFraction\`;
      const other = ["report.csv", "e.g. 10", "customers"];
      const plural = t(\`activity.events.viewed\`, { count });`;
    expect(unknownKeys(keyLikeStrings("app/lib/x-schema.ts", schema))).toEqual(["app/lib/x-schema.ts:2 customers.nameRequird"]);
  });
});
