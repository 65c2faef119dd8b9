import { useTranslation } from "react-i18next";
import type { CatalogueImportProblem } from "@gen/sabores/v1/admin_catalogue_import_service_pb";

/**
 * CatalogueImportProblems is the table of a file's errors: line, column and the reason in the
 * back office's language (the server's English message when the reason is not translated).
 */
export function CatalogueImportProblems({ problems, count }: { problems: CatalogueImportProblem[]; count: number }) {
  const { t } = useTranslation("admin");
  if (count === 0) return null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-semibold text-red-800">
          {t("catalogueCsv.problems", { count })}
          {count > problems.length && ` ${t("catalogueCsv.problemsListed", { count: problems.length })}`}
        </caption>
        <thead>
          <tr className="border-b border-stone-300">
            <th scope="col" className="py-1 pr-3">
              {t("catalogueCsv.line")}
            </th>
            <th scope="col" className="py-1 pr-3">
              {t("catalogueCsv.column")}
            </th>
            <th scope="col" className="py-1">
              {t("catalogueCsv.error")}
            </th>
          </tr>
        </thead>
        <tbody>
          {problems.map((p, i) => (
            <tr key={i} className="border-b border-stone-100 align-top">
              <td className="py-1 pr-3 tabular-nums">{p.line || "—"}</td>
              <td className="py-1 pr-3 font-mono">{p.column || "—"}</td>
              <td className="py-1">
                {t(`catalogueCsv.reasons.${p.reason}`, { ...p.metadata, defaultValue: p.message })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
