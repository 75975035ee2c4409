import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppointment, createCustomer, createEstimate, createInvoice, createJob, createNotification } from "#db/factories";
import { accountSettings, customers } from "#db/schema";
import { eq } from "drizzle-orm";
import { setLogo } from "~/models/settings.server";
import { signedInAccount } from "../../test/accounts";
import { createRecurringInvoice } from "~/models/recurring-invoice.server";
import sharp from "sharp";
import { readStoredFile } from "~/infrastructure/file-store.server";
import type { UploadedFile } from "~/infrastructure/upload.server";
import { addFiles, readFileCopy } from "~/models/file.server";
import { BACKUPS_KEPT, exportAccountJson, exportAccountStream, runBackups } from "./backup.server";
import { recordPayment } from "~/models/payment.server";
import { getDb } from "~/infrastructure/db.server";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "tradedesk-backups-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4AWJSTX79HwAAAP//U/RKqgAAAAZJREFUAwAEoQJ18+MsXwAAAABJRU5ErkJggg==",
  "base64",
);

async function exportOf(accountId: string, now = new Date("2025-06-11T12:00:00Z")) {
  let text = "";
  for await (const chunk of exportAccountJson(accountId, now)) text += chunk;
  return JSON.parse(text);
}

async function setAutoBackup(accountId: string, on: boolean, timeZone: string | null = null) {
  const db = await getDb();
  await db.update(accountSettings).set({ autoBackup: on, timeZone }).where(eq(accountSettings.accountId, accountId));
}

describe("exportAccountJson", () => {
  it("holds the whole account, money as strings, and no logo bytes or other accounts", async () => {
    const db = await getDb();
    const { user } = await signedInAccount("Dana Volt");
    const other = await signedInAccount();
    await setLogo(user.id, PNG_1X1, "image/png", new Date("2025-06-01T00:00:00Z"));
    const customer = await createCustomer(db, user.id, { name: "Ana Ruiz" });
    const job = await createJob(db, user.id, { customerId: customer.id, totalAmount: 123_450 });
    const estimate = await createEstimate(db, user.id, {
      customerId: customer.id,
      items: [{ description: "Breaker", quantity: 150, unitPrice: 1_999 }],
    });
    const invoice = await createInvoice(db, user.id, { fromEstimate: estimate });
    await recordPayment(user.id, invoice.id, { amount: 1_000, method: "check", reference: "881" });
    await createAppointment(db, user.id, { customerId: customer.id });
    await createNotification(db, user.id);
    await createCustomer(db, other.user.id, { name: "Someone Else" });
    await createRecurringInvoice(user.id, {
      customerId: customer.id,
      title: "Maintenance plan",
      description: null,
      notes: null,
      taxRate: 825,
      frequency: "quarterly",
      startDate: "2099-01-31",
      endDate: null,
      count: 4,
      autoSend: true,
      items: [{ description: "Tune-up", quantity: 150, unitPrice: 1_999 }],
    });

    const data = await exportOf(user.id);
    expect(data).toMatchObject({ format: "tradedesk-account-export", version: 1, exportedAt: "2025-06-11T12:00:00.000Z" });
    expect(data.account).toMatchObject({ id: user.id, name: "Dana Volt", email: user.email });
    expect(JSON.stringify(data)).not.toMatch(/passwordHash|password_hash|argon2/);
    expect(data.settings).toMatchObject({
      companyName: "Your Trade Company",
      defaultTaxRate: "8.25",
      autoBackup: true,
      logo: { mimeType: "image/png", updatedAt: "2025-06-01T00:00:00.000Z" },
    });
    expect(JSON.stringify(data.settings)).not.toContain(PNG_1X1.toString("base64").slice(0, 20));
    expect(data.customers.map((c: { name: string }) => c.name)).toEqual(["Ana Ruiz"]);
    expect(data.customers[0]).not.toHaveProperty("accountId");
    expect(data.jobs).toHaveLength(1);
    expect(data.jobs[0]).toMatchObject({ id: job.id, customerId: customer.id, totalAmount: "1234.50" });
    expect(data.estimates).toHaveLength(1);
    // 1.5 × $19.99 = $29.985, rounded to $29.99; tax 8.25% of that is $2.47.
    expect(data.estimates[0]).toMatchObject({ subtotal: "29.99", taxRate: "0.0825", taxAmount: "2.47", total: "32.46" });
    expect(data.estimates[0].items).toEqual([
      expect.objectContaining({ description: "Breaker", quantity: "1.50", unitPrice: "19.99", total: "29.99" }),
    ]);
    expect(data.invoices).toHaveLength(1);
    expect(data.invoices[0]).toMatchObject({ estimateId: estimate.id, total: "32.46" });
    expect(data.invoices[0].items).toHaveLength(1);
    expect(data.appointments).toHaveLength(1);
    expect(data.invoices[0]).toMatchObject({ amountPaid: "10.00" });
    expect(data.payments).toEqual([
      expect.objectContaining({ invoiceId: invoice.id, amount: "10.00", method: "check", reference: "881" }),
    ]);
    expect(data.payments[0]).not.toHaveProperty("accountId");
    // The payment told the contractor, as a card payment would.
    expect(data.notifications).toHaveLength(2);
    expect(typeof data.customers[0].createdAt).toBe("string");
    expect(data.recurringInvoices).toEqual([
      expect.objectContaining({ title: "Maintenance plan", frequency: "quarterly", taxRate: "0.0825", occurrenceCount: 4 }),
    ]);
    expect(data.recurringInvoices[0]).not.toHaveProperty("accountId");
    expect(data.recurringInvoices[0].items).toEqual([
      expect.objectContaining({ description: "Tune-up", quantity: "1.50", unitPrice: "19.99", total: "29.99" }),
    ]);
  });

  it("pages through large tables without losing or repeating rows", async () => {
    const db = await getDb();
    const { user } = await signedInAccount();
    const sameInstant = new Date("2025-06-01T00:00:00Z");
    // More than one page, many sharing one createdAt: the (createdAt, id) key keeps them apart.
    const rows = Array.from({ length: 1203 }, (_, i) => ({
      id: crypto.randomUUID(),
      accountId: user.id,
      name: `C${i}`,
      createdAt: i % 2 ? sameInstant : new Date(sameInstant.getTime() + i),
    }));
    for (let i = 0; i < rows.length; i += 300) await db.insert(customers).values(rows.slice(i, i + 300));
    const data = await exportOf(user.id);
    expect(data.customers).toHaveLength(1203);
    expect(new Set(data.customers.map((c: { id: string }) => c.id))).toEqual(new Set(rows.map((c) => c.id)));
  });
});

describe("runBackups", () => {
  it("writes today's file for accounts with auto backup on, once a day, and none for accounts with it off", async () => {
    const on = await signedInAccount();
    const off = await signedInAccount();
    await setAutoBackup(on.user.id, true, "America/Chicago");
    await setAutoBackup(off.user.id, false);
    // 03:00 UTC on June 12 is still June 11 in Chicago.
    const now = new Date("2025-06-12T03:00:00Z");
    const run = await runBackups(now, { dir });
    const file = path.join(dir, on.user.id, "2025-06-11.json");
    expect(run.written).toContain(file);
    expect(run.failed).toEqual([]);
    expect(JSON.parse(await readFile(file, "utf8")).account.id).toBe(on.user.id);
    await expect(readdir(path.join(dir, off.user.id))).rejects.toThrow();

    const again = await runBackups(new Date("2025-06-12T04:00:00Z"), { dir });
    expect(again.written).not.toContain(file);
    expect(again.skipped).toBeGreaterThan(0);
    expect(await readdir(path.join(dir, on.user.id))).toEqual(["2025-06-11.json"]);
  });

  it("keeps the last 7 backups", async () => {
    const { user } = await signedInAccount();
    await setAutoBackup(user.id, true);
    const folder = path.join(dir, user.id);
    await mkdir(folder, { recursive: true });
    // Eight older backups and a file that is not a backup.
    for (let day = 1; day <= 8; day++) await writeFile(path.join(folder, `2025-05-0${day}.json`), "{}");
    await writeFile(path.join(folder, "notes.txt"), "keep me");
    await runBackups(new Date("2025-06-11T12:00:00Z"), { dir });
    const files = (await readdir(folder)).sort();
    expect(files.filter((name) => name.endsWith(".json"))).toHaveLength(BACKUPS_KEPT);
    expect(files).toEqual([
      "2025-05-03.json",
      "2025-05-04.json",
      "2025-05-05.json",
      "2025-05-06.json",
      "2025-05-07.json",
      "2025-05-08.json",
      "2025-06-11.json",
      "notes.txt",
    ]);
  });

  it("stops backing up an account that turns auto backup off", async () => {
    const { user } = await signedInAccount();
    await setAutoBackup(user.id, true);
    await runBackups(new Date("2025-06-11T12:00:00Z"), { dir });
    await setAutoBackup(user.id, false);
    const run = await runBackups(new Date("2025-06-12T12:00:00Z"), { dir });
    expect(run.written.some((file) => file.includes(user.id))).toBe(false);
    expect(await readdir(path.join(dir, user.id))).toEqual(["2025-06-11.json"]);
  });
});

describe("the export's files", () => {
  it("lists the account's files with their details; the download has their bytes (a photo's full copy, a PDF as uploaded)", async () => {
    const db = await getDb();
    const { user } = await signedInAccount();
    const other = await signedInAccount();
    const customer = await createCustomer(db, user.id, { name: "Ana Ruiz" });
    const job = await createJob(db, user.id, { customerId: customer.id });
    const theirs = await createJob(db, other.user.id, { customerId: (await createCustomer(db, other.user.id)).id });
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#336699" } })
      .jpeg()
      .toBuffer();
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const upload = async (bytes: Buffer, filename: string): Promise<UploadedFile> => {
      const where = path.join(dir, crypto.randomUUID());
      await writeFile(where, bytes);
      return {
        field: "file",
        filename,
        claimedType: "",
        size: bytes.length,
        path: where,
        head: new Uint8Array(bytes.subarray(0, 64)),
      };
    };
    const added = await addFiles(
      user.id,
      { kind: "job", id: job.id },
      [await upload(photo, "wall.jpg"), await upload(pdf, "quote.pdf")],
      {
        caption: "Wall",
      },
    );
    if (!added.ok) throw new Error(added.message);
    const elsewhere = await addFiles(other.user.id, { kind: "job", id: theirs.id }, [await upload(pdf, "theirs.pdf")]);
    if (!elsewhere.ok) throw new Error(elsewhere.message);

    const response = new Response(exportAccountStream(user.id, new Date("2025-06-11T12:00:00Z")));
    const exported = (await response.json()) as { files: Record<string, unknown>[] };
    expect(exported.files).toHaveLength(2);
    const [image, document] = added.files;
    // Files added together share their moment, so the export's order between them is the ids'.
    const exportedOf = (id: string) => exported.files.find((file) => file.id === id)!;
    expect(exportedOf(image.id)).toMatchObject({
      id: image.id,
      jobId: job.id,
      name: "wall.jpg",
      kind: "jpeg",
      caption: "Wall",
      order: 0,
    });
    expect(exportedOf(document.id)).toMatchObject({ id: document.id, jobId: job.id, name: "quote.pdf", kind: "pdf", order: 1 });
    const served = await readStoredFile((await readFileCopy(user.id, image, "full"))!);
    expect(Buffer.from(exportedOf(image.id).data as string, "base64")).toEqual(served);
    expect((await sharp(served).metadata()).exif).toBeUndefined();
    expect(Buffer.from(exportedOf(document.id).data as string, "base64")).toEqual(pdf);
    expect(JSON.stringify(exported)).not.toContain(elsewhere.files[0].id);

    // The daily copies list them without their bytes.
    const daily = await exportOf(user.id);
    expect(daily.files.map((file: { id: string }) => file.id).sort()).toEqual([image.id, document.id].sort());
    for (const file of daily.files) expect(file.data).toBeUndefined();
  });
});
