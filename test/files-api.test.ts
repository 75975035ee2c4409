// The files API (docs/product/api.md, "Files") and /files/{id}/{variant}, through the route
// modules with real sessions, the real database and the folder store: every endpoint with good
// and bad input, another account's ids, a technician, and what is served (headers, no EXIF).
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { createAppointment, createCustomer, createEstimate, createInvoice, createJob } from "#db/factories";
import { accountMembers, files, jobs } from "#db/schema";
import { getDb } from "~/infrastructure/db.server";
import { accountPrefix, fileKey, fileStore, readStoredFile } from "~/infrastructure/file-store.server";
import * as appointmentFiles from "~/routes/api.appointments.$id.files/route";
import * as estimateFiles from "~/routes/api.estimates.$id.files/route";
import * as fileApi from "~/routes/api.files.$id/route";
import * as invoiceFiles from "~/routes/api.invoices.$id.files/route";
import * as jobFiles from "~/routes/api.jobs.$id.files/route";
import * as serveRoute from "~/routes/files.$fileId.$variant/route";
import { signedInAccount, signedInMember } from "./accounts";
import { runRoute } from "./route";

type View = {
  id: string;
  name: string;
  kind: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
  caption: string | null;
  showToCustomer: boolean;
  order: number;
  url: string;
  displayUrl: string | null;
  thumbnailUrl: string | null;
};

const ROUTES = {
  jobs: jobFiles,
  estimates: estimateFiles,
  invoices: invoiceFiles,
  appointments: appointmentFiles,
} as const;
type Records = keyof typeof ROUTES;

const photo = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: "#336699" } })
    .jpeg()
    .toBuffer();
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

function form(...parts: [Buffer | Blob, string, string][]) {
  const body = new FormData();
  for (const [bytes, name, type] of parts)
    body.append("file", bytes instanceof Blob ? bytes : new Blob([new Uint8Array(bytes)], { type }), name);
  return body;
}

interface Tenant {
  accountId: string;
  cookie: string;
  ids: Record<Records, string>;
  /** A job not assigned to the technician. */
  otherJob: string;
  technician: { cookie: string; memberId: string };
}

async function tenant(): Promise<Tenant> {
  const { user, cookie } = await signedInAccount();
  const db = await getDb();
  const customer = await createCustomer(db, user.id, { name: "Ann" });
  const job = await createJob(db, user.id, { customerId: customer.id, title: "Panel" });
  const otherJob = await createJob(db, user.id, { customerId: customer.id, title: "Roof" });
  const estimate = await createEstimate(db, user.id, { customerId: customer.id, jobId: job.id, title: "Quote" });
  const invoice = await createInvoice(db, user.id, { customerId: customer.id, jobId: job.id, title: "Bill" });
  const appointment = await createAppointment(db, user.id, { customerId: customer.id, jobId: job.id, title: "Visit" });
  const technician = await signedInMember(user.id, "technician");
  const member = await db.select().from(accountMembers).where(eq(accountMembers.userId, technician.user.id)).get();
  await db.update(jobs).set({ assigneeId: member!.id }).where(eq(jobs.id, job.id));
  return {
    accountId: user.id,
    cookie,
    ids: { jobs: job.id, estimates: estimate.id, invoices: invoice.id, appointments: appointment.id },
    otherJob: otherJob.id,
    technician: { cookie: technician.cookie, memberId: member!.id },
  };
}

const list = (records: Records, id: string, cookie: string | null) =>
  runRoute(ROUTES[records].loader, `/api/${records}/${id}/files`, { cookie, params: { id } });
const post = (records: Records, id: string, cookie: string | null, body: FormData | Request) =>
  body instanceof Request
    ? runRoute(ROUTES[records].action, body, { params: { id } })
    : runRoute(ROUTES[records].action, `/api/${records}/${id}/files`, { cookie, params: { id }, form: body });
const getOne = (id: string, cookie: string | null) => runRoute(fileApi.loader, `/api/files/${id}`, { cookie, params: { id } });
const put = (id: string, cookie: string | null, json: unknown) =>
  runRoute(fileApi.action, `/api/files/${id}`, { cookie, params: { id }, method: "PUT", json });
const remove = (id: string, cookie: string | null) =>
  runRoute(fileApi.action, `/api/files/${id}`, { cookie, params: { id }, method: "DELETE" });
const serve = (id: string, variant: string, cookie: string | null) =>
  runRoute(serveRoute.loader, `/files/${id}/${variant}`, { cookie, params: { fileId: id, variant } });

async function filesOf(accountId: string) {
  const db = await getDb();
  return db.select().from(files).where(eq(files.accountId, accountId)).all();
}

let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  [a, b] = await Promise.all([tenant(), tenant()]);
});

describe("GET and POST /api/{records}/{id}/files", () => {
  for (const records of Object.keys(ROUTES) as Records[]) {
    it(`${records}: lists nothing, takes a photo and a PDF (201), lists them in order`, async () => {
      const id = a.ids[records];
      const empty = await list(records, id, a.cookie);
      expect(empty.status).toBe(200);
      expect(await empty.json()).toEqual({ files: [] });
      const posted = await post(
        records,
        id,
        a.cookie,
        form([await photo(), "wall.jpg", "image/jpeg"], [PDF, "quote.pdf", "application/pdf"]),
      );
      expect(posted.status).toBe(201);
      const body = (await posted.json()) as { files: View[] };
      expect(body.files).toMatchObject([
        { name: "wall.jpg", kind: "jpeg", contentType: "image/jpeg", width: 800, height: 600, order: 0, showToCustomer: false },
        {
          name: "quote.pdf",
          kind: "pdf",
          contentType: "application/pdf",
          size: PDF.length,
          width: null,
          order: 1,
          thumbnailUrl: null,
        },
      ]);
      expect(body.files[0].thumbnailUrl).toBe(`/files/${body.files[0].id}/thumbnail`);
      const listed = (await (await list(records, id, a.cookie)).json()) as { files: View[] };
      expect(listed.files.map((file) => file.id)).toEqual(body.files.map((file) => file.id));
      expect((await getOne(body.files[0].id, a.cookie)).status).toBe(200);
    });
  }

  it("refuses a GIF with 415 naming the kinds taken, storing nothing", async () => {
    const before = await filesOf(a.accountId);
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    const refused = await post("jobs", a.ids.jobs, a.cookie, form([gif, "anim.gif", "image/gif"]));
    expect(refused.status).toBe(415);
    const { message } = (await refused.json()) as { message: string };
    expect(message).toMatch(/JPEG/);
    expect(message).toMatch(/PDF/);
    expect(await filesOf(a.accountId)).toEqual(before);
  });

  it("refuses a text file named photo.jpg sent as image/jpeg (415), with the good photo beside it not kept", async () => {
    const before = await filesOf(a.accountId);
    const refused = await post(
      "jobs",
      a.ids.jobs,
      a.cookie,
      form([await photo(), "good.jpg", "image/jpeg"], [Buffer.from("just some text, honestly\n"), "photo.jpg", "image/jpeg"]),
    );
    expect(refused.status).toBe(415);
    expect(((await refused.json()) as { message: string }).message).toBeTruthy();
    expect(await filesOf(a.accountId)).toEqual(before);
  });

  it("refuses a file over 20 MB with 413 and a message, keeping nothing of it", async () => {
    const { accountId, cookie, ids } = await tenant();
    const head = await photo(64, 64);
    const big = new Blob([head, new Uint8Array(20 * 1024 * 1024 + 1 - head.length)], { type: "image/jpeg" });
    const refused = await post("jobs", ids.jobs, cookie, form([big, "huge.jpg", "image/jpeg"]));
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { message: string }).message).toMatch(/20/);
    expect(await filesOf(accountId)).toEqual([]);
    expect(await fileStore().deletePrefix(accountPrefix(accountId))).toBe(0);
  });

  it("refuses a body streamed past 20 MB in one file (no length declared) with 413", async () => {
    const { accountId, cookie, ids } = await tenant();
    const boundary = "----tradedesk-test-boundary";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const chunk = Buffer.alloc(1024 * 1024, 32);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(Buffer.concat([head, PDF]));
        else if (sent > 22) {
          controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
          controller.close();
        } else controller.enqueue(chunk);
        sent++;
      },
    });
    const request = new Request(`http://localhost/api/jobs/${ids.jobs}/files`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half",
    } as RequestInit);
    const refused = await post("jobs", ids.jobs, null, request);
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { message: string }).message).toBeTruthy();
    expect(await filesOf(accountId)).toEqual([]);
  });

  it("refuses 21 files with 413 and a message", async () => {
    const { accountId, cookie, ids } = await tenant();
    const many = Array.from({ length: 21 }, (_, index) => [PDF, `${index}.pdf`, "application/pdf"] as [Buffer, string, string]);
    const refused = await post("jobs", ids.jobs, cookie, form(...many));
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { message: string }).message).toMatch(/20/);
    expect(await filesOf(accountId)).toEqual([]);
    // Twenty are fine.
    expect((await post("jobs", ids.jobs, cookie, form(...many.slice(1)))).status).toBe(201);
  });

  it("answers a JSON body, an empty form and a broken multipart body with a message, never a 500", async () => {
    const before = await filesOf(a.accountId);
    const json = await runRoute(jobFiles.action, `/api/jobs/${a.ids.jobs}/files`, {
      cookie: a.cookie,
      params: { id: a.ids.jobs },
      json: { file: "x" },
    });
    expect([400, 415]).toContain(json.status);
    expect(((await json.json()) as { message: string }).message).toBeTruthy();
    const none = await post("jobs", a.ids.jobs, a.cookie, new FormData());
    expect(none.status).toBe(400);
    expect(((await none.json()) as { message: string }).message).toBeTruthy();
    const broken = await runRoute(
      jobFiles.action,
      new Request(`http://localhost/api/jobs/${a.ids.jobs}/files`, {
        method: "POST",
        headers: { Cookie: a.cookie, "Content-Type": "multipart/form-data; boundary=zzz" },
        body: "--zzz\r\nnot a part header at all",
      }),
      { params: { id: a.ids.jobs } },
    );
    expect([400, 415]).toContain(broken.status);
    expect(((await broken.json()) as { message: string }).message).toBeTruthy();
    expect(await filesOf(a.accountId)).toEqual(before);
  });

  it("signed out: 401 on the API", async () => {
    expect((await list("jobs", a.ids.jobs, null)).status).toBe(401);
    expect((await post("jobs", a.ids.jobs, null, form([PDF, "a.pdf", "application/pdf"]))).status).toBe(401);
  });
});

describe("another account's ids", () => {
  it("404 on every endpoint, and nothing changed", async () => {
    const posted = (await (await post("jobs", a.ids.jobs, a.cookie, form([await photo(), "mine.jpg", "image/jpeg"]))).json()) as {
      files: View[];
    };
    const mine = posted.files[0];
    const before = await filesOf(a.accountId);
    for (const records of Object.keys(ROUTES) as Records[]) {
      expect((await list(records, a.ids[records], b.cookie)).status, records).toBe(404);
      expect((await post(records, a.ids[records], b.cookie, form([PDF, "x.pdf", "application/pdf"]))).status, records).toBe(404);
    }
    expect((await getOne(mine.id, b.cookie)).status).toBe(404);
    expect((await put(mine.id, b.cookie, { caption: "theirs", showToCustomer: true, order: 0 })).status).toBe(404);
    expect((await remove(mine.id, b.cookie)).status).toBe(404);
    for (const variant of ["full", "display", "thumbnail"]) expect((await serve(mine.id, variant, b.cookie)).status).toBe(404);
    expect(await filesOf(a.accountId)).toEqual(before);
    expect(await filesOf(b.accountId)).toEqual([]);
    expect(await fileStore().get(fileKey(a.accountId, mine.id, "display"))).not.toBeNull();
  });
});

describe("a technician", () => {
  it("404 on a job not theirs, 201 on their own, 403 on an estimate's files; opens only their own job's files", async () => {
    const t = await tenant();
    const onOther = (await (await post("jobs", t.otherJob, t.cookie, form([PDF, "other.pdf", "application/pdf"]))).json()) as {
      files: View[];
    };
    expect((await list("jobs", t.otherJob, t.technician.cookie)).status).toBe(404);
    expect((await post("jobs", t.otherJob, t.technician.cookie, form([PDF, "x.pdf", "application/pdf"]))).status).toBe(404);
    expect((await getOne(onOther.files[0].id, t.technician.cookie)).status).toBe(404);
    expect((await serve(onOther.files[0].id, "full", t.technician.cookie)).status).toBe(404);
    expect((await remove(onOther.files[0].id, t.technician.cookie)).status).toBe(404);

    const own = await post("jobs", t.ids.jobs, t.technician.cookie, form([await photo(), "site.jpg", "image/jpeg"]));
    expect(own.status).toBe(201);
    const [file] = ((await own.json()) as { files: View[] }).files;
    expect((await serve(file.id, "thumbnail", t.technician.cookie)).status).toBe(200);
    expect((await put(file.id, t.technician.cookie, { caption: "Site" })).status).toBe(200);

    expect((await list("estimates", t.ids.estimates, t.technician.cookie)).status).toBe(403);
    expect((await post("estimates", t.ids.estimates, t.technician.cookie, form([PDF, "x.pdf", "application/pdf"]))).status).toBe(
      403,
    );
    expect(await filesOf(t.accountId)).toHaveLength(2);
  });
});

describe("GET, PUT and DELETE /api/files/{id}", () => {
  it("changes caption, showToCustomer and order; refuses bad values with 400 naming them, changing nothing", async () => {
    const t = await tenant();
    const posted = (await (
      await post(
        "jobs",
        t.ids.jobs,
        t.cookie,
        form([PDF, "a.pdf", "application/pdf"], [PDF, "b.pdf", "application/pdf"], [PDF, "c.pdf", "application/pdf"]),
      )
    ).json()) as { files: View[] };
    const [first, , third] = posted.files;
    const changed = await put(third.id, t.cookie, { caption: "Meter", showToCustomer: true, order: 0 });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ id: third.id, caption: "Meter", showToCustomer: true, order: 0 });
    const listed = (await (await list("jobs", t.ids.jobs, t.cookie)).json()) as { files: View[] };
    expect(listed.files.map((file) => [file.name, file.order])).toEqual([
      ["c.pdf", 0],
      ["a.pdf", 1],
      ["b.pdf", 2],
    ]);
    expect(await (await getOne(third.id, t.cookie)).json()).toMatchObject({ caption: "Meter", order: 0 });

    const before = await filesOf(t.accountId);
    for (const [body, field] of [
      [{ order: -1 }, /order/],
      [{ order: 1.5 }, /order/],
      [{ showToCustomer: "yes" }, /showToCustomer/],
      [{ caption: "x".repeat(201) }, /caption/],
      [{ caption: "ok", colour: "red" }, /colour/],
    ] as const) {
      const refused = await put(first.id, t.cookie, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(((await refused.json()) as { message: string }).message, JSON.stringify(body)).toMatch(field);
    }
    const notJson = await runRoute(fileApi.action, `/api/files/${first.id}`, {
      cookie: t.cookie,
      params: { id: first.id },
      method: "PUT",
      json: "{not json",
    });
    expect(notJson.status).toBe(400);
    expect(await filesOf(t.accountId)).toEqual(before);
    expect((await put(first.id, t.cookie, { caption: "x".repeat(200) })).status).toBe(200);
    expect((await put("no-such-file", t.cookie, { caption: "x" })).status).toBe(404);

    const deleted = await remove(first.id, t.cookie);
    expect(deleted.status).toBe(200);
    expect((await getOne(first.id, t.cookie)).status).toBe(404);
    expect((await remove(first.id, t.cookie)).status).toBe(404);
    expect(await fileStore().get(fileKey(t.accountId, first.id, "original"))).toBeNull();
    expect((await getOne(first.id, null)).status).toBe(401);
    expect((await put(third.id, null, { caption: "x" })).status).toBe(401);
    expect((await remove(third.id, null)).status).toBe(401);
  });
});

describe("GET /files/{id}/{variant}", () => {
  it("serves a photo's copies as private JPEG, a PDF as an attachment, nosniff; 404 signed out or for an unknown variant", async () => {
    const t = await tenant();
    const posted = (await (
      await post(
        "jobs",
        t.ids.jobs,
        t.cookie,
        form([await photo(2400, 1800), "wall.png", "image/png"], [PDF, "q.pdf", "application/pdf"]),
      )
    ).json()) as { files: View[] };
    const [image, pdf] = posted.files;
    for (const variant of ["full", "display", "thumbnail"]) {
      const served = await serve(image.id, variant, t.cookie);
      expect(served.status, variant).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/jpeg");
      expect(served.headers.get("cache-control")).toContain("private");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.headers.get("content-disposition")).toMatch(/^inline/);
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta.format).toBe("jpeg");
    }
    const served = await serve(pdf.id, "full", t.cookie);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("content-disposition")).toMatch(/^attachment; filename="q.pdf"/);
    expect(served.headers.get("cache-control")).toContain("private");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PDF);
    expect((await serve(pdf.id, "thumbnail", t.cookie)).status).toBe(404);
    expect((await serve(image.id, "original", t.cookie)).status).toBe(404);
    expect((await serve(image.id, "full", null)).status).toBe(404);
    expect((await serve("nothing-here", "full", t.cookie)).status).toBe(404);
  });

  it("strips EXIF, GPS and XMP from every served copy of a phone photo; the stored original keeps them", async () => {
    const t = await tenant();
    const phone = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#3366aa" } })
      .jpeg({ quality: 85 })
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: "SecretPhoneMaker", Model: "X1" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "40/1 26/1 4624/100",
          GPSLongitudeRef: "W",
          GPSLongitude: "79/1 58/1 5600/100",
        },
      })
      .withXmp(
        `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="40,26.77N" exif:UserComment="secret-xmp-marker"/></rdf:RDF></x:xmpmeta>`,
      )
      .toBuffer();
    const input = await sharp(phone).metadata();
    expect(input.exif?.includes(Buffer.from("SecretPhoneMaker"))).toBe(true);
    expect(input.xmp?.includes(Buffer.from("secret-xmp-marker"))).toBe(true);

    const posted = await post("jobs", t.ids.jobs, t.cookie, form([phone, "IMG_0001.JPG", "image/jpeg"]));
    expect(posted.status).toBe(201);
    const [file] = ((await posted.json()) as { files: View[] }).files;
    // Turned upright by its orientation.
    expect([file.width, file.height]).toEqual([1200, 1600]);
    for (const variant of ["full", "display", "thumbnail"]) {
      const bytes = Buffer.from(await (await serve(file.id, variant, t.cookie)).arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, variant).toBeUndefined();
      expect(meta.xmp, variant).toBeUndefined();
      expect(meta.iptc, variant).toBeUndefined();
      expect(meta.orientation, variant).toBeUndefined();
      expect(bytes.includes(Buffer.from("SecretPhoneMaker")), variant).toBe(false);
      expect(bytes.includes(Buffer.from("secret-xmp-marker")), variant).toBe(false);
      expect(bytes.includes(Buffer.from("GPS")), variant).toBe(false);
    }
    const original = await fileStore().get(fileKey(t.accountId, file.id, "original"));
    const kept = await sharp(await readStoredFile(original!)).metadata();
    expect(kept.exif?.includes(Buffer.from("SecretPhoneMaker"))).toBe(true);
    expect(kept.xmp?.includes(Buffer.from("secret-xmp-marker"))).toBe(true);
  });
});
