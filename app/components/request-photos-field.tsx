import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "~/locales/keys";

// The photos a customer may send with a work request (the public request page, the hub's
// Request work form): a file field in the form's multipart body, and what was wrong with them.

/** A refused photo: its dictionary key (files.*) and values, as the action answers it. */
export interface PhotoError {
  message: string;
  values: Record<string, string>;
}

export const photoError = (refusal: { message: string; values: Record<string, string | number> }): PhotoError => ({
  message: refusal.message,
  values: Object.fromEntries(Object.entries(refusal.values).map(([key, value]) => [key, String(value)])),
});

export function RequestPhotosField({ error }: { error?: PhotoError }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        {t("requests.form.photos")}
      </label>
      <input
        id={id}
        type="file"
        name="file"
        accept="image/*"
        multiple
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        className="mt-1 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border-0 file:bg-slate-200 file:px-4 sm:file:min-h-0 sm:file:py-2 dark:file:bg-slate-700 dark:file:text-slate-100"
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        {t("requests.form.photosHint")}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
          {t(error.message as TranslationKey, error.values as Record<string, string> | undefined)}
        </p>
      ) : null}
    </div>
  );
}
