// Exact money (docs/product/README.md, "Money"): amounts are integer cents, quantities integer
// hundredths, tax rates integer ten-thousandths (0.0825 = 825). All arithmetic is on
// bigints and rounds half away from zero once per step; no floating point anywhere.

/** The largest amount a money field holds: 10 digits, 99,999,999.99. */
export const MAX_CENTS = 9_999_999_999;
/** The largest tax rate: 5 digits with 4 decimals, 9.9999. */
export const MAX_RATE = 99_999;

/** n / d rounded half away from zero, for a positive divisor. */
function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (2n * (r < 0n ? -r : r) >= d) return n < 0n ? q - 1n : q + 1n;
  return q;
}

/**
 * Parses a decimal with at most `scale` places ("12", "12.5", "-0.05") into an integer of that
 * scale. Thousands may be grouped with commas, as amounts are written in English and in es-US
 * ("1,250.50"); a comma anywhere else ("12,50") is not a number here.
 */
export function parseDecimal(input: string | number, scale: number): number | null {
  const typed = typeof input === "number" ? (Number.isFinite(input) ? String(input) : "") : input.trim();
  const text = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d*)?$/.test(typed) ? typed.replaceAll(",", "") : typed;
  const match = /^([+-])?(\d+)(?:\.(\d*))?$/.exec(text) ?? /^([+-])?()\.(\d+)$/.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ""] = match;
  if (fraction.length > scale) return null;
  const digits = `${whole || "0"}${fraction.padEnd(scale, "0")}`.replace(/^0+(?=\d)/, "");
  if (digits.length > 15) return null;
  const value = Number(digits);
  return sign === "-" && value !== 0 ? -value : value;
}

export const parseCents = (input: string | number) => parseDecimal(input, 2);
export const parseQuantity = (input: string | number) => parseDecimal(input, 2);
/** A percentage as typed in the form ("8.25") into ten-thousandths of a fraction (825). */
export const parsePercentRate = (input: string | number) => parseDecimal(input, 2);
/** A fraction as the API sends it ("0.0825") into ten-thousandths (825). */
export const parseFractionRate = (input: string | number) => parseDecimal(input, 4);

/** An integer of the given scale as a decimal string: (123450, 2) is "1234.50". */
export function formatDecimal(value: number, scale: number): string {
  const negative = value < 0;
  const digits = String(Math.abs(value)).padStart(scale + 1, "0");
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** Cents as the API sends them: "1234.50". */
export const centsToString = (cents: number) => formatDecimal(cents, 2);
/** A rate as the API sends it: 825 is "0.0825". */
export const rateToString = (rate: number) => formatDecimal(rate, 4);
/** A rate as a percent for the form: 825 is "8.25". */
export const rateToPercent = (rate: number) => formatDecimal(rate, 2);

/** The largest discount: 100% in hundredths of a percent. */
export const MAX_DISCOUNT = 10_000;

/** A discount as typed or sent ("12.5", 12.5) into hundredths of a percent (1250); at most two decimals. */
export const parseDiscountPercent = (input: string | number) => parseDecimal(input, 2);
/** Hundredths of a percent as the API and the form show them: 1250 is "12.50". */
export const discountToString = (hundredths: number) => formatDecimal(hundredths, 2);

/**
 * The line rule (docs/decisions/019): quantity (hundredths) × unit price (cents) ×
 * (1 − discount / 100), the discount in hundredths of a percent, rounded half up to cents
 * once per line. Exact: one bigint product over 100 × 10,000, so a 100% discount is 0.
 */
export function lineTotal(quantityHundredths: number, unitPriceCents: number, discountHundredths = 0): number {
  const kept = BigInt(MAX_DISCOUNT - discountHundredths);
  return Number(divRound(BigInt(quantityHundredths) * BigInt(unitPriceCents) * kept, 100n * BigInt(MAX_DISCOUNT)));
}

/** Tax in cents: taxable amount × rate (ten-thousandths), rounded once. */
export function taxAmount(subtotalCents: number, rate: number): number {
  return Number(divRound(BigInt(subtotalCents) * BigInt(rate), 10_000n));
}

/** A share of an amount in cents: cents × rate (ten-thousandths, so hundredths of a percent), rounded half up once. */
export function shareOf(cents: number, rate: number): number {
  return Number(divRound(BigInt(cents) * BigInt(rate), 10_000n));
}

export interface Totals {
  subtotal: number;
  taxAmount: number;
  total: number;
}

/** A document line as the rule reads it; taxable defaults to true, the discount to 0, optional to false. */
export interface PricedLine {
  quantity: number;
  unitPrice: number;
  /** Hundredths of a percent (1250 is 12.5%). */
  discountPercent?: number;
  taxable?: boolean;
  /** An optional line the customer has not chosen: it has a line total but counts in no sum. */
  optional?: boolean;
}

/**
 * The totals of a document from its lines (docs/decisions/019): each line rounded; the
 * subtotal the sum of the line totals; the tax the rate × the sum of the taxable line
 * totals, rounded once; the total subtotal + tax. Optional (unchosen) lines count in none.
 */
export function documentTotals(lines: readonly PricedLine[], rate: number): Totals & { lineTotals: number[] } {
  const lineTotals = lines.map((line) => lineTotal(line.quantity, line.unitPrice, line.discountPercent ?? 0));
  let subtotal = 0;
  let taxable = 0;
  lines.forEach((line, index) => {
    if (line.optional) return;
    subtotal += lineTotals[index];
    if (line.taxable !== false) taxable += lineTotals[index];
  });
  const tax = taxAmount(taxable, rate);
  return { lineTotals, subtotal, taxAmount: tax, total: subtotal + tax };
}

export function withinMoneyLimit(cents: number): boolean {
  return Number.isSafeInteger(cents) && Math.abs(cents) <= MAX_CENTS;
}

// One formatter per language and currency: building one costs more than formatting a whole list.
const currencyFormatters = new Map<string, Intl.NumberFormat>();
const wholeFormatters = new Map<string, Intl.NumberFormat>();
const countFormatters = new Map<string, Intl.NumberFormat>();
const decimalFormatters = new Map<string, Intl.NumberFormat>();
function cachedFormatter(formatters: Map<string, Intl.NumberFormat>, key: string, make: () => Intl.NumberFormat) {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Whole currency units for people ("$63"), for a figure already rounded to whole units. */
export function formatWholeMoney(units: number, locale = "en", currency = "USD"): string {
  const tag = locale === "es" ? "es-US" : "en-US";
  return cachedFormatter(
    wholeFormatters,
    `${tag} ${currency}`,
    () => new Intl.NumberFormat(tag, { style: "currency", currency, minimumFractionDigits: 0, maximumFractionDigits: 0 }),
  ).format(units);
}

/** A count for people, grouped in the interface language ("1,234"; "1234" and "12.345" in Spanish). */
export function formatCount(n: number, locale = "en"): string {
  const tag = locale === "es" ? "es-US" : "en-US";
  return cachedFormatter(countFormatters, tag, () => new Intl.NumberFormat(tag)).format(n);
}

/**
 * A number for people in the interface language with `minFraction` to `maxFraction` decimals
 * ("1,234.5", as es-US writes Spanish too). `value` may be an exact decimal string ("12.25"), which
 * is formatted as written, not through a float.
 */
export function formatNumber(value: number | string, locale = "en", minFraction = 0, maxFraction = 2): string {
  const tag = locale === "es" ? "es-US" : "en-US";
  return cachedFormatter(
    decimalFormatters,
    `${tag} ${minFraction} ${maxFraction}`,
    () => new Intl.NumberFormat(tag, { minimumFractionDigits: minFraction, maximumFractionDigits: maxFraction }),
  ).format(value as unknown as number);
}

/** Cents for people: "$1,234.50" in the interface language and the account's currency. */
export function formatMoney(cents: number, locale = "en", currency = "USD"): string {
  const tag = locale === "es" ? "es-US" : "en-US";
  const formatter = cachedFormatter(
    currencyFormatters,
    `${tag} ${currency}`,
    () => new Intl.NumberFormat(tag, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  );
  // Format the exact decimal string, not a float division.
  return formatter.format(centsToString(cents) as unknown as number);
}
