// The load test's own exact money arithmetic, written apart from app/lib/money.ts so the
// check does not trust the code it checks (docs/product/README.md, "Money"): amounts in integer cents,
// quantities in hundredths, tax rates in ten-thousandths; rounding half away from zero
// once per step, on bigints.

function divRound(n, d) {
  const q = n / d;
  const r = n % d;
  const twice = 2n * (r < 0n ? -r : r);
  if (twice >= d) return n < 0n ? q - 1n : q + 1n;
  return q;
}

/** quantity (hundredths) × unit price (cents), in cents. */
export function lineTotal(quantity, unitPrice) {
  return Number(divRound(BigInt(quantity) * BigInt(unitPrice), 100n));
}

/** subtotal (cents) × rate (ten-thousandths), in cents. */
export function taxOf(subtotal, rate) {
  return Number(divRound(BigInt(subtotal) * BigInt(rate), 10_000n));
}

/** The totals a document with these lines must carry. */
export function documentTotals(lines, rate) {
  const lineTotals = lines.map((line) => lineTotal(line.quantity, line.unitPrice));
  const subtotal = lineTotals.reduce((sum, value) => sum + value, 0);
  const taxAmount = taxOf(subtotal, rate);
  return { lineTotals, subtotal, taxAmount, total: subtotal + taxAmount };
}

/** An integer of the given scale as a decimal string: (123450, 2) is "1234.50". */
export function toDecimal(value, scale) {
  const negative = value < 0;
  const digits = String(Math.abs(value)).padStart(scale + 1, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** "1234.5" or "1234.50" at the given scale into an integer (null when it is not such a decimal). */
export function fromDecimal(text, scale) {
  if (typeof text !== "string") return null;
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match || (match[3] ?? "").length > scale) return null;
  const value = Number(`${match[2]}${(match[3] ?? "").padEnd(scale, "0")}`);
  return match[1] ? -value : value;
}
