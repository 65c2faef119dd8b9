import { useTranslation } from "react-i18next";

/** CatalogueUploadProgress is the bar of a file going up to the server, a piece at a time. */
export function CatalogueUploadProgress({ fileName, sent, size }: { fileName: string; sent: number; size: number }) {
  const { t } = useTranslation("admin");
  const percent = size > 0 ? Math.floor((sent * 100) / size) : 0;
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label={t("catalogueCsv.uploadLabel", { file: fileName })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 w-full overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full bg-stone-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p aria-live="polite" className="text-sm">
        {t("catalogueCsv.uploading", { percent })}
      </p>
    </div>
  );
}
