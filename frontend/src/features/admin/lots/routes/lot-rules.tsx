import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { Spinner } from "@/components/ui/spinner";
import { useLotRules, useUpdateLotRules } from "@/features/admin/lots/api/expiry";
import type { LotRules as Rules } from "@gen/sabores/v1/admin_lot_service_pb";

/** LotRules is /admin/lots/rules: the days that block a use-by lot online and the weekly expiry e-mail. */
export default function LotRules() {
  const { t } = useTranslation("admin");
  const rules = useLotRules();
  return (
    <div className="space-y-4">
      <BackLink to="/admin/lots">{t("lotsExpiry.rules.back")}</BackLink>
      <h1 className="text-2xl font-bold">{t("lotsExpiry.rules.title")}</h1>
      {rules.isPending && <Spinner label={t("loading")} />}
      {rules.isError && <ErrorBox>{t("loadError")}</ErrorBox>}
      {rules.data?.rules && <RulesForm rules={rules.data.rules} />}
    </div>
  );
}

function RulesForm({ rules }: { rules: Rules }) {
  const { t } = useTranslation("admin");
  const id = useId();
  const save = useUpdateLotRules();
  const [delivery, setDelivery] = useState(String(rules.deliveryDays));
  const [margin, setMargin] = useState(String(rules.marginDays));
  const [digest, setDigest] = useState(String(rules.digestDays || 30));
  const [language, setLanguage] = useState(rules.digestLanguage || "es");
  const [error, setError] = useState("");
  const [saved, setSaved] = useState(false);

  const whole = (s: string, lo: number, hi: number) => {
    const n = Number(s.trim());
    return s.trim() !== "" && Number.isInteger(n) && n >= lo && n <= hi ? n : null;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const d = whole(delivery, 0, 30);
    const m = whole(margin, 0, 30);
    const g = whole(digest, 1, 90);
    if (d === null || m === null) return setError(t("lotsExpiry.rules.badDays"));
    if (g === null) return setError(t("lotsExpiry.rules.badDigest"));
    setError("");
    setSaved(false);
    save.mutate(
      { rules: { deliveryDays: d, marginDays: m, digestDays: g, digestLanguage: language } },
      { onSuccess: () => setSaved(true), onError: () => setError(t("lots.saveError")) },
    );
  };
  const field = (key: string, value: string, set: (v: string) => void, hint: string) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="mb-1 block text-sm font-medium">
        {t(`lotsExpiry.rules.${key}`)}
      </label>
      <input
        id={`${id}-${key}`}
        className="input w-24"
        inputMode="numeric"
        aria-describedby={`${id}-${key}-hint`}
        value={value}
        onChange={(e) => set(e.target.value)}
      />
      <p id={`${id}-${key}-hint`} className="mt-1 text-xs text-stone-600">
        {hint}
      </p>
    </div>
  );
  const d = whole(delivery, 0, 30) ?? 0;
  const m = whole(margin, 0, 30) ?? 0;
  return (
    <form onSubmit={submit} noValidate className="card grid max-w-2xl gap-4 p-4 sm:grid-cols-2" aria-label={t("lotsExpiry.rules.title")}>
      <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">{t("lotsExpiry.rules.blocking")}</legend>
        {field("deliveryDays", delivery, setDelivery, t("lotsExpiry.rules.deliveryHint"))}
        {field("marginDays", margin, setMargin, t("lotsExpiry.rules.marginHint"))}
        <p className="text-sm text-stone-700 sm:col-span-2">{t("lotsExpiry.rules.example", { count: d + m })}</p>
      </fieldset>
      <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">{t("lotsExpiry.rules.digest")}</legend>
        {field("digestDays", digest, setDigest, t("lotsExpiry.rules.digestHint"))}
        <div>
          <label htmlFor={`${id}-language`} className="mb-1 block text-sm font-medium">
            {t("lotsExpiry.rules.digestLanguage")}
          </label>
          <select id={`${id}-language`} className="input" value={language} onChange={(e) => setLanguage(e.target.value)}>
            <option value="es">Español</option>
            <option value="pt">Português</option>
          </select>
        </div>
      </fieldset>
      {error && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 sm:col-span-2">
          {error}
        </p>
      )}
      {saved && (
        <p role="status" className="text-sm text-green-800 sm:col-span-2">
          {t("lotsExpiry.rules.saved")}
        </p>
      )}
      <div className="flex justify-end sm:col-span-2">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {t("lotsExpiry.rules.save")}
        </button>
      </div>
    </form>
  );
}
