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

// The other way round: every key of every dictionary is read by the code. A key counts as read
// when app/ (not the tests) writes it as a string; builds it in a template from a literal start
// (`requests.statuses.${status}`: each piece is the values of a parameter typed as a union of
// strings, else anything); or is a list's text, `${name}.things` in the list module, for a
// `<ListPage name="…">`. Each section of the dictionary is checked on its own.
const EVERY_KEY_READ = Object.keys(en);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The strings a template's piece can be: a parameter typed as a union of string literals, else any. */
function pieceValues(expression: ts.Expression): string[] | null {
  if (!ts.isIdentifier(expression)) return null;
  for (let node: ts.Node | undefined = expression.parent; node; node = node.parent) {
    if (!ts.isFunctionLike(node)) continue;
    const parameter = node.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === expression.text);
    if (!parameter) continue;
    const type = parameter.type;
    const members = type && ts.isUnionTypeNode(type) ? type.types : type ? [type] : [];
    const values = members.map((member) =>
      ts.isLiteralTypeNode(member) && ts.isStringLiteral(member.literal) ? member.literal.text : null,
    );
    return values.length > 0 && values.every((value) => value !== null) ? (values as string[]) : null;
  }
  return null;
}

/** What the sources read: whole keys, the patterns of keys built in templates, the lists' names and texts. */
function keysRead(sources: { file: string; text: string }[]) {
  const written = new Set<string>();
  const built: RegExp[] = [];
  const listNames = new Set<string>();
  const listTexts = new Set<string>();
  for (const { file, text } of sources) {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) written.add(node.text);
      if (ts.isTemplateExpression(node)) {
        const section = /^([a-z][A-Za-z]*)\./.exec(node.head.text)?.[1];
        const first = node.templateSpans[0];
        if (section && sections.has(section)) {
          const pattern = node.templateSpans.reduce((start, span) => {
            const values = pieceValues(span.expression);
            return `${start}${values ? `(?:${values.map(escape).join("|")})` : ".+"}${escape(span.literal.text)}`;
          }, escape(node.head.text));
          built.push(new RegExp(`^${pattern}$`));
        } else if (node.head.text === "" && /^(props\.)?name$/.test(first.expression.getText(source))) {
          const text = /^\.([A-Za-z]+)$/.exec(first.literal.text)?.[1];
          if (text && node.templateSpans.length === 1) listTexts.add(text);
        }
      }
      if ((ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) && node.tagName.getText(source) === "ListPage") {
        for (const attribute of node.attributes.properties)
          if (
            ts.isJsxAttribute(attribute) &&
            attribute.name.getText(source) === "name" &&
            attribute.initializer &&
            ts.isStringLiteral(attribute.initializer)
          )
            listNames.add(attribute.initializer.text);
      }
      node.forEachChild(visit);
    };
    visit(source);
  }
  return (key: string) => {
    const base = key.replace(/_(zero|one|two|few|many|other)$/, "");
    const [section, ...rest] = base.split(".");
    return (
      written.has(key) ||
      written.has(base) ||
      built.some((pattern) => pattern.test(base)) ||
      (listNames.has(section) && rest.length === 1 && listTexts.has(rest[0]))
    );
  };
}

describe("every key of the dictionary is read by the code", () => {
  let appReads: ((key: string) => boolean) | undefined;
  it.each(EVERY_KEY_READ)("%s", (section) => {
    appReads ??= keysRead(sourceFiles().map((file) => ({ file, text: readFileSync(path.join(root, file), "utf8") })));
    const read = appReads;
    const ofSection = all.filter((key) => key.startsWith(`${section}.`));
    expect(ofSection.length).toBeGreaterThan(0);
    expect(ofSection.filter((key) => !read(key))).toEqual([]);
  });

  it("finds a key nothing reads, and sees keys built from a typed parameter and by the list module", () => {
    const read = keysRead([
      {
        file: "app/services/x.server.ts",
        text: `
          const t = (key: "phone" | "email") => translate(language, \`requests.detail.\${key}\`);
          const status = (s: string) => t(\`requests.statuses.\${s}\`);
          const title = t("requests.detail.title");`,
      },
      { file: "app/components/list-page.tsx", text: "const text = t(`${name}.things`), label = t(`${props.name}.searchLabel`);" },
      { file: "app/routes/app.requests/route.tsx", text: '<ListPage name="requests" data={data} />' },
    ]);
    expect(
      [
        "requests.detail.phone",
        "requests.detail.title",
        "requests.statuses.new",
        "requests.things",
        "requests.searchLabel",
      ].filter(read),
    ).toHaveLength(5);
    expect(read("requests.detail.address")).toBe(false);
    expect(read("requests.empty")).toBe(false);
    expect(read("hub.things")).toBe(false);
  });
});
