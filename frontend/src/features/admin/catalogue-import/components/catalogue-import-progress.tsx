import { useTranslation } from "react-i18next";
import { type CatalogueImport, CatalogueImportStatus } from "@gen/sabores/v1/admin_catalogue_import_service_pb";
import { running } from "@/features/admin/catalogue-import/api/catalogue-import";
import { CatalogueImportProblems } from "@/features/admin/catalogue-import/components/catalogue-import-problems";

/** CatalogueImportProgress shows a running import's progress bar, then its outcome. */
export function CatalogueImportProgress({ job }: { job: CatalogueImport }) {
  const { t } = useTranslation("admin");
  const percent = job.status === CatalogueImportStatus.SUCCEEDED ? 100 : job.progressPercent;
  return (
    <div className="space-y-2">
      <div
        role="progressbar"
        aria-label={t("catalogueCsv.progressLabel", { file: job.fileName })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 w-full overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full bg-green-700 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p aria-live="polite" className="text-sm">
        {running(job.status) && t("catalogueCsv.running", { percent, rows: t("catalogueCsv.rowsCount", { count: job.rows }) })}
        {job.status === CatalogueImportStatus.SUCCEEDED &&
          t("catalogueCsv.succeeded", {
            rows: t("catalogueCsv.rowsCount", { count: job.rows }),
            created: t("catalogueCsv.newProducts", { count: job.created }),
            updated: t("catalogueCsv.updatedCount", { count: job.updated }),
          })}
        {job.status === CatalogueImportStatus.FAILED && t("catalogueCsv.failed")}
      </p>
      {job.status === CatalogueImportStatus.FAILED && (
        <CatalogueImportProblems problems={job.problems} count={job.problemCount} />
      )}
    </div>
  );
}
