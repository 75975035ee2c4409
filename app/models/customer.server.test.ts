import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customers } from "#db/schema";
import { createAppointment, createCustomer as seedCustomer, createEstimate, createJob } from "#db/factories";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../test/accounts";
import {
  createCustomer,
  deleteCustomer,
  exportCustomersCsv,
  getCustomer,
  importCustomersCsv,
  listCustomers,
  updateCustomer,
} from "./customer.server";

const blank = { email: null, phone: null, address: null, city: null, state: null, zipCode: null, notes: null };

describe("scoping to the account", () => {
  it("another account's customers are invisible and untouchable", async () => {
    const a = await signedInAccount();
    const b = await signedInAccount();
    const mine = await createCustomer(a.user.id, { ...blank, name: "Ana Ruiz" });
    await createCustomer(b.user.id, { ...blank, name: "Ana Other" });

    expect((await listCustomers(a.user.id, { q: "Ana" })).items.map((c) => c.name)).toEqual(["Ana Ruiz"]);
    expect(await getCustomer(b.user.id, mine.id)).toBeUndefined();
    expect(await updateCustomer(b.user.id, mine.id, { ...blank, name: "Hacked" })).toBeUndefined();
    expect(await deleteCustomer(b.user.id, mine.id)).toEqual({ status: "not-found" });
    expect((await getCustomer(a.user.id, mine.id))?.name).toBe("Ana Ruiz");
  });
});

describe("search, sort and paging", () => {
  it("searches name, e-mail and phone, treats % and _ literally, and pages in SQL", async () => {
    const { user } = await signedInAccount();
    await createCustomer(user.id, { ...blank, name: "Bob Builder", email: "bob@build.example", phone: "555-0101" });
    await createCustomer(user.id, { ...blank, name: "Carla Díaz", email: "carla@example.com", phone: "555-0199" });
    await createCustomer(user.id, { ...blank, name: "50% Off Plumbing", phone: "555-0300" });
    for (let i = 0; i < 30; i++) await createCustomer(user.id, { ...blank, name: `Zed ${String(i).padStart(2, "0")}` });

    expect((await listCustomers(user.id, { q: "build.example" })).items.map((c) => c.name)).toEqual(["Bob Builder"]);
    expect((await listCustomers(user.id, { q: "0199" })).items.map((c) => c.name)).toEqual(["Carla Díaz"]);
    expect((await listCustomers(user.id, { q: "díaz" })).items.map((c) => c.name)).toEqual(["Carla Díaz"]);
    expect((await listCustomers(user.id, { q: "50%" })).items.map((c) => c.name)).toEqual(["50% Off Plumbing"]);
    expect((await listCustomers(user.id, { q: "%" })).items.map((c) => c.name)).toEqual(["50% Off Plumbing"]);

    const first = await listCustomers(user.id, { page: 1, pageSize: 25 });
    const second = await listCustomers(user.id, { page: 2, pageSize: 25 });
    expect(first.total).toBe(33);
    expect(first.items).toHaveLength(25);
    expect(second.items).toHaveLength(8);
    expect(first.items[0].name).toBe("50% Off Plumbing");
    expect(second.items.at(-1)?.name).toBe("Zed 29");
    expect((await listCustomers(user.id, { sort: "-name", pageSize: 1 })).items[0].name).toBe("Zed 29");
  });

  it("counts and sorts a search by name in the search index the same as the customers themselves", async () => {
    const { user } = await signedInAccount();
    const other = await signedInAccount();
    const names = ["garcía, Ana", "Garcia Plumbing", "Luis Garcia", "ana garcia", "Zoe García", "Bea Garcia", "Bea Garcia"];
    for (const name of names) await createCustomer(user.id, { ...blank, name });
    await createCustomer(user.id, { ...blank, name: "Not Matching" });
    await createCustomer(user.id, { ...blank, name: "Mail Only", email: "ops@garcia.example" });
    for (const name of ["Garcia Elsewhere", "Aaron Garcia"]) await createCustomer(other.user.id, { ...blank, name });
    const renamed = await createCustomer(user.id, { ...blank, name: "Was Garcia" });
    await updateCustomer(user.id, renamed.id, { ...blank, name: "Renamed Away" });
    const deleted = await createCustomer(user.id, { ...blank, name: "Deleted Garcia" });
    await deleteCustomer(user.id, deleted.id);

    const db = await getDb();
    const mine = await db.select().from(customers).where(eq(customers.accountId, user.id));
    const matching = mine.filter((c) => /garc[ií]a/i.test(`${c.name} ${c.email ?? ""}`));
    const byName = (a: (typeof mine)[number], b: (typeof mine)[number]) =>
      a.name.toLowerCase() < b.name.toLowerCase()
        ? -1
        : a.name.toLowerCase() > b.name.toLowerCase()
          ? 1
          : a.id < b.id
            ? -1
            : a.id > b.id
              ? 1
              : 0;
    const ascending = [...matching].sort(byName).map((c) => c.id);

    for (const [sort, expected] of [
      ["name", ascending],
      ["-name", [...ascending].reverse()],
    ] as const) {
      const pages = [1, 2, 3].map((page) => listCustomers(user.id, { q: "garcia", sort, page, pageSize: 3 }));
      const listed = await Promise.all(pages);
      expect(listed.map((p) => p.total)).toEqual([8, 8, 8]);
      expect(listed.flatMap((p) => p.items.map((c) => c.id))).toEqual(expected);
    }
    const newest = await listCustomers(user.id, { q: "garcia", sort: "newest" });
    expect(newest.total).toBe(8);
    const created = (c: (typeof mine)[number]) => new Date(c.createdAt).getTime();
    const newestFirst = [...matching].sort((a, b) => created(b) - created(a) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    expect(newest.items.map((c) => c.id)).toEqual(newestFirst.map((c) => c.id));
    expect((await listCustomers(user.id, { q: "nobody-by-that-name" })).items).toEqual([]);
  });
});

describe("deleting", () => {
  it("deletes a customer with nothing attached", async () => {
    const { user } = await signedInAccount();
    const customer = await createCustomer(user.id, { ...blank, name: "Gone Soon" });
    expect((await deleteCustomer(user.id, customer.id)).status).toBe("deleted");
    expect(await getCustomer(user.id, customer.id)).toBeUndefined();
  });

  it("refuses when jobs, estimates or appointments are attached, and says what", async () => {
    const { user } = await signedInAccount();
    const db = await getDb();
    const customer = await seedCustomer(db, user.id, { name: "Busy Customer" });
    const job = await createJob(db, user.id, { customerId: customer.id });
    await createEstimate(db, user.id, { customerId: customer.id, jobId: job.id });
    await createAppointment(db, user.id, { customerId: customer.id });
    const result = await deleteCustomer(user.id, customer.id);
    expect(result).toMatchObject({ status: "attached", attachments: { jobs: 1, estimates: 1, invoices: 0, appointments: 1 } });
    expect(await getCustomer(user.id, customer.id)).toBeTruthy();
  });
});

describe("CSV", () => {
  it("imports valid rows, rejects bad ones with their line and reason, keeps accents", async () => {
    const { user } = await signedInAccount();
    const csv = [
      "Name,Email,Phone,Address,City,State,Zip Code,Notes",
      'José Peña,jose@example.com,555-0111,"12 Elm St, Apt 3",Austin,TX,78701,Prefers texts',
      ",nobody@example.com,,,,,,missing name",
      "Bad Email,not-an-email,,,,,,",
      'Zoë Ångström,,,,,,,"Gate code ""1234"""',
    ].join("\r\n");
    const report = await importCustomersCsv(user.id, `\uFEFF${csv}`);
    expect(report.error).toBeUndefined();
    expect(report.imported).toEqual([
      { line: 2, name: "José Peña" },
      { line: 5, name: "Zoë Ångström" },
    ]);
    expect(report.rejected).toEqual([
      { line: 3, name: "", reasons: ["customers.nameRequired"] },
      { line: 4, name: "Bad Email", reasons: ["common.invalidEmail"] },
    ]);
    const stored = (await listCustomers(user.id)).items;
    expect(stored.find((c) => c.name === "José Peña")).toMatchObject({
      address: "12 Elm St, Apt 3",
      zipCode: "78701",
      city: "Austin",
    });
    expect(stored.find((c) => c.name === "Zoë Ångström")?.notes).toBe('Gate code "1234"');
  });

  it("refuses a file without a name column and imports nothing", async () => {
    const { user } = await signedInAccount();
    expect((await importCustomersCsv(user.id, "email,phone\na@b.co,1")).error).toBe("customers.import.noNameColumn");
    expect((await importCustomersCsv(user.id, "")).error).toBe("customers.import.empty");
    expect((await listCustomers(user.id)).total).toBe(0);
  });

  it("exports every customer of the account, and only those, in a form the import reads back", async () => {
    const a = await signedInAccount();
    const b = await signedInAccount();
    await createCustomer(a.user.id, { ...blank, name: "Peña, José", notes: 'Says "hi"\nTwice' });
    await createCustomer(a.user.id, { ...blank, name: "=cmd()", phone: "+1 512-555-0100", notes: "-5 off; ask Peña" });
    await createCustomer(b.user.id, { ...blank, name: "Someone Else" });
    let text = "";
    for await (const chunk of exportCustomersCsv(a.user.id, 1)) text += chunk;
    expect(text.startsWith("\uFEFFname,email,phone,address,city,state,zipCode,notes\r\n")).toBe(true);
    expect(text).not.toContain("Someone Else");
    const c = await signedInAccount();
    const report = await importCustomersCsv(c.user.id, text);
    expect(report.imported.map((row) => row.name).sort()).toEqual(["=cmd()", "Peña, José"]);
    expect(text).toContain("'=cmd(),,'+1 512-555-0100");
    expect((await storedByName(c.user.id))["=cmd()"]).toMatchObject({ phone: "+1 512-555-0100", notes: "-5 off; ask Peña" });
    const db = await getDb();
    const [row] = await db.select().from(customers).where(eq(customers.name, "Peña, José"));
    expect(row.notes).toBe('Says "hi"\nTwice');
  });
});

/** Windows-1252 bytes (what Excel on Windows saves): Latin-1 letters, and the few 0x80-0x9F signs used here. */
const windows1252 = (text: string) => new Uint8Array([...text].map((c) => ({ "€": 0x80, "’": 0x92 })[c] ?? c.charCodeAt(0)));
const utf8 = (text: string) => new TextEncoder().encode(text);
const storedByName = async (accountId: string) =>
  Object.fromEntries((await listCustomers(accountId)).items.map((c) => [c.name, c]));

describe("CSV files as other programs write them", () => {
  it("imports a Spanish Excel file: Windows-1252, semicolons, Nombre + Apellidos, a bad row reported", async () => {
    const { user } = await signedInAccount();
    const file = windows1252(
      [
        "Nombre;Apellidos;Correo electrónico;Teléfono;Dirección;Ciudad;Código postal;Notas",
        "José;Peña;JOSE@example.com;555-0101;Calle Mayor 3, 2º;Sevilla;41001;Llamar después de las 5, no antes",
        "María;Muñoz;maria@;555-0102;;;;",
        ";;;;;;;",
        "Ángel;Núñez O’Brien;;;;;;Presupuesto 1.200 €",
      ].join("\r\n") + "\r\n",
    );
    const report = await importCustomersCsv(user.id, file);
    expect(report.error).toBeUndefined();
    expect(report.imported).toEqual([
      { line: 2, name: "José Peña" },
      { line: 5, name: "Ángel Núñez O’Brien" },
    ]);
    expect(report.rejected).toEqual([{ line: 3, name: "María Muñoz", reasons: ["common.invalidEmail"] }]);
    const stored = await storedByName(user.id);
    expect(stored["José Peña"]).toMatchObject({
      email: "jose@example.com",
      phone: "555-0101",
      address: "Calle Mayor 3, 2º",
      city: "Sevilla",
      zipCode: "41001",
      notes: "Llamar después de las 5, no antes",
    });
    expect(stored["Ángel Núñez O’Brien"].notes).toBe("Presupuesto 1.200 €");
  });

  it("imports an Outlook contacts export: First + Last Name, home or business address, mobile phone, company when no name", async () => {
    const { user } = await signedInAccount();
    const header =
      '"Title","First Name","Middle Name","Last Name","Suffix","Company","Department","Job Title","Business Street","Business City","Business State","Business Postal Code","Business Country/Region","Home Street","Home City","Home State","Home Postal Code","Home Country/Region","Business Phone","Home Phone","Mobile Phone","E-mail Address","E-mail Type","E-mail Display Name","Notes"';
    const rows = [
      '"Mr.","José","Luis","Peña","","","","","","","","","","12 Elm St","Austin","TX","78701","United States","","512-555-0100","512-555-0111","jose@example.com","SMTP","José Peña (jose@example.com)",""',
      '"","","","","","Muñoz Roofing, LLC","","","400 Main St","El Paso","TX","79901","United States","","","","","","915-555-0199","","","office@munoz.example","SMTP","",""',
      '"Ms.","Zoë","","Ångström","","","","","","","","","","","","","","","","","","","","","Gate code ""1234""\r\nDog in yard"',
    ];
    const report = await importCustomersCsv(user.id, windows1252([header, ...rows].join("\r\n") + "\r\n"));
    expect(report.rejected).toEqual([]);
    expect(report.imported.map((row) => row.name)).toEqual(["José Luis Peña", "Muñoz Roofing, LLC", "Zoë Ångström"]);
    const stored = await storedByName(user.id);
    expect(stored["José Luis Peña"]).toMatchObject({
      email: "jose@example.com",
      phone: "512-555-0111",
      address: "12 Elm St",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
    });
    expect(stored["Muñoz Roofing, LLC"]).toMatchObject({
      email: "office@munoz.example",
      phone: "915-555-0199",
      address: "400 Main St",
      city: "El Paso",
      zipCode: "79901",
    });
    expect(stored["Zoë Ångström"].notes).toBe('Gate code "1234"\r\nDog in yard');
  });

  it("imports a Google Contacts export (UTF-8, no mark): Name, the first of several e-mails, phone and address 1", async () => {
    const { user } = await signedInAccount();
    const csv = [
      "Name,Given Name,Additional Name,Family Name,Nickname,Notes,Group Membership,E-mail 1 - Type,E-mail 1 - Value,E-mail 2 - Type,E-mail 2 - Value,Phone 1 - Type,Phone 1 - Value,Address 1 - Type,Address 1 - Formatted,Address 1 - Street,Address 1 - City,Address 1 - Region,Address 1 - Postal Code,Organization 1 - Name",
      'José Peña,José,,Peña,,Kitchen remodel,* myContacts,* Home ::: Work,jose@example.com ::: jose@work.example,,,Mobile,+1 512-555-0100,Home,"12 Elm St\nAustin, TX 78701",12 Elm St,Austin,TX,78701,',
      ",Marta,,Núñez,,,* myContacts,,,,,Work,512-555-0200,,,,,,,",
      ",,,,,,* myContacts,,,,,,,,,,,,,Peña & Hijos",
    ].join("\n");
    const report = await importCustomersCsv(user.id, utf8(csv));
    expect(report.rejected).toEqual([]);
    expect(report.imported.map((row) => row.name)).toEqual(["José Peña", "Marta Núñez", "Peña & Hijos"]);
    const stored = await storedByName(user.id);
    expect(stored["José Peña"]).toMatchObject({
      email: "jose@example.com",
      phone: "+1 512-555-0100",
      address: "12 Elm St",
      city: "Austin",
      state: "TX",
      notes: "Kitchen remodel",
    });
    expect(stored["Marta Núñez"].phone).toBe("512-555-0200");
  });

  it("imports a QuickBooks customer list, with the report title lines above the header", async () => {
    const { user } = await signedInAccount();
    const csv = [
      "Customer Contact List",
      "Peña Plumbing LLC",
      "",
      "Customer,Phone,Main Email,Full Name,Billing Address,Open Balance",
      'Muñoz Construction,(512) 555-0300,ap@munoz.example,Carmen Muñoz,"500 Oak Ave, Austin, TX 78702",1200.00',
      "José Peña,512-555-0101,jose@example.com,José Peña,,0.00",
    ].join("\r\n");
    const report = await importCustomersCsv(user.id, utf8(`\uFEFF${csv}`));
    expect(report.rejected).toEqual([]);
    expect(report.imported).toEqual([
      { line: 5, name: "Muñoz Construction" },
      { line: 6, name: "José Peña" },
    ]);
    const stored = await storedByName(user.id);
    expect(stored["Muñoz Construction"]).toMatchObject({
      email: "ap@munoz.example",
      phone: "(512) 555-0300",
      address: "500 Oak Ave, Austin, TX 78702",
    });
  });

  it("imports UTF-8 with a byte-order mark, and Excel's Unicode text (UTF-16, tabs)", async () => {
    const { user } = await signedInAccount();
    const bom = await importCustomersCsv(user.id, utf8("\uFEFFNAME;E-MAIL\nJosé Peña;jose@example.com\n"));
    expect(bom.imported).toEqual([{ line: 2, name: "José Peña" }]);
    const utf16 = new Uint8Array(Buffer.from("\uFEFFName\tMobile Phone\r\nMarta Muñoz\t555-0102\r\n", "utf16le"));
    expect((await importCustomersCsv(user.id, utf16)).imported).toEqual([{ line: 2, name: "Marta Muñoz" }]);
    expect((await storedByName(user.id))["José Peña"].email).toBe("jose@example.com");
  });

  it("refuses a workbook, a binary file and an empty one with a clear reason, importing nothing", async () => {
    const { user } = await signedInAccount();
    expect((await importCustomersCsv(user.id, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]))).error).toBe(
      "customers.import.workbook",
    );
    expect((await importCustomersCsv(user.id, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]))).error).toBe(
      "customers.import.notText",
    );
    expect((await importCustomersCsv(user.id, utf8("\uFEFF\r\n"))).error).toBe("customers.import.empty");
    expect((await importCustomersCsv(user.id, utf8("Correo;Teléfono\na@b.co;1"))).error).toBe("customers.import.noNameColumn");
    expect((await listCustomers(user.id)).total).toBe(0);
  });
});
