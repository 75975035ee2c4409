import type { Dictionary } from "./en";

// The keys of the dictionaries, as types: what `t` and `translate` accept (app/infrastructure/i18n.ts
// hands the same dictionary to i18next's types), and what code that only names a text (a
// schema's message, a status's label, a toast) may hold. A typo or a key English lacks fails tsc.

/** The plural forms i18next reads as `key_<form>` (Intl.PluralRules' categories). */
type PluralForm = "zero" | "one" | "two" | "few" | "many" | "other";

/** Every path to a text under `T`, dotted; lists (`returnObjects`) are left out. */
type TextPaths<T, Prefix extends string> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K}`
    : T[K] extends readonly unknown[]
      ? never
      : TextPaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A text of the dictionaries, exactly as it is stored (a plural form with its suffix). */
export type TextKey = TextPaths<Dictionary, "">;

/** A plural's key without its form (`x` for `x_one` and `x_other`): `t` picks the form by `count`. */
export type PluralKey = TextKey extends infer K ? (K extends `${infer Base}_${PluralForm}` ? Base : never) : never;

/** A key `t` takes: a text, or a plural by its base name. */
export type TranslationKey = TextKey | PluralKey;

/** The rest of the texts' keys under a prefix: `KeyUnder<"share.email">` is `"subject" | "greeting" | …`. */
export type KeyUnder<Prefix extends string> = KeysAfter<`${Prefix}.`>;

/** The texts' keys after `Under` (`""`, or a prefix ending in a dot), `Under` cut off. */
type KeysAfter<Under extends string> = TextKey extends infer K ? (K extends `${Under}${infer Rest}` ? Rest : never) : never;

/** The first part of each key (`Keys` distributed): `"a.b.c"` gives `"a"`, a key with no dot nothing. */
type Heads<Keys> = Keys extends `${infer Head}.${string}` ? Head : never;

/**
 * The sections (under `Under`, e.g. `"landing.features."`; the whole dictionary by default) that
 * hold every one of `Texts`: `<Under><section>.<text>` is a key for each. What code that builds
 * its keys from a section's name (the list module's `name`, the landing page's features) may
 * be given.
 */
export type SectionsWith<Texts extends string, Under extends string = ""> = {
  [S in Heads<KeysAfter<Under>>]: `${Under}${S}.${Texts}` extends TranslationKey ? S : never;
}[Heads<KeysAfter<Under>>];
