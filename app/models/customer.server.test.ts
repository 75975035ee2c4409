import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customers } from "#db/schema";
import { createAppointment, createCustomer as seedCustomer, createEstimate, createJob } from "#db/factories";
import { getDb } from "~/services/db.server";
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
    expect(stored.find((c) => c.name === "José Peña")).toMatchObject({ address: "12 Elm St, Apt 3", zipCode: "78701", city: "Austin" });
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
    await createCustomer(a.user.id, { ...blank, name: "=cmd()" });
    await createCustomer(b.user.id, { ...blank, name: "Someone Else" });
    let text = "";
    for await (const chunk of exportCustomersCsv(a.user.id, 1)) text += chunk;
    expect(text.startsWith("\uFEFFname,email,phone,address,city,state,zipCode,notes\r\n")).toBe(true);
    expect(text).not.toContain("Someone Else");
    const c = await signedInAccount();
    const report = await importCustomersCsv(c.user.id, text);
    expect(report.imported.map((row) => row.name).sort()).toEqual(["'=cmd()", "Peña, José"]);
    const db = await getDb();
    const [row] = await db.select().from(customers).where(eq(customers.name, "Peña, José"));
    expect(row.notes).toBe('Says "hi"\nTwice');
  });
});
