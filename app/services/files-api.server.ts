// The API of photos and files (docs/product/api.md, "Files"): GET and POST
// /api/{jobs|estimates|invoices|appointments}/{id}/files, PUT and DELETE /api/files/{id}.
import { z } from "zod";
import { ownWorkOnly, type Access } from "~/lib/permissions";
import { plainText } from "~/lib/validation";
import {
  canUseOwner,
  CAPTION_MAX,
  deleteFile,
  getMemberFile,
  listFiles,
  toFileView,
  updateFile,
  type FileOwnerKind,
} from "~/models/file.server";
import { apiError, apiRoute, created, json, notFound, readApiBody } from "./api.server";
import { receiveFiles, refusalText } from "./file-upload.server";

/** /api/{records}/{id}/files for one kind of record: `access` is what its own API path needs. */
export function recordFilesApi(kind: Exclude<FileOwnerKind, "workRequest">, access: Access) {
  return apiRoute(access, {
    GET: async ({ user, id }) => {
      const owner = { kind, id };
      if (!(await canUseOwner(user.accountId, owner, ownWorkOnly(user)))) return notFound();
      return json({ files: (await listFiles(user.accountId, owner)).map((file) => toFileView(file)) });
    },
    POST: async ({ user, id, request }) => {
      const owner = { kind, id };
      if (!(await canUseOwner(user.accountId, owner, ownWorkOnly(user)))) {
        await request.body?.cancel().catch(() => {});
        return notFound();
      }
      const result = await receiveFiles(request, user.accountId, owner, { createdBy: user.id });
      if (!result.ok) return apiError(result.status, refusalText(result, "en"));
      return created({ files: result.files.map((file) => toFileView(file)) });
    },
  });
}

const fileChangesSchema = z
  .object({
    caption: plainText(z.string().max(CAPTION_MAX, `caption must be at most ${CAPTION_MAX} characters.`))
      .nullable()
      .optional(),
    showToCustomer: z.boolean({ invalid_type_error: "showToCustomer must be true or false." }).optional(),
    order: z
      .number({ invalid_type_error: "order must be a whole number from 0." })
      .int("order must be a whole number from 0.")
      .min(0, "order must be a whole number from 0.")
      .max(100_000, "order must be a whole number from 0.")
      .optional(),
  })
  .strict()
  .refine((changes) => Object.keys(changes).length > 0, "Send caption, showToCustomer or order: there is nothing to change.");

/** /api/files/{id}: PUT { caption, showToCustomer, order } (any of them), DELETE. */
export function fileApi(access: Access) {
  return apiRoute(access, {
    GET: async ({ user, id }) => {
      const file = await getMemberFile(user.accountId, id, ownWorkOnly(user));
      return file ? json(toFileView(file)) : notFound();
    },
    PUT: async ({ user, id, request }) => {
      const file = await getMemberFile(user.accountId, id, ownWorkOnly(user));
      if (!file) return notFound();
      const changes = await readApiBody(request, fileChangesSchema);
      if (changes instanceof Response) return changes;
      const updated = await updateFile(user.accountId, id, changes);
      return updated ? json(toFileView(updated)) : notFound();
    },
    DELETE: async ({ user, id }) => {
      const file = await getMemberFile(user.accountId, id, ownWorkOnly(user));
      if (!file) return notFound();
      return (await deleteFile(user.accountId, id)) ? json({ message: "File deleted" }) : notFound();
    },
  });
}
