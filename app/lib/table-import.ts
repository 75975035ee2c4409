// Reading the spreadsheet files people really have (customer lists, and later price books):
// bytes → text (UTF-8 with or without a byte-order mark, UTF-16 with one, else Windows-1252),
// text → rows (papaparse; the delimiter , ; or tab is read from the header line),
// rows → records keyed by field, by a table of header aliases (case, accents, spaces
// and punctuation ignored). Pure: no database, no request.
import Papa from "papaparse";
import { withoutFormulaGuard } from "./csv";
import { withoutAccents } from "./without-accents";

export type TextEncodingName = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";
export type TableError = "empty" | "notText" | "workbook";

/** A file's bytes as text, or why they are not text. */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncodingName } | { error: TableError } {
  if (bytes.length === 0) return { error: "empty" };
  // An Excel workbook (.xlsx is a zip, .xls an OLE compound file) rather than a CSV export.
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0])) return { error: "workbook" };
  let text: string;
  let encoding: TextEncodingName;
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) {
    encoding = "utf-8";
    text = new TextDecoder("utf-8").decode(bytes.subarray(3));
  } else if (startsWith(bytes, [0xff, 0xfe])) {
    encoding = "utf-16le";
    text = new TextDecoder("utf-16le").decode(bytes.subarray(2));
  } else if (startsWith(bytes, [0xfe, 0xff])) {
    encoding = "utf-16be";
    text = new TextDecoder("utf-16be").decode(bytes.subarray(2));
  } else {
    const utf8 = decode("utf-8", bytes);
    if (utf8 !== null) {
      encoding = "utf-8";
      text = utf8;
    } else {
      // Not valid UTF-8: what Excel on Windows and older contact apps write ("Save as CSV").
      encoding = "windows-1252";
      text = decodeWindows1252(bytes);
    }
  }
  // A NUL or other control character (other than tab and line breaks) means a binary file.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) return { error: "notText" };
  if (text.trim() === "") return { error: "empty" };
  return { text, encoding };
}

// Windows-1252 differs from Latin-1 only in 0x80–0x9F (€ ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ);
// Node 20's TextDecoder("windows-1252") decodes that range as Latin-1 control characters, so it is mapped here.
const WINDOWS_1252_C1 =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

export function decodeWindows1252(bytes: Uint8Array): string {
  return new TextDecoder("windows-1252")
    .decode(bytes)
    .replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_C1[c.charCodeAt(0) - 0x80]);
}

function startsWith(bytes: Uint8Array, prefix: number[]) {
  return prefix.every((byte, i) => bytes[i] === byte);
}

function decode(label: string, bytes: Uint8Array): string | null {
  try {
    return new TextDecoder(label, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

export type Delimiter = "," | ";" | "\t";
const DELIMITERS: Delimiter[] = [",", ";", "\t"];
/** How many lines from the top may hold the header (report titles come first in some exports). */
const HEADER_SEARCH_ROWS = 10;

/**
 * The delimiter of a CSV text: Excel's `sep=` line if any, else the one that splits most of the
 * first lines into the same number of fields (counted outside quotes; more fields break a tie),
 * so a comma inside an unquoted address of a semicolon file does not mislead it.
 */
export function detectDelimiter(text: string): Delimiter {
  const sep = /^sep=(.)\r?\n/i.exec(text);
  if (sep && DELIMITERS.includes(sep[1] as Delimiter)) return sep[1] as Delimiter;
  const counts: Record<Delimiter, number>[] = [];
  let line = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === "\n") {
      counts.push(line);
      if (counts.length === HEADER_SEARCH_ROWS) break;
      line = { ",": 0, ";": 0, "\t": 0 };
    } else if (!quoted && c in line) line[c as Delimiter]++;
  }
  if (counts.length < HEADER_SEARCH_ROWS) counts.push(line);
  let best: { delimiter: Delimiter; lines: number; fields: number } = { delimiter: ",", lines: 0, fields: 0 };
  for (const delimiter of DELIMITERS) {
    const tally = new Map<number, number>();
    for (const count of counts) if (count[delimiter] > 0) tally.set(count[delimiter], (tally.get(count[delimiter]) ?? 0) + 1);
    for (const [fields, lines] of tally) {
      if (lines > best.lines || (lines === best.lines && fields > best.fields)) best = { delimiter, lines, fields };
    }
  }
  return best.delimiter;
}

/**
 * Parses CSV text into rows, each with its row number as a spreadsheet shows it (1 = the header;
 * a row with a line break inside quotes is still one row). Blank rows are left out but counted.
 */
export function parseDelimited(text: string, delimiter: Delimiter = detectDelimiter(text)): { row: number; cells: string[] }[] {
  let input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let first = 1;
  const sep = /^sep=.\r?\n/i.exec(input);
  if (sep) {
    input = input.slice(sep[0].length);
    first = 2;
  }
  const { data } = Papa.parse<string[]>(input, { delimiter, skipEmptyLines: false });
  const rows: { row: number; cells: string[] }[] = [];
  data.forEach((cells, index) => {
    if (cells.some((cell) => cell.trim() !== "")) rows.push({ row: index + first, cells });
  });
  return rows;
}

/** A header name reduced to its letters and digits: "E-mail Address" → "emailaddress", "Teléfono" → "telefono". */
export function headerKey(header: string): string {
  return withoutAccents(header)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/**
 * How one field is found in a file. `aliases` (best first) are header names that hold the whole
 * value; `parts` are joined with spaces when no whole-value column has one (First + Middle + Last
 * name); `fallback` columns are used last (a company when a contact has no person's name).
 * An alias that is also a first part ("Nombre") counts as that part when the file has a column
 * for a later part ("Apellidos"). Aliases are compared after `headerKey`.
 */
export interface FieldSpec {
  aliases: readonly string[];
  parts?: readonly (readonly string[])[];
  fallback?: readonly string[];
}
export type FieldTable<F extends string> = Record<F, FieldSpec>;

/** Which columns feed each field, best first; columns no field uses are ignored. */
export interface HeaderMap<F extends string> {
  fields: F[];
  direct: Record<F, number[]>;
  parts: Record<F, number[][]>;
  fallback: Record<F, number[]>;
}

export function mapHeaders<F extends string>(headers: string[], table: FieldTable<F>): HeaderMap<F> {
  const keys = headers.map(headerKey);
  const columnsFor = (aliases: readonly string[], except: Set<number>) =>
    aliases.flatMap((alias) => {
      const key = headerKey(alias);
      return keys.flatMap((k, i) => (k === key && !except.has(i) ? [i] : []));
    });
  const map: HeaderMap<F> = {
    fields: [],
    direct: {} as Record<F, number[]>,
    parts: {} as Record<F, number[][]>,
    fallback: {} as Record<F, number[]>,
  };
  for (const field of Object.keys(table) as F[]) {
    const spec = table[field];
    const none = new Set<number>();
    const partColumns = (spec.parts ?? []).map((aliases) => columnsFor(aliases, none));
    const composed = partColumns.slice(1).some((columns) => columns.length > 0);
    const asParts = new Set(composed ? partColumns.flat() : []);
    map.direct[field] = unique(columnsFor(spec.aliases, asParts));
    map.parts[field] = composed
      ? partColumns.map(unique)
      : partColumns.map((columns) => unique(columns.filter((i) => !map.direct[field].includes(i))));
    map.fallback[field] = unique(columnsFor(spec.fallback ?? [], new Set()));
    if (map.direct[field].length + map.parts[field].flat().length + map.fallback[field].length > 0) map.fields.push(field);
  }
  return map;
}

function unique(columns: number[]) {
  return [...new Set(columns)];
}

/** One row's value for each mapped field (trimmed; fields the row leaves empty are absent). */
export function readRecord<F extends string>(cells: string[], map: HeaderMap<F>): Partial<Record<F, string>> {
  const cell = (i: number) => withoutFormulaGuard((cells[i] ?? "").trim());
  const firstOf = (columns: number[]) => columns.map(cell).find((value) => value !== "") ?? "";
  const record: Partial<Record<F, string>> = {};
  for (const field of map.fields) {
    const value =
      firstOf(map.direct[field]) ||
      map.parts[field]
        .map(firstOf)
        .filter((value) => value !== "")
        .join(" ") ||
      firstOf(map.fallback[field]);
    if (value !== "") record[field] = value;
  }
  return record;
}

export type TableRead<F extends string> =
  | { error: TableError }
  | {
      encoding: TextEncodingName;
      delimiter: Delimiter;
      fields: F[];
      records: { row: number; values: Partial<Record<F, string>> }[];
    };

/** A whole file: decode, parse, find the header row and map it through the table. */
export function readTable<F extends string>(input: Uint8Array | string, table: FieldTable<F>): TableRead<F> {
  const decoded =
    typeof input === "string"
      ? input.trim() === ""
        ? { error: "empty" as const }
        : { text: input, encoding: "utf-8" as const }
      : decodeText(input);
  if ("error" in decoded) return decoded;
  const delimiter = detectDelimiter(decoded.text.replace(/^\uFEFF/, ""));
  const rows = parseDelimited(decoded.text, delimiter);
  if (rows.length === 0) return { error: "empty" };
  // Reports (QuickBooks) put a title, the company and a date above the header: the header is the
  // row among the first few that names the most fields.
  let header = 0;
  let map = mapHeaders(rows[0].cells, table);
  rows.slice(1, HEADER_SEARCH_ROWS).forEach(({ cells }, index) => {
    const candidate = mapHeaders(cells, table);
    if (candidate.fields.length > map.fields.length) [header, map] = [index + 1, candidate];
  });
  return {
    encoding: decoded.encoding,
    delimiter,
    fields: map.fields,
    records: rows.slice(header + 1).map(({ row, cells }) => ({ row, values: readRecord(cells, map) })),
  };
}
