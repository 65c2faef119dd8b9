import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { downloadExport, useExportMyData } from "@/features/account/api/data-rights";
import { DeleteAccountDialog } from "@/features/account/components/delete-account-dialog";

/** MyData is the dashboard's data rights card: download my data, delete my account. */
export function MyData() {
  const { t } = useTranslation("account");
  const exportData = useExportMyData();
  return (
    <section aria-labelledby="my-data-title" className="card p-4">
      <h2 id="my-data-title" className="text-lg font-bold">
        {t("myData.title")}
      </h2>
      <p className="mt-2 text-sm text-stone-700">{t("myData.text")}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline"
          disabled={exportData.isPending}
          onClick={() => exportData.mutate({}, { onSuccess: (data) => downloadExport(data, new Date()) })}
        >
          {t("myData.export")}
        </button>
        <DeleteAccountDialog />
      </div>
      {exportData.isError && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {t("myData.exportError")}
        </p>
      )}
      <p className="mt-3 text-sm">
        <Link to="/privacy-policy" className="link">
          {t("myData.policy")}
        </Link>
      </p>
    </section>
  );
}
