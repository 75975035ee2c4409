// The pages of photos and files (docs/product/files.md), through their loaders and actions as a
// browser posts them, JavaScript or not: the Photos & files dialog of a job (and a
// technician's), a job's photo added to its estimate, the customer's estimate page and its
// addresses, the hub, and photos with a work request from the public page and the hub.
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createEstimate, createJob } from "#db/factories";
import { accountMembers, files, notifications, workRequests } from "#db/schema";
import { getDb } from "~/infrastructure/db.server";
import { getOrCreateHub } from "~/models/customer-hub.server";
import { listFiles } from "~/models/file.server";
import { getSettings } from "~/models/settings.server";
import { getOrCreateShareLink } from "~/models/share.server";
import { saveRequestPage } from "~/models/work-request.server";
import { action as hubAction, loader as hubLoader } from "~/routes/c.$token/route";
import { loader as hubFile } from "~/routes/c.$token.files.$fileId.$variant/route";
import { loader as estimatePage } from "~/routes/e.$token/route";
import { loader as estimateFile } from "~/routes/e.$token.files.$fileId.$variant/route";
import { action as estimateFilesAction, loader as estimateFilesLoader } from "~/routes/app.estimates.$estimateId.files/route";
import { action as jobFilesAction, loader as jobFilesLoader } from "~/routes/app.jobs.$jobId_.files/route";
import { loader as myDayJobFiles } from "~/routes/app.my-day.jobs.$jobId_.files/route";
import { action as requestAction } from "~/routes/request.$slug/route";
import { signedInAccount, signedInMember } from "./accounts";
import { runRoute, toastOf } from "./route";

const jpeg = (colour = "#336699") =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
const PDF = Buffer.from("%PDF-1.4\n%%EOF\n");

function upload(files: { bytes: Uint8Array; name: string }[], fields: Record<string, string> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of files) body.append("file", new Blob([new Uint8Array(file.bytes)]), file.name);
  return body;
}

async function setUp() {
  const { user, cookie } = await signedInAccount();
  const db = await getDb();
  const job = await createJob(db, user.id);
  return { accountId: user.id, cookie, db, job };
}

type PageData = {
  files: { id: string; name: string; caption: string | null; showToCustomer: boolean }[];
  confirmDelete: { id: string } | null;
};

async function jobPage(cookie: string, jobId: string, search = "") {
  const answer = await runRoute(jobFilesLoader, `/app/jobs/${jobId}/files${search}`, { cookie, params: { jobId } });
  return { status: answer.status, data: answer.data as PageData };
}

const jobPost = (cookie: string, jobId: string, form: FormData | Record<string, string>) =>
  runRoute(jobFilesAction, `/app/jobs/${jobId}/files`, { cookie, form, params: { jobId } });

describe("the Photos & files dialog", () => {
  it("adds photos with a caption and show to customer, saves, moves, asks before deleting, and deletes", async () => {
    const { cookie, job } = await setUp();
    const added = await jobPost(
      cookie,
      job.id,
      upload(
        [
          { bytes: await jpeg(), name: "before.jpg" },
          { bytes: await jpeg("#aa3333"), name: "after.jpg" },
        ],
        { caption: "Panel", showToCustomer: "on" },
      ),
    );
    expect(added.status).toBe(302);
    expect(added.headers.get("location")).toBe(`/app/jobs/${job.id}/files`);
    expect((await toastOf(added.headers))?.title).toBe("files.added");
    let { data } = await jobPage(cookie, job.id);
    expect(data.files.map((file) => [file.name, file.caption, file.showToCustomer])).toEqual([
      ["before.jpg", "Panel", true],
      ["after.jpg", "Panel", true],
    ]);
    const [before, after] = data.files;

    await jobPost(cookie, job.id, { intent: "save", fileId: before.id, caption: "Old panel" });
    await jobPost(cookie, job.id, { intent: "up", fileId: after.id });
    ({ data } = await jobPage(cookie, job.id));
    expect(data.files.map((file) => [file.name, file.caption, file.showToCustomer])).toEqual([
      ["after.jpg", "Panel", true],
      ["before.jpg", "Old panel", false],
    ]);

    // ?delete= asks first (loading it deletes nothing); only the post deletes.
    ({ data } = await jobPage(cookie, job.id, `?delete=${before.id}`));
    expect(data.confirmDelete?.id).toBe(before.id);
    expect(data.files).toHaveLength(2);
    const deleted = await runRoute(jobFilesAction, `/app/jobs/${job.id}/files?delete=${before.id}`, {
      cookie,
      form: { intent: "delete", fileId: before.id },
      params: { jobId: job.id },
    });
    expect(deleted.headers.get("location")).toBe(`/app/jobs/${job.id}/files`);
    expect((await jobPage(cookie, job.id)).data.files.map((file) => file.name)).toEqual(["after.jpg"]);
  });

  it("answers bad input with its message and changes nothing", async () => {
    const { cookie, job, db } = await setUp();
    await jobPost(cookie, job.id, upload([{ bytes: await jpeg(), name: "a.jpg" }]));
    const [file] = (await jobPage(cookie, job.id)).data.files;
    const refusals: [FormData | Record<string, string>, number, string][] = [
      [upload([{ bytes: Buffer.from("GIF89a not really"), name: "a.gif" }]), 415, "files.invalidKind"],
      [upload([{ bytes: Buffer.from("plain text"), name: "photo.jpg" }]), 415, "files.invalidKind"],
      [upload([{ bytes: await jpeg(), name: "b.jpg" }], { caption: "x".repeat(201) }), 400, "files.captionTooLong"],
      [upload([]), 400, "files.noneChosen"],
      [{ intent: "save", fileId: file.id, caption: "x".repeat(201) }, 400, "files.captionTooLong"],
      [{ intent: "save", fileId: "no-such-file", caption: "x" }, 404, "files.notFound"],
      [{ intent: "launch", fileId: file.id }, 400, "files.unknownAction"],
    ];
    for (const [body, status, message] of refusals) {
      const answer = await jobPost(cookie, job.id, body);
      expect(answer.status, message).toBe(status);
      expect((answer.data as { error: { message: string } }).error.message).toBe(message);
    }
    const [row] = await db.select({ n: count() }).from(files).where(eq(files.jobId, job.id));
    expect(row.n).toBe(1);
    expect((await jobPage(cookie, job.id)).data.files[0].caption).toBeNull();

    // Another account's file, through this job or its own: not found, unchanged.
    const other = await setUp();
    expect((await jobPost(other.cookie, other.job.id, { intent: "delete", fileId: file.id })).status).toBe(404);
    expect((await jobPost(other.cookie, job.id, { intent: "delete", fileId: file.id })).status).toBe(404);
    expect((await jobPage(other.cookie, job.id)).status).toBe(404);
    expect((await jobPage(cookie, job.id)).data.files).toHaveLength(1);
  });

  it("a technician opens the files of their own jobs from My day, and no other's", async () => {
    const { cookie, job, accountId, db } = await setUp();
    const technician = await signedInMember(accountId, "technician");
    const member = await db.select().from(accountMembers).where(eq(accountMembers.userId, technician.user.id)).get();
    const theirs = await createJob(db, accountId, { assigneeId: member!.id });
    const open = (jobId: string) =>
      runRoute(myDayJobFiles, `/app/my-day/jobs/${jobId}/files`, { cookie: technician.cookie, params: { jobId } });
    expect((await open(theirs.id)).status).toBe(200);
    expect((await open(job.id)).status).toBe(404);
    // The office's dialog needs `work`.
    expect((await jobPage(technician.cookie, theirs.id)).status).toBe(403);
    expect((await jobPage(cookie, theirs.id)).status).toBe(200);
  });

  it("adds a job's photo to its estimate as a copy; a photo of another job is not offered and not taken", async () => {
    const { cookie, job, accountId, db } = await setUp();
    await jobPost(
      cookie,
      job.id,
      upload([
        { bytes: await jpeg(), name: "site.jpg" },
        { bytes: PDF, name: "permit.pdf" },
      ]),
    );
    const [photo, pdf] = (await jobPage(cookie, job.id)).data.files;
    const estimate = await createEstimate(db, accountId, { jobId: job.id });
    const page = await runRoute(estimateFilesLoader, `/app/estimates/${estimate.id}/files`, {
      cookie,
      params: { estimateId: estimate.id },
    });
    expect((page.data as { jobPhotos: { id: string }[] }).jobPhotos.map((file) => file.id)).toEqual([photo.id]);
    const copy = (fileId: string) =>
      runRoute(estimateFilesAction, `/app/estimates/${estimate.id}/files`, {
        cookie,
        form: { intent: "copy", fileId },
        params: { estimateId: estimate.id },
      });
    expect((await copy(photo.id)).status).toBe(302);
    expect((await copy(pdf.id)).status).toBe(404);
    const elsewhere = await createJob(db, accountId);
    await jobPost(cookie, elsewhere.id, upload([{ bytes: await jpeg(), name: "other.jpg" }]));
    const [foreign] = (await jobPage(cookie, elsewhere.id)).data.files;
    expect((await copy(foreign.id)).status).toBe(404);
    const onEstimate = await listFiles(accountId, { kind: "estimate", id: estimate.id });
    expect(onEstimate.map((file) => file.name)).toEqual(["site.jpg"]);
    expect(onEstimate[0].id).not.toBe(photo.id);
  });
});

describe("the customer's side", () => {
  it("shows the estimate's photos marked for the customer under their link, and nothing else", async () => {
    const { cookie, job, accountId, db } = await setUp();
    const estimate = await createEstimate(db, accountId, { jobId: job.id });
    const estimatePost = (form: FormData | Record<string, string>) =>
      runRoute(estimateFilesAction, `/app/estimates/${estimate.id}/files`, { cookie, form, params: { estimateId: estimate.id } });
    await estimatePost(upload([{ bytes: await jpeg(), name: "shown.jpg" }], { caption: "The new panel", showToCustomer: "on" }));
    await estimatePost(upload([{ bytes: await jpeg(), name: "hidden.jpg" }], { caption: "Our notes" }));
    await jobPost(cookie, job.id, upload([{ bytes: await jpeg(), name: "job.jpg" }], { showToCustomer: "on" }));
    const [shown, hidden] = await listFiles(accountId, { kind: "estimate", id: estimate.id });
    const [onJob] = await listFiles(accountId, { kind: "job", id: job.id });
    const link = await getOrCreateShareLink(accountId, estimate.id);
    const token = link!.link.token;

    const page = await runRoute(estimatePage, `/e/${token}`, { params: { token } });
    const photos = (page.data as { document: { photos: { id: string; caption: string; displayUrl: string }[] } }).document.photos;
    expect(photos).toEqual([
      expect.objectContaining({ id: shown.id, caption: "The new panel", displayUrl: `/e/${token}/files/${shown.id}/display` }),
    ]);
    const serve = (id: string, variant = "display") =>
      runRoute(estimateFile, `/e/${token}/files/${id}/${variant}`, { params: { token, fileId: id, variant } });
    expect((await serve(shown.id)).status).toBe(200);
    expect((await serve(shown.id, "thumbnail")).status).toBe(200);
    expect((await serve(hidden.id)).status).toBe(404);
    expect((await serve(onJob.id)).status).toBe(404);
    expect(
      (
        await runRoute(estimateFile, `/e/not-a-token/files/${shown.id}/display`, {
          params: { token: "not-a-token", fileId: shown.id, variant: "display" },
        })
      ).status,
    ).toBe(404);

    // The hub shows the customer's marked photos (the estimate's and the job's), and serves them.
    const hub = await getOrCreateHub(accountId, estimate.customerId);
    const hubToken = hub!.token;
    const hubPage = await runRoute(hubLoader, `/c/${hubToken}`, { params: { token: hubToken } });
    expect((hubPage.data as { photos: { id: string }[] }).photos.map((photo) => photo.id).sort()).toEqual(
      [shown.id, onJob.id].sort(),
    );
    const hubServe = (id: string) =>
      runRoute(hubFile, `/c/${hubToken}/files/${id}/thumbnail`, {
        params: { token: hubToken, fileId: id, variant: "thumbnail" },
      });
    expect((await hubServe(onJob.id)).status).toBe(200);
    expect((await hubServe(hidden.id)).status).toBe(404);
    // Another customer's hub does not reach them.
    const stranger = await createEstimate(db, accountId);
    const strangerHub = await getOrCreateHub(accountId, stranger.customerId);
    expect(
      (
        await runRoute(hubFile, `/c/${strangerHub!.token}/files/${onJob.id}/display`, {
          params: { token: strangerHub!.token, fileId: onJob.id, variant: "display" },
        })
      ).status,
    ).toBe(404);
  });

  it("takes up to 5 photos with a work request; a refused photo records nothing", async () => {
    const { user } = await signedInAccount();
    await getSettings(user.id);
    const slug = `photos-${crypto.randomUUID().slice(0, 8)}`;
    await saveRequestPage(user.id, { slug, enabled: true });
    const fields = {
      name: "Luis Gómez",
      phone: "555 010 2020",
      email: "",
      address: "",
      description: "Water under the sink",
      preferredTimes: "",
    };
    const send = (photos: { bytes: Uint8Array; name: string }[]) =>
      runRoute(requestAction, `/request/${slug}`, { form: upload(photos, fields), params: { slug } });
    const db = await getDb();
    const counts = async () => {
      const [requests] = await db.select({ n: count() }).from(workRequests).where(eq(workRequests.accountId, user.id));
      const [notes] = await db.select({ n: count() }).from(notifications).where(eq(notifications.accountId, user.id));
      const [stored] = await db.select({ n: count() }).from(files).where(eq(files.accountId, user.id));
      return [requests.n, notes.n, stored.n];
    };

    const pdf = await send([
      { bytes: await jpeg(), name: "leak.jpg" },
      { bytes: PDF, name: "quote.pdf" },
    ]);
    expect(pdf.status).toBe(415);
    expect((pdf.data as { photoError: { message: string } }).photoError.message).toBe("files.onlyPhotos");
    const photo = await jpeg();
    const six = await send(Array.from({ length: 6 }, (_, i) => ({ bytes: photo, name: `p${i}.jpg` })));
    expect(six.status).toBe(413);
    expect((six.data as { photoError: { message: string; values: { limit: string } } }).photoError).toEqual({
      message: "files.requestTooMany",
      values: { limit: "5" },
    });
    const broken = await send([{ bytes: photo.subarray(0, 300), name: "cut.jpg" }]);
    expect(broken.status).toBe(400);
    expect(await counts()).toEqual([0, 0, 0]);

    const sent = await send([
      { bytes: photo, name: "leak.jpg" },
      { bytes: await jpeg("#118811"), name: "pipe.jpg" },
    ]);
    expect(sent.status).toBe(303);
    expect(await counts()).toEqual([1, 1, 2]);
    // Without photos the form may still be URL-encoded, as before.
    const plain = await runRoute(requestAction, `/request/${slug}`, { form: fields, params: { slug } });
    expect(plain.status).toBe(303);
    expect(await counts()).toEqual([2, 2, 2]);
  });

  it("takes photos with a request from the hub, linked to the customer", async () => {
    const { accountId, db } = await setUp();
    const estimate = await createEstimate(db, accountId);
    const hub = await getOrCreateHub(accountId, estimate.customerId);
    const token = hub!.token;
    const body = upload([{ bytes: await jpeg(), name: "breaker.jpg" }], {
      intent: "request",
      description: "The breaker trips",
      preferredTimes: "",
    });
    const answer = await runRoute(hubAction, `/c/${token}`, { form: body, params: { token } });
    expect(answer.status).toBe(302);
    const [request] = await db.select().from(workRequests).where(eq(workRequests.accountId, accountId));
    expect(request.customerId).toBe(estimate.customerId);
    expect((await listFiles(accountId, { kind: "workRequest", id: request.id })).map((file) => file.name)).toEqual([
      "breaker.jpg",
    ]);
    const refused = await runRoute(hubAction, `/c/${token}`, {
      form: upload([{ bytes: PDF, name: "x.pdf" }], { intent: "request", description: "More", preferredTimes: "" }),
      params: { token },
    });
    expect(refused.status).toBe(415);
    expect(await db.select().from(workRequests).where(eq(workRequests.accountId, accountId))).toHaveLength(1);
  });
});
