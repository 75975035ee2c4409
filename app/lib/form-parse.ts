import { parseWithZod } from "@conform-to/zod";
import type { ZodTypeAny } from "zod";

/** Names a form sends more than once (`taxRate=1&taxRate=2`). No form of this app has a field that repeats. */
export function duplicatedNames(formData: FormData | URLSearchParams): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const [name] of formData.entries()) {
    if (seen.has(name)) repeated.add(name);
    seen.add(name);
  }
  return [...repeated];
}

/** The form with each name's first value only. */
function firstValues(formData: FormData | URLSearchParams): FormData {
  const first = new FormData();
  for (const [name, value] of formData.entries()) if (!first.has(name)) first.append(name, value);
  return first;
}

/** `items[0].description` as the path zod reports it under: ["items", 0, "description"]. */
function pathOf(name: string): (string | number)[] {
  return name
    .split(/\.|\[(\d+)\]/)
    .filter((part) => part !== undefined && part !== "")
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * parseWithZod for every form of the app. Conform reads a name sent twice as a list,
 * which a text field's schema refuses but which the page would then render back as its
 * value (and `.trim()` on a list answers 500). A repeated name is a form error here
 * instead (`validation.duplicateField` on that field), and the values parsed and sent
 * back are each name's first, so the page renders as for any other refused form.
 */
// One untyped view of parseWithZod's overloads; parseForm keeps them all (its cast below).
const parse = parseWithZod as unknown as (formData: FormData | URLSearchParams, options: object) => unknown;

export const parseForm = ((
  formData: FormData | URLSearchParams,
  options: { schema: ZodTypeAny | ((intent: unknown) => ZodTypeAny) },
) => {
  const duplicates = duplicatedNames(formData);
  if (duplicates.length === 0) return parse(formData, options);
  const refuse = (schema: ZodTypeAny) =>
    schema.superRefine((_value, ctx) => {
      for (const name of duplicates) ctx.addIssue({ code: "custom", path: pathOf(name), message: "validation.duplicateField" });
    });
  const { schema } = options;
  return parse(firstValues(formData), {
    ...options,
    schema: typeof schema === "function" ? (intent: unknown) => refuse(schema(intent)) : refuse(schema),
  });
}) as unknown as typeof parseWithZod;
