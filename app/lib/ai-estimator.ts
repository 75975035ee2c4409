import {
  ITEMS,
  LOCATION_FACTORS,
  TRADES,
  UNITS,
  type CatalogTask,
  type Measure,
  type Ratio,
  type TaskLine,
  type Text,
  type Trade,
  type UnitId,
} from "./ai-catalog";
import {
  AI_JOB_TYPES,
  MAX_AI_ITEMS,
  fromHundredths,
  type AiEstimateResult,
  type AiJobType,
  type AiLanguage,
  type AiSuggestedItem,
} from "./ai-result";
import { formatDecimal, formatMoney, formatNumber, lineTotal } from "./money";
import { withoutAccents } from "./without-accents";

// The built-in estimator (docs/product/ai-estimates.md): it reads the job
// description for the tasks of the chosen trade's catalog, their quantities ("replace 3
// outlets", "1200 sq ft of laminate") and sizes ("200 amp panel", "40 gallon water
// heater"), and prices them from the catalog with integer arithmetic. It says how it got
// every number, and it is a pure function: the same request always gets the same answer.

export interface BuiltInRequest {
  jobDescription: string;
  jobType: AiJobType;
  location?: string | null;
  language?: AiLanguage;
}

/** The longest description read; anything after it is ignored. */
export const MAX_DESCRIPTION_READ = 4000;

/** n / d rounded half up, for non-negative integers. */
const divRound = (n: number, d: number) => Math.floor((2 * n + d) / (2 * d));
const ceilDiv = (n: number, d: number) => Math.ceil(n / d);

// --- Reading the description -------------------------------------------------------

/** Lower case, accents off, "1,200" as "1200", one space between words. */
export function normalizeDescription(text: string): string {
  return withoutAccents(text.slice(0, MAX_DESCRIPTION_READ))
    .toLowerCase()
    .replace(/(\d),(?=\d{3}\b)/g, "$1")
    .replace(/[’‘`]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, " ");
}

type MeasureKind = "area" | "squares" | "length";

interface Measurement {
  kind: MeasureKind;
  /** Hundredths of a square foot, a roofing square or a linear foot. */
  value: number;
  start: number;
  end: number;
  used: boolean;
}

const toHundredths = (text: string) => Math.round(Number(text) * 100);
/** 100,000 sq ft or linear ft: past any small contractor's job, and a typo rather than a size. */
const MAX_MEASUREMENT = 10_000_000;

const MEASUREMENT_PATTERNS: readonly { kind: MeasureKind; pattern: RegExp; value: (m: RegExpExecArray) => number | null }[] = [
  {
    kind: "area",
    pattern: /(\d+(?:\.\d+)?)\s*(?:m2|m²|sq\.? ?m\b|square met(?:er|re)s?|metros? cuadrados?)/g,
    value: (m) => divRound(toHundredths(m[1]) * 107_639, 10_000),
  },
  {
    kind: "area",
    pattern:
      /(\d+(?:\.\d+)?)\s*(?:sq\.?\s*(?:ft|feet|foot)\.?|square\s*(?:feet|foot|ft)|sqft|sf\b|ft2|ft²|pies? cuadrados?|pies?2|pie²)/g,
    value: (m) => toHundredths(m[1]),
  },
  {
    // "12x14", "12 ft by 14 ft": a room's floor. Lumber sizes (2x4) and sheets (4x8) are not areas.
    kind: "area",
    pattern:
      /(\d+(?:\.\d+)?)\s*(?:'|ft|feet)?\s*(?:x|by|×|por)\s*(\d+(?:\.\d+)?)\s*(?:'|ft|feet|pies)?(?!\s*(?:sheets?|planchas?|panels?|lumber|studs?|boards?))/g,
    value: (m) => {
      const [a, b] = [Number(m[1]), Number(m[2])];
      return a >= 3 && b >= 3 ? divRound(toHundredths(m[1]) * toHundredths(m[2]), 100) : null;
    },
  },
  { kind: "squares", pattern: /(\d+(?:\.\d+)?)\s*(?:roofing )?(?:squares?|cuadros)\b/g, value: (m) => toHundredths(m[1]) },
  {
    kind: "length",
    pattern: /(\d+(?:\.\d+)?)\s*(?:metros? lineales|met(?:er|re)s?\b|m\b)/g,
    value: (m) => divRound(toHundredths(m[1]) * 328_084, 100_000),
  },
  {
    kind: "length",
    pattern:
      /(\d+(?:\.\d+)?)\s*(?:linear\s*(?:feet|foot|ft)|lin\.?\s*ft|lf\b|l\.f\.|feet\b|foot\b|ft\b|'|pies?(?: lineales)?\b)/g,
    value: (m) => toHundredths(m[1]),
  },
];

/** Every area and length the description gives, in order, never two on the same words. */
function findMeasurements(text: string): Measurement[] {
  const found: Measurement[] = [];
  for (const { kind, pattern, value } of MEASUREMENT_PATTERNS) {
    for (const m of text.matchAll(pattern)) {
      const start = m.index ?? 0;
      const end = start + m[0].length;
      if (found.some((other) => start < other.end && other.start < end)) continue;
      const amount = value(m as RegExpExecArray);
      if (amount !== null && amount > 0 && amount <= MAX_MEASUREMENT)
        found.push({ kind, value: amount, start, end, used: false });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** Sentence ranges: a period, semicolon or line break ends one ("2.5" does not). */
function sentences(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  let start = 0;
  for (const m of text.matchAll(/[.;!?\n](?=\s|$)/g)) {
    const end = (m.index ?? 0) + 1;
    ranges.push([start, end]);
    start = end;
  }
  ranges.push([start, text.length]);
  return ranges;
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  single: 1,
  another: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  couple: 2,
  pair: 2,
  dozen: 12,
  un: 1,
  una: 1,
  uno: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  once: 11,
  doce: 12,
};
/** Words after a number that make it a size, not a count ("200 amp", "40 gallon", "2 story"). */
const SIZE_WORDS = new Set([
  "amp",
  "amps",
  "a",
  "ampere",
  "amperes",
  "amperios",
  "v",
  "volt",
  "volts",
  "gal",
  "gallon",
  "gallons",
  "galones",
  "ton",
  "tons",
  "toneladas",
  "btu",
  "k",
  "kw",
  "hp",
  "inch",
  "inches",
  "in",
  '"',
  "ft",
  "feet",
  "foot",
  "mm",
  "cm",
  "m",
  "year",
  "years",
  "yr",
  "old",
  "story",
  "stories",
  "storey",
  "pisos",
  "percent",
  "%",
  "lb",
  "lbs",
  "pound",
  "pounds",
  "x",
  "by",
  "seer",
  "mil",
  "gpm",
  "pulgadas",
  "pies",
  "anos",
]);
/** Words that end the phrase a count belongs to. */
const CLAUSE_WORDS = new Set([
  ",",
  "and",
  "y",
  "e",
  "plus",
  "with",
  "con",
  "then",
  "luego",
  "also",
  "or",
  "o",
  "&",
  "for",
  "para",
  "in",
  "en",
]);
const MAX_COUNT = 1000;

function readNumber(token: string): number | null {
  if (/^\d+$/.test(token)) return Number(token);
  if (/^\d+\.\d+$/.test(token)) return Number(token);
  return token in NUMBER_WORDS ? NUMBER_WORDS[token] : null;
}

/**
 * The count a keyword carries: the nearest number in the few words before it, in the same
 * phrase ("replace 3 new outlets"), skipping sizes ("a 20 amp circuit" is one circuit),
 * or "x3" / "(3)" right after it. In hundredths; null when none is given.
 */
function countAt(text: string, phraseStart: number, keywordStart: number, keywordEnd: number): number | null {
  const after = /^\s*(?:x|×)\s*(\d+)\b|^\s*\((\d+)\)/.exec(text.slice(keywordEnd));
  if (after) return Number(after[1] ?? after[2]) * 100;
  const before = text.slice(phraseStart, keywordStart).replace(/,/g, " , ").split(/\s+/).filter(Boolean);
  const keywordWords = text.slice(keywordStart, keywordEnd).split(/\s+/).filter(Boolean);
  const tokens = [...before, ...keywordWords];
  for (let i = tokens.length - 1, seen = 0; i >= 0 && seen < 7; i -= 1, seen += 1) {
    const token = tokens[i];
    if (i < before.length && CLAUSE_WORDS.has(token)) return null;
    const value = readNumber(token);
    if (value === null) continue;
    const next = tokens[i + 1];
    if (next !== undefined && SIZE_WORDS.has(next) && /^[\d.]+$/.test(token)) continue;
    if (value > 0 && value <= MAX_COUNT) return Math.round(value * 100);
  }
  return null;
}

// --- Matching tasks --------------------------------------------------------------

interface TaskMatch {
  task: CatalogTask;
  trade: AiJobType;
  borrowed: boolean;
  position: number;
  /** The task's size in hundredths of its measure's unit. */
  quantity: number;
  assumed: boolean;
  variant?: { size: number; requested: number | null; lines: readonly TaskLine[] };
}

const globalPatterns = new WeakMap<RegExp, RegExp>();
function global(pattern: RegExp): RegExp {
  let compiled = globalPatterns.get(pattern);
  if (!compiled) {
    compiled = new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`);
    globalPatterns.set(pattern, compiled);
  }
  compiled.lastIndex = 0;
  return compiled;
}

const blank = (text: string, start: number, end: number) => text.slice(0, start) + " ".repeat(end - start) + text.slice(end);

class Reader {
  readonly text: string;
  /** The text still to read: words a task or a size has taken are blanked out. */
  work: string;
  readonly measurements: Measurement[];
  readonly sentenceRanges: [number, number][];

  constructor(description: string) {
    this.text = normalizeDescription(description);
    this.measurements = findMeasurements(this.text);
    this.sentenceRanges = sentences(this.text);
    // Areas and lengths are read from their own list: a "12" in "12 x 14" is no count.
    this.work = this.measurements.reduce((work, m) => blank(work, m.start, m.end), this.text);
  }

  sentenceOf(position: number): [number, number] {
    return this.sentenceRanges.find(([start, end]) => position >= start && position < end) ?? [0, this.text.length];
  }

  /** The nearest measurement of a kind to a keyword, preferring the same sentence and words before it. */
  nearest(kinds: readonly MeasureKind[], start: number, end: number, includeUsed: boolean): Measurement | null {
    const [from, to] = this.sentenceOf(start);
    const candidates = this.measurements.filter((m) => kinds.includes(m.kind) && (includeUsed || !m.used));
    const distance = (m: Measurement) => {
      const gap = m.end <= start ? start - m.end : m.start - end + 20;
      const sameSentence = m.start >= from && m.end <= to;
      return sameSentence ? gap : gap + 10_000;
    };
    return candidates.reduce<Measurement | null>((best, m) => (best === null || distance(m) < distance(best) ? m : best), null);
  }
}

function measureQuantity(
  reader: Reader,
  task: CatalogTask,
  occurrences: RegExpExecArray[],
): { quantity: number; assumed: boolean } {
  const measure = task.measure;
  const fallback = { quantity: task.default * 100, assumed: true };
  if (measure.kind === "job") return { quantity: 100, assumed: false };
  if (measure.kind === "count") {
    let explicit = 0;
    let anyExplicit = false;
    const unnumbered = new Set<string>();
    const numbered = new Set<string>();
    for (const occurrence of occurrences) {
      const start = occurrence.index ?? 0;
      const [sentenceStart] = reader.sentenceOf(start);
      const value = countAt(reader.work, sentenceStart, start, start + occurrence[0].length);
      const word = occurrence[0].trim().replace(/(es|s)$/, "");
      if (value !== null) {
        explicit += value;
        anyExplicit = true;
        numbered.add(word);
      } else if (task.countDistinct) {
        unnumbered.add(word);
      }
    }
    for (const word of numbered) unnumbered.delete(word);
    // "Replace the water heater": a singular noun is one, not an unknown number.
    const singular = occurrences.every((occurrence) => !/s$/.test(occurrence[0].trim()));
    if (!anyExplicit && task.default === 1 && singular) return { quantity: 100, assumed: false };
    if (!anyExplicit && (!task.countDistinct || unnumbered.size < 2)) return fallback;
    return { quantity: explicit + unnumbered.size * 100, assumed: false };
  }
  const first = occurrences[0];
  const start = first.index ?? 0;
  const end = start + first[0].length;
  const kinds: MeasureKind[] = measure.kind === "squares" ? ["squares", "area"] : [measure.kind];
  const found = reader.nearest(kinds, start, end, Boolean(task.shareMeasure));
  if (!found) return fallback;
  if (!task.shareMeasure) found.used = true;
  const quantity = measure.kind === "squares" && found.kind === "area" ? ceilDiv(found.value, 100) : found.value;
  return { quantity: Math.max(quantity, 1), assumed: false };
}

function readVariant(reader: Reader, task: CatalogTask, position: number): TaskMatch["variant"] {
  const variant = task.variant;
  if (!variant) return undefined;
  const [from, to] = reader.sentenceOf(position);
  let best: { value: number; start: number; end: number } | null = null;
  for (const m of reader.work.matchAll(global(variant.read))) {
    const start = m.index ?? 0;
    if (start < from || start >= to) continue;
    const value = Number(m[1]);
    if (!Number.isFinite(value) || value <= 0) continue;
    if (!best || Math.abs(start - position) < Math.abs(best.start - position)) best = { value, start, end: start + m[0].length };
  }
  if (best) reader.work = blank(reader.work, best.start, best.end);
  const requested = best?.value ?? null;
  const wanted = requested ?? variant.default;
  const options = [...variant.options].sort((a, b) => a.size - b.size);
  const chosen = options.find((option) => option.size >= wanted) ?? options[options.length - 1];
  return { size: chosen.size, requested, lines: chosen.lines };
}

function matchTasks(reader: Reader, jobType: AiJobType): TaskMatch[] {
  // General contractors and handymen coordinate other trades: their descriptions are
  // also read against the other catalogs, once their own has had its turn.
  const borrowing = jobType === "general" || jobType === "other";
  const order: AiJobType[] = borrowing ? [jobType, ...AI_JOB_TYPES.filter((type) => type !== jobType)] : [jobType];
  const matches: TaskMatch[] = [];
  for (const trade of order) {
    const borrowed = trade !== jobType;
    for (const task of TRADES[trade].tasks) {
      if (task.skipIf?.test(reader.text)) continue;
      if (task.unlessTasks?.some((id) => matches.some((m) => m.task.id === id))) continue;
      if (borrowed && task.needs && !task.needs.test(reader.text)) continue;
      const occurrences = [...reader.work.matchAll(global(task.match))].filter((m) => m[0].trim() !== "");
      if (occurrences.length === 0) continue;
      const position = occurrences[0].index ?? 0;
      const variant = readVariant(reader, task, position);
      const { quantity, assumed } = measureQuantity(reader, task, occurrences);
      for (const occurrence of occurrences) {
        const start = occurrence.index ?? 0;
        reader.work = blank(reader.work, start, start + occurrence[0].length);
      }
      matches.push({ task, trade, borrowed, position, quantity, assumed, variant });
    }
  }
  return matches.sort((a, b) => a.position - b.position);
}

// --- Location ------------------------------------------------------------------

export interface LocationAdjustment {
  /** Labour and service prices in percent of the national average. */
  percent: number;
  /** The location as given, when one was. */
  location: string | null;
  recognized: boolean;
}

export function locationAdjustment(location: string | null | undefined): LocationAdjustment {
  const given = location?.trim() ? location.trim().slice(0, 200) : null;
  if (!given) return { percent: 100, location: null, recognized: false };
  const names = normalizeDescription(given);
  const codes = given.split(/[\s,.]+/).filter(Boolean);
  for (const region of LOCATION_FACTORS) {
    if (region.names.test(names) || codes.some((code) => region.codes.includes(code))) {
      return { percent: region.percent, location: given, recognized: true };
    }
  }
  return { percent: 100, location: given, recognized: false };
}

// --- Text ----------------------------------------------------------------------

const TRADE_NAMES: Record<AiJobType, Text> = {
  electrical: { en: "Electrical", es: "Electricidad" },
  plumbing: { en: "Plumbing", es: "Plomería" },
  hvac: { en: "HVAC", es: "Climatización (HVAC)" },
  general: { en: "General Contracting", es: "Contratista general" },
  roofing: { en: "Roofing", es: "Techos" },
  flooring: { en: "Flooring", es: "Pisos" },
  painting: { en: "Painting", es: "Pintura" },
  landscaping: { en: "Landscaping", es: "Jardinería" },
  other: { en: "Other", es: "Otro" },
};

/** Unit names in running text: "2.5 hours", "3 gallons" (the result's unit field stays singular). */
const UNIT_WORDS: Record<UnitId, { en: readonly [string, string]; es: readonly [string, string] }> = {
  each: { en: ["", ""], es: ["unidad", "unidades"] },
  hour: { en: ["hour", "hours"], es: ["hora", "horas"] },
  sqft: { en: ["sq ft", "sq ft"], es: ["pie²", "pie²"] },
  lf: { en: ["linear ft", "linear ft"], es: ["pie lineal", "pies lineales"] },
  gallon: { en: ["gallon", "gallons"], es: ["galón", "galones"] },
  square: { en: ["square", "squares"], es: ["cuadro", "cuadros"] },
  cuyd: { en: ["cu yd", "cu yd"], es: ["yarda³", "yardas³"] },
  job: { en: ["job", "jobs"], es: ["trabajo", "trabajos"] },
  lb: { en: ["lb", "lb"], es: ["lb", "lb"] },
  sheet: { en: ["sheet", "sheets"], es: ["plancha", "planchas"] },
  zone: { en: ["zone", "zones"], es: ["zona", "zonas"] },
  day: { en: ["day", "days"], es: ["día", "días"] },
  load: { en: ["load", "loads"], es: ["carga", "cargas"] },
  room: { en: ["room", "rooms"], es: ["habitación", "habitaciones"] },
  visit: { en: ["visit", "visits"], es: ["visita", "visitas"] },
  set: { en: ["set", "sets"], es: ["juego", "juegos"] },
};

/** "3 gallons", "1 hour", "2 each" reads "2". */
function amountText(hundredths: number, unit: UnitId, lang: AiLanguage): string {
  const word = UNIT_WORDS[unit][lang][hundredths === 100 ? 0 : 1];
  return word ? `${formatHundredths(hundredths, lang)} ${word}` : formatHundredths(hundredths, lang);
}

/** Hundredths for people: 150 is "1.5". */
function formatHundredths(hundredths: number, lang: AiLanguage): string {
  return formatNumber(Number.isInteger(hundredths) ? formatDecimal(hundredths, 2) : hundredths / 100, lang);
}

const money = (cents: number, lang: AiLanguage) => formatMoney(cents, lang, "USD");

function measureNoun(measure: Measure, quantity: number, lang: AiLanguage): string {
  const plural = quantity !== 100;
  switch (measure.kind) {
    case "count":
      return measure.noun[lang][plural ? 1 : 0];
    case "area":
      return UNITS.sqft[lang];
    case "squares":
      return lang === "es" ? (plural ? "cuadros" : "cuadro") : plural ? "squares" : "square";
    case "length":
      return lang === "es" ? (plural ? "pies lineales" : "pie lineal") : "linear ft";
    case "job":
      return UNITS.job[lang];
  }
}

/** "0.5 hours per outlet", "1 gallon per 150 sq ft". */
function ratioText(ratio: Ratio, unit: UnitId, measure: Measure, lang: AiLanguage): string {
  const [num, den] = ratio;
  if ((num * 100) % den === 0) {
    return `${amountText((num * 100) / den, unit, lang)} ${lang === "es" ? "por" : "per"} ${measureNoun(measure, 100, lang)}`;
  }
  return `${amountText(num * 100, unit, lang)} ${lang === "es" ? "por cada" : "per"} ${formatHundredths(den * 100, lang)} ${measureNoun(measure, den * 100, lang)}`;
}

/** "electrician labor", but "HVAC technician labor". */
const midSentence = (name: string) => (/^[A-Z][a-z]/.test(name) ? name[0].toLowerCase() + name.slice(1) : name);

const ROUNDING: Record<NonNullable<TaskLine["round"]>, Text> = {
  whole: { en: "rounded up to whole units", es: "redondeado a unidades completas" },
  half: { en: "rounded up to the next half", es: "redondeado a la media unidad siguiente" },
  quarter: { en: "rounded up to the quarter hour", es: "redondeado al cuarto de hora siguiente" },
};

const T = {
  fromDescription: { en: "from the description", es: "según la descripción" },
  assumed: { en: "assumed: the description gives no quantity", es: "supuesto: la descripción no indica cantidad" },
  sizeFromDescription: (size: string, lang: AiLanguage) =>
    lang === "es" ? `tamaño ${size} según la descripción` : `${size} size from the description`,
  sizeAssumed: (size: string, lang: AiLanguage) =>
    lang === "es"
      ? `tamaño supuesto de ${size}: la descripción no lo indica`
      : `assumed ${size} size: the description does not say`,
  sizeRounded: (asked: string, size: string, lang: AiLanguage) =>
    lang === "es"
      ? `se pidió ${asked}; se toma el tamaño estándar de ${size}`
      : `${asked} asked; priced at the standard ${size} size`,
  oncePerEstimate: { en: "One for the whole estimate", es: "Uno para todo el presupuesto" },
  oneForJob: { en: "One for the job", es: "Uno para el trabajo" },
  fixedForJob: (amount: string, lang: AiLanguage) => (lang === "es" ? `${amount} para el trabajo` : `${amount} for the job`),
  laborPrice: (rate: string, trade: string, lang: AiLanguage) =>
    lang === "es"
      ? `${rate} por hora, tarifa habitual en EE. UU. de ${midSentence(trade)}`
      : `${rate} per hour, a typical US rate for ${midSentence(trade)}`,
  price: (price: string, unit: UnitId, lang: AiLanguage) => {
    if (lang === "es") return `Precio habitual en EE. UU.: ${price} por ${UNIT_WORDS[unit].es[0]}`;
    return unit === "each" ? `Typical US price: ${price} each` : `Typical US price: ${price} per ${UNIT_WORDS[unit].en[0]}`;
  },
  laborIncluded: { en: ", labor included", es: ", mano de obra incluida" },
  feePrice: (price: string, lang: AiLanguage) => (lang === "es" ? `Tasa habitual: ${price}` : `Typical fee: ${price}`),
  adjusted: (percent: number, location: string, lang: AiLanguage) =>
    lang === "es"
      ? `, ajustado al ${percent}% del promedio nacional para ${location}`
      : `, adjusted to ${percent}% of the national average for ${location}`,
  borrowed: (trade: string, lang: AiLanguage) => (lang === "es" ? ` (catálogo de ${trade})` : ` (${trade} catalog)`),
  noMatch: (trade: string, lang: AiLanguage) =>
    lang === "es"
      ? `Ninguna tarea del catálogo de ${trade} coincide con la descripción.`
      : `No task of the ${trade} catalog matched the description.`,
};

// --- Pricing ---------------------------------------------------------------------

interface PricedLine {
  item: AiSuggestedItem;
  /** Cents, for the analysis. */
  total: number;
  group: "materials" | "labor" | "fees";
  /** Hundredths of labour hours the line stands for. */
  hours: number;
  permit: boolean;
  allowance: boolean;
  onceKey?: string;
}

const KIND_ORDER = { material: 0, equipment: 0, service: 1, labor: 2, fee: 3 } as const;

const STEPS = { whole: 100, half: 50, quarter: 25 } as const;

/** The line's quantity in hundredths, and whether rounding changed it. */
function lineQuantity(line: TaskLine, taskQuantity: number): { quantity: number; rounded: boolean } {
  if (line.fixed !== undefined) return { quantity: line.fixed, rounded: false };
  const [num, den] = line.per ?? [1, 1];
  const raw = taskQuantity * num;
  if (!line.round) return { quantity: divRound(raw, den), rounded: raw % den !== 0 };
  const step = STEPS[line.round];
  return { quantity: ceilDiv(raw, den * step) * step, rounded: raw % (den * step) !== 0 };
}

interface LineContext {
  lang: AiLanguage;
  trade: Trade;
  tradeName: string;
  measure: Measure;
  taskName: string;
  taskQuantity: number;
  source: string;
  borrowed: boolean;
  adjustment: LocationAdjustment;
}

function priceLine(line: TaskLine, context: LineContext): PricedLine | null {
  const { lang, trade, adjustment } = context;
  const { quantity, rounded } = lineQuantity(line, context.taskQuantity);
  if (quantity <= 0) return null;
  const item = line.item ? ITEMS[line.item] : undefined;
  if (line.item && !item) throw new Error(`The AI catalog has no item ${line.item}`);
  const adjust = (cents: number) => divRound(cents * adjustment.percent, 100);
  const where =
    adjustment.recognized && adjustment.percent !== 100 && adjustment.location
      ? T.adjusted(adjustment.percent, adjustment.location, lang)
      : "";
  const unit: UnitId = item ? item.unit : "hour";
  const unitName = UNITS[unit][lang];

  let description: string;
  let unitPrice: number;
  let priceText: string;
  let group: PricedLine["group"];
  let hours = 0;
  if (!item) {
    description = `${trade.labor.name[lang]} – ${context.taskName}${line.label ? ` (${line.label[lang]})` : ""}`;
    unitPrice = adjust(trade.labor.rate);
    priceText = T.laborPrice(money(unitPrice, lang), trade.labor.name[lang], lang) + where;
    group = "labor";
    hours = quantity;
  } else if (item.kind === "service") {
    description = item.name[lang];
    unitPrice = adjust(item.price);
    hours = item.hours ? divRound(quantity * item.hours[0], item.hours[1]) : 0;
    priceText = T.price(money(unitPrice, lang), unit, lang) + (hours > 0 ? T.laborIncluded[lang] : "") + where;
    group = "labor";
  } else if (item.kind === "fee") {
    description = item.name[lang];
    unitPrice = item.price;
    priceText = T.feePrice(money(unitPrice, lang), lang);
    group = "fees";
  } else {
    description = item.name[lang];
    unitPrice = item.price;
    priceText = T.price(money(unitPrice, lang), unit, lang);
    group = "materials";
  }

  let basis: string;
  if (line.once) basis = T.oncePerEstimate[lang];
  else if (line.fixed !== undefined)
    basis = quantity === 100 ? T.oneForJob[lang] : T.fixedForJob(amountText(quantity, unit, lang), lang);
  else {
    const [num, den] = line.per ?? [1, 1];
    const size = `${formatHundredths(context.taskQuantity, lang)} ${measureNoun(context.measure, context.taskQuantity, lang)}`;
    // "3 outlets" says it all for one receptacle per outlet; hours per unit always show their rate.
    basis =
      item && num === den
        ? `${size} (${context.source})`
        : `${ratioText([num, den], unit, context.measure, lang)} × ${size} (${context.source})`;
    if (line.round && rounded) basis += `, ${ROUNDING[line.round][lang]}`;
  }
  const borrowed = context.borrowed ? T.borrowed(context.tradeName, lang) : "";
  const note = line.note ? ` ${line.note[lang]}` : "";
  const total = lineTotal(quantity, unitPrice);
  return {
    item: {
      description,
      quantity: fromHundredths(quantity),
      unit: unitName,
      unitPrice: fromHundredths(unitPrice),
      total: fromHundredths(total),
      reasoning: `${basis}${borrowed}. ${priceText}.${note}`,
    },
    total,
    group,
    hours,
    permit: Boolean(line.item?.startsWith("permit-")),
    allowance: Boolean(item?.allowance),
    onceKey: line.once ? line.item : undefined,
  };
}

function kindRank(line: TaskLine): number {
  if (!line.item) return KIND_ORDER.labor;
  return KIND_ORDER[ITEMS[line.item]?.kind ?? "material"];
}

function priceMatch(match: TaskMatch, text: string, lang: AiLanguage, adjustment: LocationAdjustment): PricedLine[] {
  const trade = TRADES[match.trade];
  const lines = [...(match.variant?.lines ?? []), ...match.task.lines]
    .filter((line) => (!line.when || line.when.test(text)) && (!line.unless || !line.unless.test(text)))
    .map((line, index) => ({ line, index }))
    .sort((a, b) => kindRank(a.line) - kindRank(b.line) || a.index - b.index)
    .map(({ line }) => line);
  const noun = `${formatHundredths(match.quantity, lang)} ${measureNoun(match.task.measure, match.quantity, lang)}`;
  let source: string = match.assumed ? `${T.assumed[lang]}, ${noun}` : T.fromDescription[lang];
  if (match.variant && match.task.variant) {
    const unit = match.task.variant.unit[lang];
    const size = `${match.variant.size} ${unit}`;
    const sizeText =
      match.variant.requested === null
        ? T.sizeAssumed(size, lang)
        : match.variant.requested === match.variant.size
          ? T.sizeFromDescription(size, lang)
          : T.sizeRounded(`${match.variant.requested} ${unit}`, size, lang);
    source = `${source}; ${sizeText}`;
  }
  const context: LineContext = {
    lang,
    trade,
    tradeName: TRADE_NAMES[match.trade][lang],
    measure: match.task.measure,
    taskName: match.task.name[lang],
    taskQuantity: match.quantity,
    source,
    borrowed: match.borrowed,
    adjustment,
  };
  return lines.map((line) => priceLine(line, context)).filter((line): line is PricedLine => line !== null);
}

// --- Risks, time, market -------------------------------------------------------

const STEEP = /\bsteep\b|\bhigh[- ]pitch|pronunciad|empinad/;
const PITCH = /\b(\d{1,2})\s*(?:\/|:|in|en)\s*12\b/;

const RISKS: readonly { match: RegExp; trades?: readonly AiJobType[]; text: Text }[] = [
  {
    match: /knob[- ]and[- ]tube/,
    text: {
      en: "Knob-and-tube wiring: ungrounded and often damaged; expect rewiring of the affected circuits and insurer questions.",
      es: "Cableado de perilla y tubo: sin tierra y a menudo dañado; prevea recablear los circuitos afectados y preguntas de la aseguradora.",
    },
  },
  {
    match: /\balumin(um|io) (branch )?(wir(ing|e)|cableado)|cableado de aluminio/,
    text: {
      en: "Aluminum branch wiring: connections need AL-rated devices or pigtailing (COPALUM/AlumiConn), which adds time per device.",
      es: "Cableado de aluminio: las conexiones requieren dispositivos para aluminio o empalmes especiales, lo que suma tiempo por dispositivo.",
    },
  },
  {
    match: /federal pacific|\bfpe\b|zinsco|stab-?lok/,
    text: {
      en: "Federal Pacific or Zinsco panel: a known fire hazard; replacement is recommended and insurers may require it.",
      es: "Tablero Federal Pacific o Zinsco: riesgo de incendio conocido; se recomienda cambiarlo y las aseguradoras pueden exigirlo.",
    },
  },
  {
    match:
      /\bold (house|home|building|wiring|plumbing|pipes)\b|\bolder (house|home|building)\b|\bhistoric\b|\bcasa (vieja|antigua)\b/,
    text: {
      en: "Older building: outdated wiring, plumbing or framing often turns up once walls are opened; keep a contingency.",
      es: "Construcción antigua: al abrir muros suelen aparecer cableado, plomería o estructura obsoletos; conserve un margen para imprevistos.",
    },
  },
  {
    match: /asbest|amianto/,
    text: {
      en: "Asbestos mentioned: have it tested and, if present, abated by a licensed contractor before work starts.",
      es: "Se menciona asbesto: hágalo analizar y, si lo hay, retirar por un contratista autorizado antes de empezar.",
    },
  },
  {
    match: /\blead(-based)? paint\b|pintura (con|de) plomo/,
    text: {
      en: "Lead paint mentioned: EPA RRP lead-safe work practices and a certified renovator are required.",
      es: "Se menciona pintura con plomo: se exigen prácticas seguras de la EPA (RRP) y un renovador certificado.",
    },
  },
  {
    match: /water damage|\bmou?ld(y)?\b|\bmoho\b|\bhumedad\b|\brot(ten|ting)?\b|dry rot|moisture|flood(ed|ing)?|inundaci|podrid/,
    text: {
      en: "Water damage or mold: the extent is unknown until opened up; remediation and drying may be needed before the work.",
      es: "Daños por agua o moho: el alcance no se conoce hasta abrir; puede hacer falta remediar y secar antes del trabajo.",
    },
  },
  {
    match: /\bleak(s|ing|y)?\b|\bfugas?\b|\bgoteras?\b/,
    trades: ["plumbing", "roofing", "general", "hvac", "other"],
    text: {
      en: "Active leak: find the source first; hidden damage around it may change the scope.",
      es: "Fuga activa: primero hay que encontrar el origen; los daños ocultos alrededor pueden cambiar el alcance.",
    },
  },
  {
    match: STEEP,
    text: {
      en: "Steep roof: fall protection and slower work; many roofers add a steep-slope charge per square.",
      es: "Techo con mucha pendiente: protección contra caídas y trabajo más lento; muchos techadores cobran un recargo por cuadro.",
    },
  },
  {
    match: /\b(two|three|2|3|second|third|2nd|3rd)[- ]?(stor(y|ey|ies)|floors?|levels?)\b|\bdos (pisos|plantas|niveles)\b/,
    text: {
      en: "Work at height on a multi-story building: ladders, staging and fall protection add time.",
      es: "Trabajo en altura en un edificio de varios pisos: escaleras, andamios y protección contra caídas suman tiempo.",
    },
  },
  {
    match: /crawl ?space|\battic\b|\batico\b|\bentretecho\b/,
    text: {
      en: "Crawl space or attic access: tight, hot or dirty spaces slow the work.",
      es: "Acceso por sótano bajo o ático: los espacios estrechos, calurosos o sucios hacen el trabajo más lento.",
    },
  },
  {
    match: /galvani[sz]ed|polybutylene|cast[- ]iron|orangeburg|hierro fundido/,
    text: {
      en: "Aging pipe material (galvanized, polybutylene, cast iron): connecting new to old can lead to more replacement than planned.",
      es: "Tubería envejecida (galvanizada, polibutileno, hierro fundido): unir lo nuevo con lo viejo puede obligar a cambiar más de lo previsto.",
    },
  },
  {
    match: /\bgas\b|propan/,
    trades: ["plumbing", "hvac", "general"],
    text: {
      en: "Gas work: a licensed gas fitter, a pressure test and an inspection are required.",
      es: "Trabajo con gas: se requiere un instalador de gas autorizado, prueba de presión e inspección.",
    },
  },
  {
    match: /\bslab\b|\blosa\b/,
    trades: ["plumbing"],
    text: {
      en: "Slab foundation: pipes under the slab may need tunneling or rerouting through walls and ceilings.",
      es: "Cimentación de losa: las tuberías bajo la losa pueden requerir túneles o desviarse por muros y techos.",
    },
  },
  {
    match: /\bhoa\b|homeowners'? association|historic district|asociacion de propietarios/,
    text: {
      en: "HOA or historic-district approval may be needed for materials, colors or fences.",
      es: "Puede hacer falta la aprobación de la asociación de propietarios o del distrito histórico para materiales, colores o cercas.",
    },
  },
  {
    match: /\broots?\b|\braices\b/,
    text: {
      en: "Tree roots: they can block trenches and sewer lines and slow digging.",
      es: "Raíces de árboles: pueden bloquear zanjas y drenajes y retrasar la excavación.",
    },
  },
  {
    match: /\b(rock|rocky|clay|slope|sloped|hillside|pendiente|roca|arcilla)\b/,
    trades: ["landscaping", "general", "other"],
    text: {
      en: "Soil and grade (rock, clay, slope) can slow digging and need extra base or drainage.",
      es: "El suelo y la pendiente (roca, arcilla, desnivel) pueden frenar la excavación y exigir más base o drenaje.",
    },
  },
  {
    match: /\b(urgent|emergency|asap|same[- ]day|tonight|weekend|urgente|emergencia)\b/,
    text: {
      en: "Emergency or after-hours work is usually billed at premium rates.",
      es: "El trabajo de emergencia o fuera de horario suele cobrarse con tarifa especial.",
    },
  },
];

const COMPUTED_RISKS = {
  lead: {
    en: "Built before 1978: painted surfaces may contain lead; EPA RRP lead-safe practices apply when disturbing them.",
    es: "Construido antes de 1978: las superficies pintadas pueden contener plomo; al intervenirlas aplican las prácticas seguras de la EPA (RRP).",
  },
  asbestos: {
    en: "Built before 1980: ceiling texture, flooring, pipe or duct insulation may contain asbestos; test before disturbing them.",
    es: "Construido antes de 1980: el texturizado de techos, los pisos o el aislamiento de tuberías y ductos pueden contener asbesto; analícelos antes de intervenirlos.",
  },
  pitch: (pitch: number, lang: AiLanguage) =>
    lang === "es"
      ? `Pendiente de ${pitch}/12: techo empinado, con protección contra caídas y recargo habitual por cuadro.`
      : `${pitch}/12 pitch: a steep roof, with fall protection and a usual steep-slope charge per square.`,
  permit: {
    en: "A permit and inspections are required: the schedule depends on the building department, and inspection corrections can add work.",
    es: "Se requieren permiso e inspecciones: el calendario depende del departamento de obras, y las correcciones de inspección pueden sumar trabajo.",
  },
  assumed: {
    en: "Some quantities were assumed because the description does not give them: confirm them on site.",
    es: "Algunas cantidades se supusieron porque la descripción no las indica: confírmelas en el sitio.",
  },
  allowance: {
    en: "Allowance items depend on the customer's choices (fixtures, finishes); the final price follows the selection.",
    es: "Las partidas estimadas dependen de lo que elija el cliente (accesorios, acabados); el precio final sigue esa elección.",
  },
  noMatch: {
    en: "The description matched no priced task in the built-in catalog: the suggestions are placeholders until the job is scoped on site.",
    es: "La descripción no coincide con ninguna tarea con precio del catálogo: las sugerencias son provisionales hasta definir el trabajo en el sitio.",
  },
};

function riskFactors(
  text: string,
  jobType: AiJobType,
  lines: PricedLine[],
  matches: TaskMatch[],
  lang: AiLanguage,
): { risks: string[]; fromDescription: number } {
  const risks: string[] = [];
  const add = (risk: string) => {
    if (!risks.includes(risk)) risks.push(risk);
  };
  const pitchMatch = PITCH.exec(text);
  const pitch = pitchMatch ? Number(pitchMatch[1]) : null;
  const steepPitch = pitch !== null && pitch >= 8 && pitch <= 24;
  for (const risk of RISKS) {
    if (risk.match === STEEP && steepPitch) add(COMPUTED_RISKS.pitch(pitch, lang));
    else if ((!risk.trades || risk.trades.includes(jobType)) && risk.match.test(text)) add(risk.text[lang]);
  }
  const years = [...text.matchAll(/\b(1[89]\d\d)s?\b/g)].map((m) => Number(m[1]));
  const built =
    years.length > 0 && /built|house|home|casa|construid|edificio|building|\b(1[89]\d\d)s\b/.test(text)
      ? Math.min(...years)
      : null;
  if (built !== null && built < 1978) add(COMPUTED_RISKS.lead[lang]);
  if (built !== null && built < 1980) add(COMPUTED_RISKS.asbestos[lang]);
  const fromDescription = risks.length;
  if (matches.length === 0) add(COMPUTED_RISKS.noMatch[lang]);
  if (lines.some((line) => line.permit)) add(COMPUTED_RISKS.permit[lang]);
  if (matches.some((match) => match.assumed)) add(COMPUTED_RISKS.assumed[lang]);
  if (lines.some((line) => line.allowance)) add(COMPUTED_RISKS.allowance[lang]);
  add(TRADES[jobType].risk[lang]);
  return { risks, fromDescription };
}

function timeEstimate(hours: number, permit: boolean, lang: AiLanguage): string {
  const h = formatHundredths(hours, lang);
  const days = Math.max(1, ceilDiv(hours, 800));
  const crewDays = Math.max(1, ceilDiv(hours, 1600));
  let text: string;
  if (lang === "es") {
    if (hours <= 400) text = `Unas ${h} horas de mano de obra: media jornada o menos para una persona.`;
    else if (hours <= 800) text = `Unas ${h} horas de mano de obra: una jornada de trabajo para una persona.`;
    else
      text = `Unas ${h} horas de mano de obra: ${days} jornadas de 8 horas para una persona, o ${crewDays === 1 ? "una jornada" : `unas ${crewDays} jornadas`} con un equipo de dos.`;
    if (permit) text += " Sume el tiempo del permiso y de las inspecciones.";
  } else {
    if (hours <= 400) text = `About ${h} labor hours: half a day or less for one person.`;
    else if (hours <= 800) text = `About ${h} labor hours: one working day for one person.`;
    else
      text = `About ${h} labor hours: ${days} working days of 8 hours for one person, or about ${crewDays} ${crewDays === 1 ? "day" : "days"} with a crew of two.`;
    if (permit) text += " Allow extra time for the permit and the inspections.";
  }
  return text;
}

const percentOf = (part: number, whole: number) => (whole > 0 ? divRound(part * 100, whole) : 0);

function marketAnalysis(
  lines: PricedLine[],
  matches: TaskMatch[],
  adjustment: LocationAdjustment,
  riskCount: number,
  lang: AiLanguage,
) {
  const sum = (group: PricedLine["group"]) =>
    lines.filter((line) => line.group === group).reduce((total, line) => total + line.total, 0);
  const materials = sum("materials");
  const labor = sum("labor");
  const fees = sum("fees");
  const subtotal = materials + labor + fees;
  const low = divRound(subtotal * 85, 100);
  const high = divRound(subtotal * 115, 100);
  // Catalog materials carry about a 20% markup over supplier cost; hourly rates about a
  // 35% margin over loaded labour cost; fees pass through.
  const profit = divRound(materials * 20, 120) + divRound(labor * 35, 100);
  const m = (cents: number) => money(cents, lang);

  let basis: string;
  if (lang === "es") {
    basis = adjustment.recognized
      ? `Precios habituales en EE. UU. del catálogo integrado, con la mano de obra al ${adjustment.percent}% del promedio nacional para ${adjustment.location}.`
      : adjustment.location
        ? `Precios promedio nacionales de EE. UU. del catálogo integrado (la ubicación "${adjustment.location}" no está en su tabla regional).`
        : "Precios promedio nacionales de EE. UU. del catálogo integrado (no se indicó ubicación).";
  } else {
    basis = adjustment.recognized
      ? `Typical US prices from the built-in catalog, with labor at ${adjustment.percent}% of the national average for ${adjustment.location}.`
      : adjustment.location
        ? `US national average prices from the built-in catalog (the location "${adjustment.location}" is not in its regional table).`
        : "US national average prices from the built-in catalog (no location given).";
  }
  const competitivePricing =
    lang === "es"
      ? `${basis} Subtotal ${m(subtotal)}: materiales y equipo ${m(materials)} (${percentOf(materials, subtotal)}%), mano de obra y servicios ${m(labor)} (${percentOf(labor, subtotal)}%)${fees > 0 ? `, permisos y tasas ${m(fees)}` : ""}. Las ofertas de otros contratistas para este alcance suelen quedar entre ${m(low)} y ${m(high)} (±15%).`
      : `${basis} Subtotal ${m(subtotal)}: materials and equipment ${m(materials)} (${percentOf(materials, subtotal)}%), labor and services ${m(labor)} (${percentOf(labor, subtotal)}%)${fees > 0 ? `, permits and fees ${m(fees)}` : ""}. Other contractors' bids for this scope commonly fall between ${m(low)} and ${m(high)} (±15%).`;
  const profitMargin =
    lang === "es"
      ? `Los precios de materiales del catálogo incluyen cerca de un 20% de margen sobre el costo del proveedor y las tarifas de mano de obra cerca de un 35% sobre su costo cargado: unos ${m(profit)} de utilidad bruta sobre este subtotal (${percentOf(profit, subtotal)}%). Los pequeños contratistas suelen apuntar a un 20–35%.`
      : `Catalog material prices include about a 20% markup over supplier cost and labor rates about a 35% margin over loaded labor cost: about ${m(profit)} gross profit on this subtotal (${percentOf(profit, subtotal)}%). Small trade contractors commonly aim for 20–35%.`;

  const recommendations: string[] = [];
  const es = lang === "es";
  if (matches.length === 0) {
    recommendations.push(
      es
        ? 'Describa el trabajo con cantidades (por ejemplo "cambiar 3 tomacorrientes" o "1200 pie² de laminado") para obtener partidas detalladas.'
        : 'Describe the work with quantities (for example "replace 3 outlets" or "1200 sq ft of laminate") for itemized suggestions.',
    );
  }
  if (matches.some((match) => match.assumed)) {
    recommendations.push(
      es
        ? "Confirme en el sitio las cantidades supuestas antes de enviar el presupuesto."
        : "Confirm the assumed quantities on site before sending the estimate.",
    );
  }
  if (lines.some((line) => line.allowance)) {
    recommendations.push(
      es
        ? "Pida al cliente que elija las partidas estimadas (accesorios, acabados) y actualice sus precios."
        : "Have the customer choose the allowance items (fixtures, finishes) and update their prices.",
    );
  }
  if (lines.some((line) => line.permit)) {
    recommendations.push(
      es
        ? "Confirme la tasa del permiso con el departamento de obras local e inclúyala en el calendario."
        : "Confirm the permit fee with the local building department and plan the inspections into the schedule.",
    );
  }
  const largest = lines
    .filter((line) => line.group === "materials")
    .reduce<PricedLine | null>((best, line) => (best === null || line.total > best.total ? line : best), null);
  if (largest && largest.total > 0) {
    recommendations.push(
      es
        ? `Pida a su proveedor un precio actual de "${largest.item.description}", el material más caro (${m(largest.total)}).`
        : `Get a current supplier quote for "${largest.item.description}", the largest material cost (${m(largest.total)}).`,
    );
  }
  if (riskCount >= 2) {
    recommendations.push(
      es
        ? "Incluya un margen del 10–15% para imprevistos o una cláusula clara de órdenes de cambio por los riesgos señalados."
        : "Add a 10–15% contingency or a clear change-order clause for the risks listed.",
    );
  }
  if (!adjustment.location) {
    recommendations.push(
      es
        ? "Indique la ubicación del trabajo para ajustar la mano de obra a su zona."
        : "Give the job's location to adjust labor rates to the area.",
    );
  }
  recommendations.push(
    es
      ? "Ajuste las tarifas del catálogo a sus propios costos: son promedios nacionales, no sus números."
      : "Adjust the catalog rates to your own costs: they are national averages, not your numbers.",
  );
  return { competitivePricing, profitMargin, recommendations };
}

// --- The estimator -------------------------------------------------------------

/** The built-in estimator's answer (the AI estimate result) to a job description. */
export function estimateJob(request: BuiltInRequest): AiEstimateResult {
  const lang: AiLanguage = request.language === "es" ? "es" : "en";
  const reader = new Reader(request.jobDescription);
  const adjustment = locationAdjustment(request.location);
  const matches = matchTasks(reader, request.jobType);

  let priced: PricedLine[];
  if (matches.length === 0) {
    const trade = TRADES[request.jobType];
    const tradeName = TRADE_NAMES[request.jobType][lang];
    const context: LineContext = {
      lang,
      trade,
      tradeName,
      measure: { kind: "job" },
      taskName: lang === "es" ? "por confirmar en el sitio" : "to be confirmed on site",
      taskQuantity: 100,
      source: T.noMatch(tradeName, lang),
      borrowed: false,
      adjustment,
    };
    priced = trade.fallback.map((line) => priceLine(line, context)).filter((line): line is PricedLine => line !== null);
    for (const line of priced) line.item.reasoning = `${T.noMatch(tradeName, lang)} ${line.item.reasoning}`;
  } else {
    priced = matches.flatMap((match) => priceMatch(match, reader.text, lang, adjustment));
  }

  // Permits and other one-per-job lines: once, after the tasks.
  const seen = new Set<string>();
  const perTask: PricedLine[] = [];
  const perJob: PricedLine[] = [];
  for (const line of priced) {
    if (!line.onceKey) perTask.push(line);
    else if (!seen.has(line.onceKey)) {
      seen.add(line.onceKey);
      perJob.push(line);
    }
  }
  const lines = [...perTask, ...perJob].slice(0, MAX_AI_ITEMS);
  const hours = lines.reduce((total, line) => total + line.hours, 0);
  const permit = lines.some((line) => line.permit);
  const { risks, fromDescription } = riskFactors(reader.text, request.jobType, lines, matches, lang);

  return {
    suggestedItems: lines.map((line) => line.item),
    marketAnalysis: marketAnalysis(lines, matches, adjustment, fromDescription + (permit ? 1 : 0), lang),
    timeEstimate: timeEstimate(hours, permit, lang),
    riskFactors: risks,
    source: "built-in",
  };
}
