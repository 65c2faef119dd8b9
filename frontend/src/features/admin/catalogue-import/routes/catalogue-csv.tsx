import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { Spinner } from "@/components/ui/spinner";
import {
  MAX_FILE_BYTES,
  useCatalogueImport,
  useDryRunCatalogueImport,
  useExportCatalogue,
  useRefetchAfterImport,
  useStartCatalogueImport,
  useUploadCatalogueFile,
} from "@/features/admin/catalogue-import/api/catalogue-import";
import { CatalogueImportProblems } from "@/features/admin/catalogue-import/components/catalogue-import-problems";
import { CatalogueImportProgress } from "@/features/admin/catalogue-import/components/catalogue-import-progress";
import { CatalogueUploadProgress } from "@/features/admin/catalogue-import/components/catalogue-upload-progress";
import { CatalogueImportStatus } from "@gen/sabores/v1/admin_catalogue_import_service_pb";

/** CatalogueCsv is /admin/catalogue/csv: export the catalogue, check a file, import it with a progress bar. */
export default function CatalogueCsv() {
  const { t } = useTranslation("admin");
  return (
    <div className="max-w-3xl space-y-8">
      <BackLink to="/admin/catalogue">{t("catalogue.title")}</BackLink>
      <h1 className="text-2xl font-bold">{t("catalogueCsv.title")}</h1>
      <ExportSection />
      <ImportSection />
    </div>
  );
}

function ExportSection() {
  const { t } = useTranslation("admin");
  const exporter = useExportCatalogue();
  return (
    <section className="card space-y-2 p-4">
      <h2 className="text-lg font-semibold">{t("catalogueCsv.exportTitle")}</h2>
      <p className="text-sm text-stone-600">{t("catalogueCsv.exportHint")}</p>
      <button type="button" className="btn btn-primary" disabled={exporter.isPending} onClick={() => exporter.mutate()}>
        {exporter.isPending ? t("catalogueCsv.exporting") : t("catalogueCsv.export")}
      </button>
      {exporter.isError && <ErrorBox>{t("catalogueCsv.exportError")}</ErrorBox>}
    </section>
  );
}

function ImportSection() {
  const { t } = useTranslation("admin");
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [importId, setImportId] = useState<bigint>();
  const [uploadId, setUploadId] = useState<bigint>();
  const upload = useUploadCatalogueFile();
  const dryRun = useDryRunCatalogueImport();
  const start = useStartCatalogueImport();
  const job = useCatalogueImport(importId);
  const refetch = useRefetchAfterImport();
  const status = job.data?.import?.status;
  useEffect(() => {
    if (status === CatalogueImportStatus.SUCCEEDED) void refetch();
    // refetch is a new function each render; the status change is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status]);

  const tooLarge = file !== null && file.size > MAX_FILE_BYTES;
  const reset = () => {
    upload.reset();
    dryRun.reset();
    start.reset();
    setUploadId(undefined);
    setImportId(undefined);
  };
  // Each check sends the file again: the import takes the upload the clean check read.
  const check = async () => {
    if (!file) return;
    reset();
    const id = await upload.mutateAsync(file);
    setUploadId(id);
    dryRun.mutate({ fileName: file.name, uploadId: id });
  };
  const run = async () => {
    if (!file || uploadId === undefined) return;
    const res = await start.mutateAsync({ fileName: file.name, uploadId });
    setImportId(res.import?.id);
  };
  const report = dryRun.data;
  const clean = report !== undefined && report.problemCount === 0 && report.rows > 0;
  return (
    <section className="card space-y-3 p-4">
      <h2 className="text-lg font-semibold">{t("catalogueCsv.importTitle")}</h2>
      <p className="text-sm text-stone-600">{t("catalogueCsv.importHint")}</p>
      <div>
        <label htmlFor={`${id}-file`} className="mb-1 block text-sm font-medium">
          {t("catalogueCsv.file")}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          className="block w-full text-sm"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            reset();
          }}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline"
          disabled={!file || tooLarge || upload.isPending || dryRun.isPending}
          onClick={() => void check()}
        >
          {t("catalogueCsv.check")}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!clean || start.isPending || importId !== undefined}
          onClick={() => void run()}
        >
          {t("catalogueCsv.import")}
        </button>
      </div>
      {tooLarge && <ErrorBox>{t("catalogueCsv.tooLarge")}</ErrorBox>}
      {file && upload.isPending && <CatalogueUploadProgress fileName={file.name} sent={upload.sent} size={file.size} />}
      {upload.isError && <ErrorBox>{t("catalogueCsv.uploadError")}</ErrorBox>}
      {dryRun.isPending && <Spinner label={t("catalogueCsv.checking")} />}
      {dryRun.isError && <ErrorBox>{t("catalogueCsv.checkError")}</ErrorBox>}
      {report && (
        <p aria-live="polite" className={clean ? "text-green-800" : "text-red-800"}>
          {clean
            ? t("catalogueCsv.checked", {
                rows: t("catalogueCsv.rowsCount", { count: report.rows }),
                creates: t("catalogueCsv.newProducts", { count: report.creates }),
                updates: t("catalogueCsv.existing", { count: report.updates }),
              })
            : t("catalogueCsv.checkedWithProblems", { rows: t("catalogueCsv.rowsCount", { count: report.rows }) })}
        </p>
      )}
      {report && <CatalogueImportProblems problems={report.problems} count={report.problemCount} />}
      {start.isError && <ErrorBox>{t("catalogueCsv.startError")}</ErrorBox>}
      {job.isError && <ErrorBox>{t("loadError")}</ErrorBox>}
      {job.data?.import && <CatalogueImportProgress job={job.data.import} />}
    </section>
  );
}
