// Just enough of MIME (RFC 2045-2047) to read the messages the app sends in tests:
// headers (folded, encoded words), nested multiparts, base64 and quoted-printable bodies.

export interface MimePart {
  headers: Map<string, string>;
  /** The decoded body (after base64 or quoted-printable). */
  body: Buffer;
  parts: MimePart[];
}

function decodeQuotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i];
    if (c === "=" && /^[0-9A-Fa-f]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(joined.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** "=?UTF-8?Q?Presupuesto_EST-1?=" and "=?UTF-8?B?...?=" words as text; plain text unchanged. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")).toString("utf8"),
    );
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

export function parseMime(raw: Buffer | string): MimePart {
  const text = (typeof raw === "string" ? raw : raw.toString("latin1")).replace(/\r\n/g, "\n");
  const split = text.indexOf("\n\n");
  const headers = parseHeaders(split < 0 ? text : text.slice(0, split));
  const rawBody = split < 0 ? "" : text.slice(split + 2);
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    const sections = rawBody.split(`--${boundary}`);
    const parts = sections
      .slice(1)
      .filter((section) => !section.startsWith("--"))
      .map((section) => parseMime(section.replace(/^\n/, "").replace(/\n$/, "")));
    return { headers, body: Buffer.alloc(0), parts };
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  const body =
    encoding === "base64"
      ? Buffer.from(rawBody.replace(/\s+/g, ""), "base64")
      : encoding === "quoted-printable"
        ? decodeQuotedPrintable(rawBody)
        : Buffer.from(rawBody, "latin1");
  return { headers, body, parts: [] };
}

/** Every leaf part, depth first. */
export function leaves(part: MimePart): MimePart[] {
  return part.parts.length === 0 ? [part] : part.parts.flatMap(leaves);
}

/** The first leaf whose Content-Type starts with `type`. */
export function findPart(message: MimePart, type: string): MimePart | undefined {
  return leaves(message).find((part) => (part.headers.get("content-type") ?? "").toLowerCase().startsWith(type));
}

/** A received e-mail's subject (decoded) and plain-text part. */
export function mailText(raw: Buffer) {
  const mail = parseMime(raw);
  return {
    subject: decodeWords(mail.headers.get("subject") ?? ""),
    text: findPart(mail, "text/plain")?.body.toString("utf8") ?? "",
  };
}
