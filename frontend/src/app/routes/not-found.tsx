import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { Seo } from "@/components/seo/seo";

/** NotFoundRoute is any unknown path; it logs the path asked for. */
export default function NotFoundRoute() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);
  return (
    <div className="container-page py-20 text-center">
      <Seo title={t("notFound.metaTitle")} />
      <h1 className="text-6xl font-extrabold text-brand-700">404</h1>
      <p className="mt-4 text-xl">{t("notFound.text")}</p>
      <Link to="/" className="btn btn-primary mt-8">
        {t("notFound.link")}
      </Link>
    </div>
  );
}
