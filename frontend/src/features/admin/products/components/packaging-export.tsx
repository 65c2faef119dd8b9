import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useExportPackagingReport } from "@/features/admin/products/api/product-packaging";
import { useSaveFailure } from "@/features/admin/shared/hooks/use-save-failure";
import { saveFile } from "@/lib/save-file";

/**
 * PackagingExport downloads a calendar year's kilograms of packaging placed
 * on the market, by material (RD 1055/2022): the units sold online and at
 * the till, less those refunded or returned, times each unit's packaging.
 */
export function PackagingExport() {
  const { t } = useTranslation("admin", { keyPrefix: "packaging" });
  const id = useId();
  const lastYear = new Date().getFullYear() - 1;
  const [year, setYear] = useState(String(lastYear));
  const exportReport = useExportPackagingReport();
  const saveFailure = useSaveFailure();
  const valid = /^\d{4}$/.test(year) && Number(year) >= 2000;
  return (
    <form
      className="card flex flex-wrap items-end gap-3 p-4"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!valid) return;
        exportReport.mutate(
          { year: Number(year) },
          { onSuccess: (r) => saveFile(r.csv, r.filename, "text/csv;charset=utf-8"), onError: (err) => saveFailure("product", err) },
        );
      }}
    >
      <div className="w-full">
        <h2 id={`${id}-title`} className="font-bold">
          {t("exportTitle")}
        </h2>
        <p className="text-sm text-stone-700">{t("exportHint")}</p>
      </div>
      <div>
        <label htmlFor={`${id}-year`} className="mb-1 block text-sm font-medium">
          {t("year")}
        </label>
        <input
          id={`${id}-year`}
          className="input w-28"
          inputMode="numeric"
          value={year}
          aria-invalid={!valid || undefined}
          aria-describedby={valid ? undefined : `${id}-year-error`}
          onChange={(e) => setYear(e.target.value.trim())}
        />
      </div>
      <button type="submit" className="btn btn-outline" disabled={!valid || exportReport.isPending}>
        {t("export")}
      </button>
      {!valid && (
        <p id={`${id}-year-error`} className="w-full text-sm text-red-700">
          {t("invalidYear")}
        </p>
      )}
    </form>
  );
}
