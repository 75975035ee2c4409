import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createCustomer } from "~/models/customer.server";
import { createJob, deleteJob } from "~/models/job.server";
import { purgeDeletedFiles } from "~/models/file.server";
import { fileStore, fileKey } from "~/infrastructure/file-store.server";
import { loader as filesLoader, action as filesAction } from "~/routes/api.jobs.$id.files/route";
import { loader as serve } from "~/routes/files.$fileId.$variant/route";
import { signedInAccount } from "./accounts";
import { runRoute } from "./route";

describe("files smoke", () => {
  it("uploads, lists, serves and purges", async () => {
    const { user, cookie } = await signedInAccount();
    const customer = await createCustomer(user.id, { name: "Ann" } as never);
    const job = await createJob(user.id, { customerId: customer.id, title: "Panel" } as never);
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([png], { type: "image/png" }), "panel.png");
    form.append("file", new Blob([Buffer.from("%PDF-1.4\n%%EOF\n")], { type: "application/pdf" }), "quote.pdf");
    const posted = await runRoute(filesAction, `/api/jobs/${job.id}/files`, { cookie, form, params: { id: job.id } });
    const body = (await posted.json()) as { files: { id: string; url: string; thumbnailUrl: string | null; width: number }[] };
    expect(posted.status).toBe(201);
    expect(body.files).toHaveLength(2);
    expect(body.files[0].width).toBe(800);
    const listed = (await (
      await runRoute(filesLoader, `/api/jobs/${job.id}/files`, { cookie, params: { id: job.id } })
    ).json()) as {
      files: unknown[];
    };
    expect(listed.files).toHaveLength(2);
    const thumb = await runRoute(serve, body.files[0].thumbnailUrl!, {
      cookie,
      params: { fileId: body.files[0].id, variant: "thumbnail" },
    });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/jpeg");
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(meta.width).toBe(320);
    const pdf = await runRoute(serve, body.files[1].url, { cookie, params: { fileId: body.files[1].id, variant: "full" } });
    expect(pdf.headers.get("content-disposition")).toMatch(/^attachment/);
    expect(await fileStore().get(fileKey(user.id, body.files[0].id, "display"))).not.toBeNull();
    await deleteJob(user.id, job.id);
    expect(await purgeDeletedFiles()).toBe(2);
    expect(await fileStore().get(fileKey(user.id, body.files[0].id, "display"))).toBeNull();
  });
});
