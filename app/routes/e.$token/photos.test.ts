// The photos on the customer's estimate page (docs/product/files.md): the loader gives the
// marked photos under the link; the page draws them after the lines, in the document's
// language, as lazy display copies with their size, captioned, each opening the full copy.
// Another estimate's photo and an unmarked one are not served through this link. The member's
// print page shows the same photos.
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createEstimate } from "#db/factories";
import { accountSettings } from "#db/schema";
import { DocumentView } from "~/components/document-view";
import { FixedLanguage } from "~/components/share-fixed-language";
import { getDb } from "~/infrastructure/db.server";
import { addFiles, type FileOwner } from "~/models/file.server";
import { getSettings } from "~/models/settings.server";
import { getOrCreateShareLink } from "~/models/share.server";
import { loader as estimateFile } from "~/routes/e.$token.files.$fileId.$variant/route";
import { loader as printLoader } from "~/routes/app_.estimates.$estimateId.print/route";
import { loader } from "./route";
import { signedInAccount } from "../../../test/accounts";
import { runRoute } from "../../../test/route";

async function photo(accountId: string, owner: FileOwner, caption: string, showToCustomer: boolean) {
  const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#557799" } })
    .jpeg()
    .toBuffer();
  const where = path.join(os.tmpdir(), `estimate-photo-${crypto.randomUUID()}.jpg`);
  await writeFile(where, bytes);
  const upload = { field: "file", filename: `${caption}.jpg`, claimedType: "image/jpeg", size: bytes.length, path: where };
  const added = await addFiles(accountId, owner, [{ ...upload, head: new Uint8Array(bytes.subarray(0, 64)) }], {
    createdBy: accountId,
    caption,
    showToCustomer,
  });
  if (!added.ok) throw new Error(`photo refused: ${added.message}`);
  return added.files[0];
}

async function html(element: ReturnType<typeof createElement>) {
  const handler = createStaticHandler([{ id: "root", path: "/", Component: () => element }]);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("redirected");
  return renderToString(
    createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }),
  );
}

describe("photos on the customer's estimate page", () => {
  it("shows the marked photo after the lines in the document's language, and no other", async () => {
    const { user, cookie } = await signedInAccount();
    await getSettings(user.id);
    const db = await getDb();
    await db.update(accountSettings).set({ documentLanguage: "es" }).where(eq(accountSettings.accountId, user.id));
    const estimate = await createEstimate(db, user.id, {
      items: [{ description: "Cambio de tejas", quantity: 100, unitPrice: 50000 }],
    });
    const shown = await photo(user.id, { kind: "estimate", id: estimate.id }, "Tejado antes", true);
    const hidden = await photo(user.id, { kind: "estimate", id: estimate.id }, "Notas internas", false);
    const other = await createEstimate(db, user.id);
    const elsewhere = await photo(user.id, { kind: "estimate", id: other.id }, "Otra obra", true);
    const token = (await getOrCreateShareLink(user.id, estimate.id))!.link.token;

    const page = await runRoute(loader, `/e/${token}`, { params: { token } });
    expect(page.status).toBe(200);
    const data = page.data as { language: string; document: Parameters<typeof DocumentView>[0]["document"] };
    expect(data.document.photos?.map((shownPhoto) => shownPhoto.id)).toEqual([shown.id]);

    const rendered = await html(
      createElement(FixedLanguage, {
        language: "es",
        children: createElement(DocumentView, { document: data.document, logoUrl: null }),
      }),
    );
    const section = rendered.slice(rendered.indexOf('data-testid="document-photos"'));
    expect(rendered.indexOf("Cambio de tejas")).toBeLessThan(rendered.indexOf('data-testid="document-photos"'));
    expect(section).toContain(">Fotos<");
    const image = section.match(/<img[^>]*>/)?.[0] ?? "";
    expect(image).toContain(`src="/e/${token}/files/${shown.id}/display"`);
    expect(image).toContain('loading="lazy"');
    expect(image).toMatch(/width="\d+"/);
    expect(image).toMatch(/height="\d+"/);
    expect(section).toContain(`href="/e/${token}/files/${shown.id}/full"`);
    expect(section).toContain("Tejado antes");
    expect(rendered).not.toContain("Notas internas");
    expect(rendered).not.toContain(hidden.id);

    const serve = (id: string) =>
      runRoute(estimateFile, `/e/${token}/files/${id}/display`, { params: { token, fileId: id, variant: "display" } });
    expect((await serve(shown.id)).status).toBe(200);
    expect((await serve(hidden.id)).status).toBe(404);
    expect((await serve(elsewhere.id)).status).toBe(404);

    // The member's print page shows the same photos from the member's addresses.
    const print = await runRoute(printLoader, `/app/estimates/${estimate.id}/print`, {
      cookie,
      params: { estimateId: estimate.id },
    });
    expect((print.data as { document: { photos: { id: string; displayUrl: string }[] } }).document.photos).toEqual([
      expect.objectContaining({ id: shown.id, displayUrl: `/files/${shown.id}/display` }),
    ]);
  });
});
