import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LOGO_MIME_TYPES } from "~/lib/image-type";
import { BrandMark } from "./brand";
import { buttonClass } from "./ui/button";
import { inputClass } from "./ui/forms";
import { isPosting } from "./ui/submission";

export const LOGO_FORM_ID = "logo-form";

/**
 * The logo's own form (multipart; intent upload or remove). It is rendered empty, apart
 * from the settings form, and its controls sit in the company section with
 * form="logo-form", so one page holds both forms without nesting them.
 */
export function LogoForm() {
  return <Form id={LOGO_FORM_ID} method="post" encType="multipart/form-data" replace />;
}

export function LogoControls({ logoUrl }: { logoUrl: string | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const intent = isPosting(navigation) ? navigation.formData?.get("intent") : null;
  return (
    <div className="flex flex-wrap items-start gap-4" data-testid="logo-settings">
      <div className="flex h-20 w-20 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800">
        {logoUrl ? (
          <img
            src={logoUrl}
            alt={t("settings.logo.current")}
            className="h-full w-full object-contain"
            data-testid="logo-preview"
          />
        ) : (
          <span className="flex flex-col items-center gap-1 text-center text-[10px] text-slate-500 dark:text-slate-400">
            <BrandMark />
            {t("settings.logo.none")}
          </span>
        )}
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        <label htmlFor="logo-file" className="block text-sm font-medium text-slate-700 dark:text-slate-300">
          {t("settings.logo.label")}
        </label>
        <input
          id="logo-file"
          type="file"
          name="logo"
          form={LOGO_FORM_ID}
          accept={LOGO_MIME_TYPES.join(",")}
          required
          aria-describedby="logo-hint"
          className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm dark:file:bg-slate-700 dark:file:text-slate-100`}
        />
        <p id="logo-hint" className="text-xs text-slate-500 dark:text-slate-400">
          {t("settings.logo.hint")}
        </p>
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            form={LOGO_FORM_ID}
            name="intent"
            value="upload"
            className={buttonClass("secondary")}
            disabled={intent === "upload"}
          >
            {intent === "upload" ? t("settings.logo.uploading") : logoUrl ? t("settings.logo.change") : t("settings.logo.upload")}
          </button>
          {logoUrl ? (
            <button
              type="submit"
              form={LOGO_FORM_ID}
              name="intent"
              value="remove"
              formNoValidate
              className={buttonClass("ghost", "text-red-600 dark:text-red-400")}
              disabled={intent === "remove"}
            >
              {t("settings.logo.remove")}
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
