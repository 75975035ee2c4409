// The Photos & files dialog of a job, an estimate, an invoice or an appointment
// (docs/product/files.md): what its loader gives and what its action does, for every route
// that shows one. An upload is the only multipart post; captions, order, deleting and copying
// a job's photo are URL-encoded forms with an `intent`. Bad input answers its message with
// nothing changed; success redirects back to the dialog with a toast.
import { data } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { appointments, estimates, invoices, jobs } from "#db/schema";
import { getDb } from "~/infrastructure/db.server";
import { readForm } from "~/infrastructure/form.server";
import type { SessionUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import { multipartBoundary } from "~/infrastructure/upload.server";
import { ownWorkOnly } from "~/lib/permissions";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "~/lib/validation";
import { getShellSettings } from "~/models/settings.server";
import {
  canUseOwner,
  CAPTION_MAX,
  copyFile,
  deleteFile,
  getFile,
  listFiles,
  moveFile,
  ownerOf,
  toFileCard,
  updateFile,
  type FileOwner,
  type FileRow,
} from "~/models/file.server";
import type { TextKey } from "~/locales/keys";
import { receiveFiles } from "./file-upload.server";

/** What a refused action shows: a files.* key, its values and the status. */
export interface FilesPageError {
  message: TextKey;
  values: Record<string, string | number>;
}

/** The record's name as the dialog's title says it, and the job its photos may come from. */
async function ownerDetails(accountId: string, owner: FileOwner): Promise<{ label: string; jobId: string | null } | undefined> {
  const db = await getDb();
  switch (owner.kind) {
    case "job": {
      const row = await db
        .select({ label: jobs.title })
        .from(jobs)
        .where(and(eq(jobs.id, owner.id), eq(jobs.accountId, accountId)))
        .get();
      return row && { label: row.label, jobId: null };
    }
    case "estimate": {
      const row = await db
        .select({ label: estimates.estimateNumber, jobId: estimates.jobId })
        .from(estimates)
        .where(and(eq(estimates.id, owner.id), eq(estimates.accountId, accountId)))
        .get();
      return row;
    }
    case "invoice": {
      const row = await db
        .select({ label: invoices.invoiceNumber, jobId: invoices.jobId })
        .from(invoices)
        .where(and(eq(invoices.id, owner.id), eq(invoices.accountId, accountId)))
        .get();
      return row;
    }
    case "appointment": {
      const row = await db
        .select({ label: appointments.title })
        .from(appointments)
        .where(and(eq(appointments.id, owner.id), eq(appointments.accountId, accountId)))
        .get();
      return row && { label: row.label, jobId: null };
    }
    default:
      return undefined;
  }
}

const notFound = () => new Response("Not Found", { status: 404 });

/** The record, checked to be the member's to use (404 otherwise). */
async function requireOwner(user: SessionUser, owner: FileOwner) {
  if (!(await canUseOwner(user.accountId, owner, ownWorkOnly(user)))) throw notFound();
  const details = await ownerDetails(user.accountId, owner);
  if (!details) throw notFound();
  return details;
}

/** The dialog's data: the record's name, its files, the file asked to be deleted (?delete=), and its job's photos. */
export async function filesPageData(request: Request, user: SessionUser, owner: FileOwner) {
  const details = await requireOwner(user, owner);
  const files = await listFiles(user.accountId, owner);
  const confirmId = new URL(request.url).searchParams.get("delete");
  const confirming = confirmId ? files.find((file) => file.id === confirmId) : undefined;
  // An estimate's or invoice's job: its photos not yet added to the document, to add.
  const jobPhotos = details.jobId
    ? (await listFiles(user.accountId, { kind: "job", id: details.jobId })).filter(
        (file) => file.kind !== "pdf" && !files.some((copy) => isCopyOf(copy, file)),
      )
    : [];
  return {
    kind: owner.kind,
    label: details.label,
    files: files.map((file) => toFileCard(file)),
    confirmDelete: confirming ? toFileCard(confirming) : null,
    jobPhotos: jobPhotos.map((file) => toFileCard(file)),
    captionMax: CAPTION_MAX,
  };
}
export type FilesPageData = Awaited<ReturnType<typeof filesPageData>>;

/**
 * A copy keeps the photo's name, size and dimensions (copyFile), and no link to its source:
 * a document's file alike in all of these is taken as that job photo already added.
 */
function isCopyOf(copy: FileRow, source: FileRow): boolean {
  return (
    copy.name === source.name &&
    copy.size === source.size &&
    copy.contentType === source.contentType &&
    copy.width === source.width &&
    copy.height === source.height
  );
}

const refused = (message: TextKey, values: FilesPageError["values"] = {}, status = 400) =>
  data({ error: { message, values } satisfies FilesPageError }, { status });

/** A file of this record, or undefined (another record's or another account's is not found). */
async function fileOfOwner(accountId: string, owner: FileOwner, fileId: string): Promise<FileRow | undefined> {
  const file = await getFile(accountId, fileId);
  if (!file) return undefined;
  const on = ownerOf(file);
  return on.kind === owner.kind && on.id === owner.id ? file : undefined;
}

/**
 * The dialog's action. `here` is the dialog's own address (with its search), where every
 * success goes back to.
 */
export async function filesPageAction(request: Request, user: SessionUser, owner: FileOwner, here: string) {
  const details = await requireOwner(user, owner);
  const back = here.replace(/([?&])delete=[^&]*&?/, "$1").replace(/[?&]$/, "");

  if (multipartBoundary(request.headers.get("content-type"))) {
    const locale = (await getShellSettings(user.accountId)).appLanguage;
    const result = await receiveFiles(request, user.accountId, owner, { createdBy: user.id, locale }, (fields) => {
      const caption = String(fields.get("caption") ?? "").trim();
      if (caption.length > CAPTION_MAX) {
        return { ok: false, status: 400, message: "files.captionTooLong", values: { max: CAPTION_MAX } };
      }
      if (hasControlCharacters(caption)) return { ok: false, status: 400, message: CONTROL_CHARACTERS_MESSAGE, values: {} };
      return { caption: caption || null, showToCustomer: fields.get("showToCustomer") === "on" };
    });
    if (!result.ok) return refused(result.message, result.values, result.status);
    return redirectWithToast(back, {
      title: "files.added",
      values: { count: String(result.files.length) },
    });
  }

  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const fileId = String(form.get("fileId") ?? "");

  if (intent === "copy") {
    // A photo of the document's job, added to the document.
    const source = details.jobId ? await fileOfOwner(user.accountId, { kind: "job", id: details.jobId }, fileId) : undefined;
    if (!source || source.kind === "pdf") return refused("files.notFound", {}, 404);
    const copied = await copyFile(user.accountId, source.id, owner, { createdBy: user.id });
    if (!copied) return refused("files.notFound", {}, 404);
    return redirectWithToast(back, { title: "files.copied", values: { name: source.name } });
  }

  const file = await fileOfOwner(user.accountId, owner, fileId);
  if (!file) return refused("files.notFound", {}, 404);
  switch (intent) {
    case "save": {
      const caption = String(form.get("caption") ?? "").trim();
      if (caption.length > CAPTION_MAX) return refused("files.captionTooLong", { max: CAPTION_MAX });
      if (hasControlCharacters(caption)) return refused(CONTROL_CHARACTERS_MESSAGE);
      await updateFile(user.accountId, file.id, {
        caption: caption || null,
        showToCustomer: form.get("showToCustomer") === "on",
      });
      return redirectWithToast(back, { title: "files.saved", values: { name: file.name } });
    }
    case "up":
    case "down":
      await moveFile(user.accountId, file.id, intent);
      return redirectWithToast(back, { title: "files.moved", values: { name: file.name } });
    case "delete":
      await deleteFile(user.accountId, file.id);
      return redirectWithToast(back, { title: "files.deleted", values: { name: file.name } });
    default:
      return refused("files.unknownAction");
  }
}
