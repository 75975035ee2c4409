import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { messageKey } from "~/infrastructure/i18n";
import type { TranslationKey } from "~/locales/keys";
import { ToastView } from "./ui/toast";

/**
 * The error toast of a refused or failed estimate save (docs/product/estimates.md): for a create,
 * the server's message, else "Failed to create estimate."; for an update, "Failed to
 * update estimate.". Nothing after a list button or a refresh without JavaScript.
 */
export function EstimateFailureToast({
  reply,
  fallback,
  useServerMessage = false,
}: {
  reply?: { kind: string; result: SubmissionResult<string[]>; failed: boolean } | null;
  fallback: TranslationKey;
  useServerMessage?: boolean;
}) {
  const { t } = useTranslation();
  if (!reply || (reply.kind !== "invalid" && !reply.failed)) return null;
  const first = Object.values(reply.result.error ?? {})
    .flat()
    .find((message): message is string => Boolean(message));
  const description = useServerMessage && !reply.failed && first ? "estimates.createFailedWith" : fallback;
  return (
    <ToastView
      key={JSON.stringify(reply.result.error ?? {})}
      toast={{
        type: "error",
        title: "toast.errorTitle",
        description,
        values: first ? { message: t(messageKey(first)) } : undefined,
      }}
    />
  );
}

/**
 * The error toast of a job or appointment create (docs/product/jobs.md and schedule.md): after a refused form,
 * the joined messages of its errors (`withMessages`); after a failure, `fallback`.
 */
export function CreateFailureToast({
  reply,
  withMessages,
  fallback,
}: {
  reply?: { result: SubmissionResult<string[]>; failed: boolean } | null;
  withMessages: TranslationKey;
  fallback: TranslationKey;
}) {
  const { t } = useTranslation();
  if (!reply) return null;
  const errors = Object.values(reply.result.error ?? {})
    .flat()
    .filter((message): message is string => Boolean(message));
  return (
    <ToastView
      key={JSON.stringify(reply)}
      toast={
        !reply.failed && errors.length > 0
          ? {
              type: "error",
              title: "toast.errorTitle",
              description: withMessages,
              values: { messages: [...new Set(errors.map((e) => t(messageKey(e))))].join(". ") },
            }
          : { type: "error", title: "toast.errorTitle", description: fallback }
      }
    />
  );
}
