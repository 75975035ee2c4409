import { useTranslation } from "react-i18next";
import { thumbnailSize } from "~/lib/file-size";
import type { FileCard } from "~/models/file.server";

/** A photo's thumbnail linking to its full copy, or a PDF's tile linking to its download. */
export function FileThumbnail({ file, className = "" }: { file: FileCard; className?: string }) {
  const { t } = useTranslation();
  if (!file.thumbnailUrl) {
    return (
      <a
        href={file.url}
        download={file.name}
        className={`flex aspect-square flex-col items-center justify-center gap-1 rounded-md border border-slate-200 bg-slate-50 p-2 text-center text-sm dark:border-slate-700 dark:bg-slate-800 ${className}`}
        aria-label={t("files.open", { name: file.name })}
      >
        <span className="text-lg font-bold text-red-700 dark:text-red-400">{t("files.pdf")}</span>
        <span className="line-clamp-2 break-all text-xs">{file.name}</span>
      </a>
    );
  }
  const size = thumbnailSize(file);
  return (
    <a href={file.url} className={`block ${className}`} aria-label={t("files.open", { name: file.name })}>
      <img
        src={file.thumbnailUrl}
        width={size.width}
        height={size.height}
        loading="lazy"
        decoding="async"
        alt={file.caption ?? file.name}
        className="file-thumb"
      />
    </a>
  );
}
