import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { CatalogueImportProblem } from "@gen/sabores/v1/admin_catalogue_import_service_pb";

/**
 * problemText is a problem in the back office's language: a broken rule of the contract in
 * words, with its bounds or the values allowed (not its id, "string.in"), a pattern by the
 * column it shapes, any other reason by its id; the server's English message when none fits.
 */
function problemText(t: TFunction<"admin">, p: CatalogueImportProblem): string {
  const reason = t(`catalogueCsv.reasons.${p.reason}`, { ...p.metadata, defaultValue: p.message });
  const rule = p.reason === "INVALID_VALUE" ? p.metadata.rule : undefined;
  if (!rule) return reason;
  if (rule === "string.pattern") return t(`catalogueCsv.patterns.${p.column}`, { defaultValue: reason });
  return t(`catalogueCsv.rules.${rule}`, { ...p.metadata, defaultValue: reason });
}

/**
 * CatalogueImportProblems is the table of a file's errors, every one of every line at once:
 * line, column and what is wrong in the back office's language (problemText).
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
                {problemText(t, p)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
