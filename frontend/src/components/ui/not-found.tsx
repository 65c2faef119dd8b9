import { useId, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { Seo } from "@/components/seo/seo";

/**
 * NotFound is the page for an address that leads nowhere: an unknown path,
 * or a product the shop does not sell (which shopd answers with 404 too).
 * It offers the catalogue's search and the way home, not an error.
 */
export function NotFound({ text }: { text?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [q, setQ] = useState("");
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const query = q.trim();
    if (query) void navigate(`/buscar?q=${encodeURIComponent(query)}`);
  };
  return (
    <div className="container-page py-20 text-center">
      <Seo title={t("notFound.metaTitle")} />
      <h1 className="text-6xl font-extrabold text-brand-700">404</h1>
      <p className="mt-4 text-xl">{text ?? t("notFound.text")}</p>
      <form role="search" onSubmit={onSubmit} className="mx-auto mt-8 flex max-w-md flex-col gap-2 text-left">
        <label htmlFor={id} className="font-semibold">
          {t("notFound.searchLabel")}
        </label>
        <div className="flex gap-2">
          <input id={id} type="search" name="q" value={q} onChange={(e) => setQ(e.target.value)} className="input min-w-0 flex-1" />
          <button type="submit" className="btn btn-primary">
            {t("notFound.search")}
          </button>
        </div>
      </form>
      <Link to="/" className="btn btn-ghost mt-8">
        {t("notFound.link")}
      </Link>
    </div>
  );
}
