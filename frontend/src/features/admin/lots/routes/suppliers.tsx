import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { Spinner } from "@/components/ui/spinner";
import { useSaveSupplier, useSuppliers } from "@/features/admin/lots/api/lots";
import { errorCode, errorInfos } from "@/lib/connect-errors";
import { Code } from "@connectrpc/connect";

const empty = { name: "", taxId: "", contactName: "", email: "", phone: "" };
const fields = ["name", "taxId", "contactName", "email", "phone"] as const;

/** Suppliers is /admin/suppliers: who the shop buys from, and a form to add one. */
export default function Suppliers() {
  const { t } = useTranslation("admin");
  const id = useId();
  const suppliers = useSuppliers();
  const save = useSaveSupplier();
  const [form, setForm] = useState(empty);
  const [problem, setProblem] = useState("");
  const [saved, setSaved] = useState("");

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setProblem("");
    setSaved("");
    if (!form.name.trim() || !form.taxId.trim()) {
      setProblem(t("lots.suppliers.required"));
      return;
    }
    save.mutate(
      { id: 0n, ...form, productIds: [] },
      {
        onSuccess: (res) => {
          setForm(empty);
          setSaved(t("lots.suppliers.saved", { name: res.supplier?.name ?? "" }));
        },
        onError: (err) => {
          if (errorInfos(err).some((i) => i.reason === "SUPPLIER_TAX_ID_TAKEN")) setProblem(t("lots.suppliers.taxIdTaken"));
          else if (errorCode(err) === Code.InvalidArgument) setProblem(t("lots.suppliers.invalid"));
          else setProblem(t("lots.saveError"));
        },
      },
    );
  };

  return (
    <div className="space-y-4">
      <BackLink to="/admin">{t("backToAdmin")}</BackLink>
      <h1 className="text-2xl font-bold">{t("lots.suppliers.title")}</h1>
      <form onSubmit={submit} className="card space-y-3 p-4" aria-labelledby={`${id}-new`} noValidate>
        <h2 id={`${id}-new`} className="text-lg font-semibold">
          {t("lots.suppliers.new")}
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          {fields.map((f) => (
            <div key={f}>
              <label htmlFor={`${id}-${f}`} className="mb-1 block text-sm font-medium">
                {t(`lots.suppliers.fields.${f}`)}
              </label>
              <input
                id={`${id}-${f}`}
                className="input"
                type={f === "email" ? "email" : "text"}
                value={form[f]}
                onChange={(e) => setForm({ ...form, [f]: e.target.value })}
                aria-describedby={`${id}-problem`}
              />
            </div>
          ))}
        </div>
        <p id={`${id}-problem`} role="alert" className="text-sm text-red-800">
          {problem}
        </p>
        <p role="status" className="text-sm text-green-800">
          {saved}
        </p>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {t("lots.suppliers.save")}
        </button>
      </form>
      <section className="card p-4" aria-label={t("lots.suppliers.list")}>
        {suppliers.isPending && <Spinner label={t("loading")} />}
        {suppliers.isError && <ErrorBox>{t("loadError")}</ErrorBox>}
        {suppliers.data && suppliers.data.suppliers.length === 0 && <p className="text-stone-700">{t("lots.suppliers.empty")}</p>}
        <ul className="divide-y divide-stone-100">
          {suppliers.data?.suppliers.map((s) => (
            <li key={String(s.id)} className="py-2 text-sm">
              <span className="font-semibold">{s.name}</span> · <span className="font-mono">{s.taxId}</span>
              {(s.contactName || s.email || s.phone) && (
                <span className="block break-words text-stone-700">{[s.contactName, s.email, s.phone].filter(Boolean).join(" · ")}</span>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
