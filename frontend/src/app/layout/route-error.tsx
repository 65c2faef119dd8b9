import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { useTranslation } from "react-i18next";

/** RouteError replaces a page that crashed or failed to load its code. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error("route error", error);
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : t("unknownError");
  return (
    <main className="container-page py-16 text-center">
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
    </main>
  );
}
