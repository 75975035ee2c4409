import { describe, expect, it } from "vitest";
import { CUSTOMER_IMPORT_FIELDS } from "./customer-import";
import {
  decodeText,
  detectDelimiter,
  headerKey,
  mapHeaders,
  parseDelimited,
  readRecord,
  readTable,
  type FieldTable,
} from "./table-import";

/** Windows-1252 bytes: Latin-1 for these letters, 0x80 for the euro sign, 0x92 for the apostrophe. */
const windows1252 = (text: string) => new Uint8Array([...text].map((c) => ({ "€": 0x80, "’": 0x92 })[c] ?? c.charCodeAt(0)));
const utf8 = (text: string) => new TextEncoder().encode(text);

describe("decodeText", () => {
  it("reads UTF-8 with and without a byte-order mark", () => {
    expect(decodeText(utf8("\uFEFFJosé Peña"))).toEqual({ text: "José Peña", encoding: "utf-8" });
    expect(decodeText(utf8("José Peña"))).toEqual({ text: "José Peña", encoding: "utf-8" });
  });
  it("reads what is not UTF-8 as Windows-1252 (Excel's Save as CSV)", () => {
    expect(decodeText(windows1252("José;Peña;Muñoz;O’Brien;10 €"))).toEqual({
      text: "José;Peña;Muñoz;O’Brien;10 €",
      encoding: "windows-1252",
    });
  });
  it("reads UTF-16 with a byte-order mark, little- and big-endian", () => {
    const le = new Uint8Array(Buffer.from("\uFEFFname\tJosé", "utf16le"));
    expect(decodeText(le)).toEqual({ text: "name\tJosé", encoding: "utf-16le" });
    const be = new Uint8Array(le.length);
    for (let i = 0; i < le.length; i += 2) [be[i], be[i + 1]] = [le[i + 1], le[i]];
    expect(decodeText(be)).toEqual({ text: "name\tJosé", encoding: "utf-16be" });
  });
  it("refuses binary files and workbooks, and says when there is nothing", () => {
    expect(decodeText(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toEqual({ error: "notText" });
    expect(decodeText(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0]))).toEqual({ error: "workbook" });
    expect(decodeText(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1]))).toEqual({ error: "workbook" });
    expect(decodeText(new Uint8Array())).toEqual({ error: "empty" });
    expect(decodeText(utf8("\uFEFF \r\n"))).toEqual({ error: "empty" });
  });
});

describe("detectDelimiter and parseDelimited", () => {
  it("takes the delimiter that splits the lines evenly, not one inside quotes or in an unquoted note", () => {
    expect(detectDelimiter("Nombre;Dirección;Notas\r\nJosé;Calle 1, 2;a,b,c\r\nAna;Sol 3;x")).toBe(";");
    expect(detectDelimiter('"a;b",c\n1,2\n3,"4;5;6"')).toBe(",");
    expect(detectDelimiter("a\tb\tc\n")).toBe("\t");
    expect(detectDelimiter("name\nJosé")).toBe(",");
    expect(detectDelimiter("sep=;\nname,email;x")).toBe(";");
  });
  it("gives each row its spreadsheet row number, counting blank rows and keeping quoted line breaks in one row", () => {
    const text = 'sep=;\r\nname;notes\r\n"Peña; José";"two\r\nlines"\r\n;\r\n\r\nZoë;""""\r\n';
    expect(parseDelimited(text)).toEqual([
      { row: 2, cells: ["name", "notes"] },
      { row: 3, cells: ["Peña; José", "two\r\nlines"] },
      { row: 6, cells: ["Zoë", '"'] },
    ]);
  });
});

describe("header mapping", () => {
  it("ignores case, accents, spaces and punctuation", () => {
    expect(headerKey(" E-mail Address ")).toBe("emailaddress");
    expect(headerKey("Correo Electrónico")).toBe("correoelectronico");
    expect(headerKey("TELÉFONO")).toBe("telefono");
  });
  it("joins first and last name, and reads Nombre as a first name only when Apellidos is there", () => {
    const outlook = mapHeaders(["First Name", "Middle Name", "Last Name", "Company"], CUSTOMER_IMPORT_FIELDS);
    expect(readRecord(["José", "", "Peña", "Peña Roofing"], outlook).name).toBe("José Peña");
    expect(readRecord(["", "", "", "Peña Roofing"], outlook).name).toBe("Peña Roofing");
    const spanish = mapHeaders(["Nombre", "Apellidos"], CUSTOMER_IMPORT_FIELDS);
    expect(readRecord(["María José", "Muñoz Peña"], spanish).name).toBe("María José Muñoz Peña");
    const plain = mapHeaders(["NOMBRE", "Teléfono"], CUSTOMER_IMPORT_FIELDS);
    expect(readRecord(["José Peña", "555"], plain)).toEqual({ name: "José Peña", phone: "555" });
  });
  it("prefers a whole-name column, and takes the first filled column among alternatives", () => {
    const google = mapHeaders(["Name", "Given Name", "Family Name", "Phone 1 - Value", "Business Phone"], CUSTOMER_IMPORT_FIELDS);
    expect(readRecord(["Dr. José Peña", "José", "Peña", "", "555-0100"], google)).toEqual({
      name: "Dr. José Peña",
      phone: "555-0100",
    });
    expect(readRecord(["", "José", "Peña", "555-0111", "555-0100"], google)).toEqual({ name: "José Peña", phone: "555-0111" });
  });
});

describe("readTable with another field table (a price book)", () => {
  const priceBook: FieldTable<"name" | "description" | "unitPrice"> = {
    name: { aliases: ["item", "name", "product/service", "artículo", "nombre"] },
    description: { aliases: ["description", "descripción"] },
    unitPrice: { aliases: ["unit price", "price", "rate", "precio unitario", "precio"] },
  };
  it("reads a Spanish Excel file in Windows-1252 with semicolons", () => {
    const file = windows1252('Artículo;Descripción;Precio unitario\r\nTubería;Cobre ½";12,50 €\r\n');
    expect(readTable(file, priceBook)).toEqual({
      encoding: "windows-1252",
      delimiter: ";",
      fields: ["name", "description", "unitPrice"],
      records: [{ row: 2, values: { name: "Tubería", description: 'Cobre ½"', unitPrice: "12,50 €" } }],
    });
  });
});
