// The job's Photos & files dialog beside its route: moving down as well as up, and what an
// estimate's or invoice's dialog offers from the job (only photos not added yet). The rest of
// the dialog (upload, refusals, delete after confirming, another account, a technician) is in
// test/files-pages.test.ts.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createEstimate, createInvoice, createJob } from "#db/factories";
import { getDb } from "~/infrastructure/db.server";
import { listFiles } from "~/models/file.server";
import { action as estimateFilesAction, loader as estimateFilesLoader } from "~/routes/app.estimates.$estimateId.files/route";
import { action as invoiceFilesAction, loader as invoiceFilesLoader } from "~/routes/app.invoices.$invoiceId.files/route";
import { loader as estimatePreview } from "~/routes/app.estimates.$estimateId.preview/route";
import { loader as invoicesList } from "~/routes/app.invoices/route";
import { signedInAccount } from "../../../test/accounts";
import { runRoute } from "../../../test/route";
import { action, loader } from "./route";

const jpeg = (colour: string, width = 640) =>
  sharp({ create: { width, height: 480, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

function upload(files: { bytes: Uint8Array; name: string }[]) {
  const body = new FormData();
  for (const file of files) body.append("file", new Blob([new Uint8Array(file.bytes)]), file.name);
  return body;
}

async function setUp() {
  const { user, cookie } = await signedInAccount();
  const db = await getDb();
  const job = await createJob(db, user.id);
  const post = (form: FormData | Record<string, string>) =>
    runRoute(action, `/app/jobs/${job.id}/files`, { cookie, form, params: { jobId: job.id } });
  const names = async () => {
    const page = await runRoute(loader, `/app/jobs/${job.id}/files`, { cookie, params: { jobId: job.id } });
    return (page.data as { files: { id: string; name: string }[] }).files;
  };
  return { accountId: user.id, cookie, db, job, post, names };
}

describe("the job's Photos & files dialog", () => {
  it("moves a file down and up; past either end nothing changes", async () => {
    const { post, names } = await setUp();
    const added = await post(
      upload([
        { bytes: await jpeg("#111111"), name: "one.jpg" },
        { bytes: await jpeg("#222222"), name: "two.jpg" },
        { bytes: await jpeg("#333333"), name: "three.jpg" },
      ]),
    );
    expect(added.status).toBe(302);
    const [one, two, three] = await names();
    expect((await post({ intent: "down", fileId: one.id })).status).toBe(302);
    expect((await names()).map((file) => file.name)).toEqual(["two.jpg", "one.jpg", "three.jpg"]);
    await post({ intent: "up", fileId: three.id });
    expect((await names()).map((file) => file.name)).toEqual(["two.jpg", "three.jpg", "one.jpg"]);
    // The ends: the buttons are disabled, and a post anyway leaves the order.
    await post({ intent: "up", fileId: two.id });
    await post({ intent: "down", fileId: one.id });
    expect((await names()).map((file) => file.name)).toEqual(["two.jpg", "three.jpg", "one.jpg"]);
  });

  it("offers the job's photos to its estimate and invoice until each is added, once", async () => {
    const { accountId, cookie, db, job, post, names } = await setUp();
    await post(
      upload([
        { bytes: await jpeg("#336699"), name: "site.jpg" },
        { bytes: await jpeg("#993366", 800), name: "meter.jpg" },
      ]),
    );
    const [site, meter] = await names();
    const estimate = await createEstimate(db, accountId, { jobId: job.id });
    const estimatePage = async () => {
      const page = await runRoute(estimateFilesLoader, `/app/estimates/${estimate.id}/files`, {
        cookie,
        params: { estimateId: estimate.id },
      });
      return (page.data as { jobPhotos: { id: string }[] }).jobPhotos.map((file) => file.id);
    };
    expect(await estimatePage()).toEqual([site.id, meter.id]);
    const copied = await runRoute(estimateFilesAction, `/app/estimates/${estimate.id}/files`, {
      cookie,
      form: { intent: "copy", fileId: site.id },
      params: { estimateId: estimate.id },
    });
    expect(copied.status).toBe(302);
    expect(copied.headers.get("location")).toBe(`/app/estimates/${estimate.id}/files`);
    expect(await estimatePage()).toEqual([meter.id]);
    // The job keeps its photo; the estimate has its own copy.
    expect((await names()).map((file) => file.id)).toEqual([site.id, meter.id]);
    const onEstimate = await listFiles(accountId, { kind: "estimate", id: estimate.id });
    expect(onEstimate.map((file) => file.name)).toEqual(["site.jpg"]);
    expect(onEstimate[0].id).not.toBe(site.id);

    // The invoice of the same job is offered both still: what the estimate took is its own.
    const invoice = await createInvoice(db, accountId, { jobId: job.id });
    const invoicePage = await runRoute(invoiceFilesLoader, `/app/invoices/${invoice.id}/files`, {
      cookie,
      params: { invoiceId: invoice.id },
    });
    expect((invoicePage.data as { jobPhotos: { id: string }[] }).jobPhotos.map((file) => file.id)).toEqual([site.id, meter.id]);
    const onInvoice = await runRoute(invoiceFilesAction, `/app/invoices/${invoice.id}/files`, {
      cookie,
      form: { intent: "copy", fileId: meter.id },
      params: { invoiceId: invoice.id },
    });
    expect(onInvoice.status).toBe(302);
    expect((await listFiles(accountId, { kind: "invoice", id: invoice.id })).map((file) => file.name)).toEqual(["meter.jpg"]);
  });

  it("the estimate's page and the invoices list count each one's photos and files for its link", async () => {
    const { accountId, cookie, db, job } = await setUp();
    const estimate = await createEstimate(db, accountId, { jobId: job.id });
    const invoice = await createInvoice(db, accountId, { jobId: job.id });
    const bare = await createInvoice(db, accountId, { jobId: job.id });
    const previewCount = async () =>
      (
        (
          await runRoute(estimatePreview, `/app/estimates/${estimate.id}/preview`, {
            cookie,
            params: { estimateId: estimate.id },
          })
        ).data as { fileCount: number }
      ).fileCount;
    expect(await previewCount()).toBe(0);
    await runRoute(estimateFilesAction, `/app/estimates/${estimate.id}/files`, {
      cookie,
      form: upload([
        { bytes: await jpeg("#123456"), name: "a.jpg" },
        { bytes: await jpeg("#654321"), name: "b.jpg" },
      ]),
      params: { estimateId: estimate.id },
    });
    expect(await previewCount()).toBe(2);
    await runRoute(invoiceFilesAction, `/app/invoices/${invoice.id}/files`, {
      cookie,
      form: upload([{ bytes: await jpeg("#abcdef"), name: "c.jpg" }]),
      params: { invoiceId: invoice.id },
    });
    const list = (await runRoute(invoicesList, "/app/invoices", { cookie })).data as {
      items: { id: string; fileCount: number }[];
    };
    const counts = Object.fromEntries(list.items.map((item) => [item.id, item.fileCount]));
    expect(counts).toEqual({ [invoice.id]: 1, [bare.id]: 0 });
  });
});
