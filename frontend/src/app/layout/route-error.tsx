import { Link } from "react-router";
import { useTranslation } from "react-i18next";

/** RouteError replaces a page that crashed or failed to load its code. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const message = error instanceof Error ? error.message : t("unknownError");
  return (
    <div className="container-page py-16 text-center">
      <h1 className="text-2xl font-bold">{t("routeError.title")}</h1>
      <p className="mt-2 text-red-700">{t("errorPrefix", { message })}</p>
      <div className="mt-6 flex justify-center gap-3">
        <button type="button" className="btn btn-outline" onClick={() => window.location.reload()}>
          {t("retry")}
        </button>
        <Link to="/" className="btn btn-primary">
          {t("backHome")}
        </Link>
      </div>
    </div>
  );
}
