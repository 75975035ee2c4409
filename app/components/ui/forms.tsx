import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { messageKey } from "~/infrastructure/i18n";

/** A text field's, select's or text area's classes: at least 44 px tall below `sm` (a phone's touch target). */
export const inputClass =
  "block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40 aria-[invalid=true]:border-red-500 sm:min-h-0 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";

/** Error messages are dictionary keys; shown translated, linked to their field for screen readers. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-600 dark:text-red-400">
      {errors.map((error) => (
        <li key={error}>{t(messageKey(error))}</li>
      ))}
    </ul>
  );
}

export function Field({
  label,
  hint,
  errors,
  inputProps,
}: {
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[] | null;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        className={`mt-1 ${inputClass}`}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function TextareaField({
  label,
  hint,
  errors,
  textareaProps,
}: {
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[] | null;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement>;
}) {
  const fallbackId = useId();
  const id = textareaProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <textarea
        {...textareaProps}
        id={id}
        className={`mt-1 ${inputClass}`}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A labelled <select>; its options are the children (none of them with an empty-string value). */
export function SelectField({
  label,
  hint,
  errors,
  selectProps,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[] | null;
  selectProps: SelectHTMLAttributes<HTMLSelectElement>;
  children: ReactNode;
}) {
  const fallbackId = useId();
  const id = selectProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <select
        {...selectProps}
        id={id}
        className={`mt-1 ${inputClass}`}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
      >
        {children}
      </select>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
