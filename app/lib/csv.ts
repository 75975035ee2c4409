// Writing CSV (RFC 4180). Reading is app/lib/table-import.ts (papaparse).

/** One CSV field: quoted when it holds a comma, quote or line break; formulas are defused. */
export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  // A spreadsheet runs a cell starting with = + - @ as a formula: prefix it so it stays text.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Reading back what `csvField` wrote: the quote that kept a formula-like value as text is removed. */
export function withoutFormulaGuard(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

export function csvLine(values: (string | number | null | undefined)[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
