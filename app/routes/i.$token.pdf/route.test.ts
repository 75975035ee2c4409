// The photos marked "Show to customer" on the customer's side of an estimate and an invoice
// (docs/product/files.md): on the invoice's page under its link, and in both PDFs (the
// display copies, captioned, at most six); a photo not marked is on neither.
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createEstimate, createInvoice } from "#db/factories";
import { getDb } from "~/infrastructure/db.server";
import { addFiles, type FileOwner } from "~/models/file.server";
import { getOrCreateInvoiceShareLink } from "~/models/invoice-share.server";
import { getOrCreateShareLink } from "~/models/share.server";
import { loader as estimatePdfLoader } from "~/routes/e.$token.pdf/route";
import { loader as invoicePage } from "~/routes/i.$token/route";
import { loader as invoiceFile } from "~/routes/i.$token.files.$fileId.$variant/route";
import { loader as invoicePdfLoader } from "./route";
import { signedInAccount } from "../../../test/accounts";
import { pdfText } from "../../../test/pdf-text";
import { runRoute } from "../../../test/route";

/** A real JPEG added to the record, its copies stored. */
async function photo(accountId: string, owner: FileOwner, caption: string, showToCustomer: boolean, colour = "#336699") {
  const bytes = await sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const where = path.join(os.tmpdir(), `customer-photo-${crypto.randomUUID()}.jpg`);
  await writeFile(where, bytes);
  const added = await addFiles(
    accountId,
    owner,
    [
      {
        field: "file",
        filename: `${caption}.jpg`,
        claimedType: "image/jpeg",
        size: bytes.length,
        path: where,
        head: new Uint8Array(bytes.subarray(0, 64)),
      },
    ],
    { createdBy: accountId, caption, showToCustomer },
  );
  if (!added.ok) throw new Error(`photo refused: ${added.message}`);
  return added.files[0];
}

/** How many images the PDF holds (each an image XObject). */
const imagesIn = (pdf: Buffer) => pdf.toString("latin1").match(/\/Subtype\s*\/Image/g)?.length ?? 0;

async function pdfOf(loader: unknown, url: string, token: string) {
  const answer = await runRoute(loader, url, { params: { token } });
  expect(answer.status).toBe(200);
  expect(answer.headers.get("Content-Type")).toBe("application/pdf");
  return Buffer.from(await answer.arrayBuffer());
}

describe("photos on the customer's invoice", () => {
  it("shows the marked photos on the page and in the PDF, captioned, and not the unmarked one", async () => {
    const { user } = await signedInAccount();
    const db = await getDb();
    const invoice = await createInvoice(db, user.id);
    const owner = { kind: "invoice", id: invoice.id } as const;
    const shown = await photo(user.id, owner, "Panel after the work", true);
    const hidden = await photo(user.id, owner, "Internal wiring notes", false, "#993311");
    const other = await createInvoice(db, user.id);
    const elsewhere = await photo(user.id, { kind: "invoice", id: other.id }, "Another invoice photo", true);
    const token = (await getOrCreateInvoiceShareLink(user.id, invoice.id))!.link.token;

    const page = await runRoute(invoicePage, `/i/${token}`, { params: { token } });
    expect(page.status).toBe(200);
    const photos = (page.data as { document: { photos: { id: string; caption: string; displayUrl: string; fullUrl: string }[] } })
      .document.photos;
    expect(photos).toEqual([
      expect.objectContaining({
        id: shown.id,
        caption: "Panel after the work",
        displayUrl: `/i/${token}/files/${shown.id}/display`,
        fullUrl: `/i/${token}/files/${shown.id}/full`,
      }),
    ]);
    const serve = (id: string) =>
      runRoute(invoiceFile, `/i/${token}/files/${id}/display`, { params: { token, fileId: id, variant: "display" } });
    expect((await serve(shown.id)).status).toBe(200);
    expect((await serve(hidden.id)).status).toBe(404);
    expect((await serve(elsewhere.id)).status).toBe(404);

    const pdf = await pdfOf(invoicePdfLoader, `/i/${token}/pdf`, token);
    const text = await pdfText(pdf);
    expect(text).toContain("Panel after the work");
    expect(text).not.toContain("Internal wiring notes");
    expect(text).not.toContain("Another invoice photo");
    expect(imagesIn(pdf)).toBe(1);
  });
});

describe("photos in the customer's estimate PDF", () => {
  it("holds at most six marked photos, captioned, in their order; none when none is marked", async () => {
    const { user } = await signedInAccount();
    const db = await getDb();
    const estimate = await createEstimate(db, user.id);
    const owner = { kind: "estimate", id: estimate.id } as const;
    const token = (await getOrCreateShareLink(user.id, estimate.id))!.link.token;

    await photo(user.id, owner, "Not for the customer", false);
    const bare = await pdfOf(estimatePdfLoader, `/e/${token}/pdf`, token);
    expect(imagesIn(bare)).toBe(0);
    expect(await pdfText(bare)).not.toContain("Not for the customer");

    for (let i = 1; i <= 7; i++)
      await photo(user.id, owner, `Roof photo ${i}`, true, `#${(i * 30).toString(16).padStart(2, "0")}6699`);
    const pdf = await pdfOf(estimatePdfLoader, `/e/${token}/pdf`, token);
    const text = await pdfText(pdf);
    for (let i = 1; i <= 6; i++) expect(text).toContain(`Roof photo ${i}`);
    expect(text).not.toContain("Roof photo 7");
    expect(text).not.toContain("Not for the customer");
    expect(imagesIn(pdf)).toBe(6);
  });
});
