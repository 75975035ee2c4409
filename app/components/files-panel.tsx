import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { FilesPageData, FilesPageError } from "~/services/files-page.server";
import type { FileCard } from "~/models/file.server";
import { FileThumbnail } from "./file-thumbnail";
import type { TranslationKey } from "~/locales/keys";
import { Button, buttonClass } from "./ui/button";
import { inputClass } from "./ui/forms";
import { RouteDialog } from "./ui/route-dialog";
import { isPosting } from "./ui/submission";

// The Photos & files dialog of a job, an estimate, an invoice or a visit (docs/product/files.md):
// every control is a plain form or link, so it all works without JavaScript; the file field
// offers the camera on a phone.

const stringValues = (values: Record<string, string | number>): Record<string, string> =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));

function UploadForm({ captionMax }: { captionMax: number }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const uploading = isPosting(navigation) && navigation.formEncType === "multipart/form-data";
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700"
    >
      <div>
        <label htmlFor="files-input" className="block text-sm font-medium text-slate-700 dark:text-slate-300">
          {t("files.add")}
        </label>
        <input
          id="files-input"
          type="file"
          name="file"
          accept="image/*,application/pdf"
          multiple
          required
          aria-describedby="files-input-hint"
          className="mt-1 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border-0 file:bg-brand-600 file:px-4 file:text-white sm:file:min-h-0 sm:file:py-2"
        />
        <p id="files-input-hint" className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {t("files.addHint")}
        </p>
      </div>
      <div>
        <label htmlFor="files-caption" className="block text-sm font-medium text-slate-700 dark:text-slate-300">
          {t("files.captionOptional")}
        </label>
        <input id="files-caption" name="caption" maxLength={captionMax} className={`mt-1 ${inputClass}`} />
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
        <input type="checkbox" name="showToCustomer" className="h-5 w-5" />
        <span>
          {t("files.showToCustomer")}
          <span className="block text-xs text-slate-500 dark:text-slate-400">{t("files.showToCustomerHint")}</span>
        </span>
      </label>
      <Button disabled={uploading}>{uploading ? t("files.uploading") : t("files.upload")}</Button>
    </Form>
  );
}

/**
 * One file: its thumbnail, and one form whose buttons save the caption and Show to customer
 * (the first, so Enter saves) or move it; Delete is a link to the confirm step. Short classes
 * (tailwind.css, "A photo or file"), as the dialog repeats it for every file.
 */
function FileItem({ file, first, last, captionMax }: { file: FileCard; first: boolean; last: boolean; captionMax: number }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  params.set("delete", file.id);
  return (
    <li className="file-item" data-testid="file-item">
      <FileThumbnail file={file} />
      {file.showToCustomer ? <p className="text-xs font-medium text-green-700 dark:text-green-400">{t("files.shown")}</p> : null}
      <Form method="post" className="space-y-2">
        <input type="hidden" name="fileId" value={file.id} />
        <label className="block text-xs font-medium">
          {t("files.caption")}
          <input name="caption" defaultValue={file.caption ?? ""} maxLength={captionMax} className="file-field" />
        </label>
        <label className="file-check">
          <input type="checkbox" name="showToCustomer" defaultChecked={file.showToCustomer} className="h-5 w-5" />
          {t("files.showToCustomer")}
        </label>
        <div className="flex flex-wrap gap-1">
          <button type="submit" name="intent" value="save" className="file-button file-button-save">
            {t("files.save")}
          </button>
          <button
            type="submit"
            name="intent"
            value="up"
            disabled={first}
            className="file-button"
            aria-label={t("files.moveUpLabel", { name: file.name })}
          >
            ↑
          </button>
          <button
            type="submit"
            name="intent"
            value="down"
            disabled={last}
            className="file-button"
            aria-label={t("files.moveDownLabel", { name: file.name })}
          >
            ↓
          </button>
          <Link
            to={`?${params.toString()}`}
            preventScrollReset
            className="file-button file-button-delete"
            aria-label={t("files.deleteLabel", { name: file.name })}
          >
            {t("files.delete")}
          </Link>
        </div>
      </Form>
    </li>
  );
}

function DeleteConfirm({ file }: { file: FileCard }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete("delete");
  const cancel = `?${params.toString()}`;
  return (
    <div
      role="alertdialog"
      aria-labelledby="file-delete-text"
      className="rounded-md border border-red-300 bg-red-50 p-3 dark:border-red-800 dark:bg-red-950"
    >
      <p id="file-delete-text" className="text-sm font-medium">
        {t("files.deleteConfirm", { name: file.name })}
      </p>
      <Form method="post" className="mt-3 flex justify-end gap-2">
        <input type="hidden" name="fileId" value={file.id} />
        <Link to={cancel} preventScrollReset className={buttonClass("secondary")}>
          {t("list.cancel")}
        </Link>
        <Button variant="danger" name="intent" value="delete">
          {t("files.delete")}
        </Button>
      </Form>
    </div>
  );
}

function JobPhotos({ data }: { data: FilesPageData }) {
  const { t } = useTranslation();
  if (data.jobPhotos.length === 0) return null;
  const label = data.kind === "invoice" ? t("files.addToInvoice") : t("files.addToEstimate");
  return (
    <section aria-labelledby="job-photos-heading" className="space-y-2">
      <h3 id="job-photos-heading" className="text-sm font-semibold">
        {t("files.fromJob")}
      </h3>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t("files.fromJobHint")}</p>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {data.jobPhotos.map((file) => (
          <li key={file.id} className="space-y-1">
            <FileThumbnail file={file} />
            <Form method="post">
              <input type="hidden" name="intent" value="copy" />
              <input type="hidden" name="fileId" value={file.id} />
              <button
                type="submit"
                className={buttonClass("secondary", "w-full px-2 text-xs")}
                aria-label={`${label}: ${t("files.addToLabel", { name: file.caption ?? file.name })}`}
              >
                {label}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

function withoutDelete(to: string): string {
  const at = to.indexOf("?");
  if (at < 0) return to;
  const params = new URLSearchParams(to.slice(at + 1));
  params.delete("delete");
  const search = params.toString();
  return to.slice(0, at) + (search ? `?${search}` : "");
}

/** The dialog: the route gives where closing goes back to. */
export function FilesDialog({ closeTo: given }: { closeTo: string }) {
  const { t } = useTranslation();
  // The routes keep the dialog's search for the page under it; a confirm step's ?delete= is the dialog's own.
  const closeTo = withoutDelete(given);
  const data = useLoaderData<FilesPageData>();
  const actionData = useActionData<{ error?: FilesPageError }>();
  const error = actionData?.error;
  return (
    <RouteDialog title={t("files.title", { label: data.label })} closeTo={closeTo} size="lg">
      <div className="space-y-4">
        {error ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
            {t(error.message as TranslationKey, stringValues(error.values) as Record<string, string> | undefined)}
          </p>
        ) : null}
        {data.confirmDelete ? <DeleteConfirm file={data.confirmDelete} /> : null}
        <UploadForm captionMax={data.captionMax} />
        {data.files.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("files.empty")}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t("files.action")}>
            {data.files.map((file, index) => (
              <FileItem
                key={file.id}
                file={file}
                first={index === 0}
                last={index === data.files.length - 1}
                captionMax={data.captionMax}
              />
            ))}
          </ul>
        )}
        <JobPhotos data={data} />
        <div className="flex justify-end">
          <Link to={closeTo} className={buttonClass("secondary")} preventScrollReset>
            {t("common.close")}
          </Link>
        </div>
      </div>
    </RouteDialog>
  );
}
