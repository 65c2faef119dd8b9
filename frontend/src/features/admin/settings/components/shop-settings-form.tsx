import { Code } from "@connectrpc/connect";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useToast } from "@/components/ui/toaster";
import { errorCode } from "@/lib/connect-errors";
import { useUpdateShopSettings } from "@/features/admin/settings/api/shop-settings";
import { OpeningHoursEditor } from "@/features/admin/settings/components/opening-hours-editor";
import { useSaveFailure } from "@/features/admin/shared/hooks/use-save-failure";
import { fieldViolations } from "@/features/admin/shared/lib/field-violations";
import { fieldOf, fromForm, textFields, toForm, type TextField } from "@/features/admin/settings/lib/shop-settings-form";
import type { ShopSettings } from "@gen/sabores/v1/admin_settings_service_pb";

/** labelKey is a field's key under shopSettings.fields ("details.address.city" → "address_city"). */
export function labelKey(field: string) {
  return field.replace(/^details\./, "").replace(/\./g, "_");
}

const inputTypes: Partial<Record<TextField, string>> = {
  "details.email": "email",
  "details.phone": "tel",
  "details.whatsapp": "tel",
  "details.instagram_url": "url",
  "details.facebook_url": "url",
};

const required = new Set<TextField>(["details.legal_name", "details.nif", "details.address.street",
  "details.address.postal_code", "details.address.city", "details.phone", "details.email"]);

/** wide are the fields given the whole row on wide screens: long values or a long label. */
const wide = new Set<TextField>(["details.legal_name", "details.address.street", "producer_register"]);

/** ShopSettingsForm edits every setting, showing the server's complaint beside each field. */
export function ShopSettingsForm({ settings, unfinished }: { settings: ShopSettings | undefined; unfinished: string[] }) {
  const { t } = useTranslation("admin");
  const id = useId();
  const toast = useToast();
  const saveFailure = useSaveFailure();
  const update = useUpdateShopSettings();
  const [values, setValues] = useState(() => toForm(settings));
  const [errors, setErrors] = useState<Partial<Record<TextField | "hours", string>>>({});
  const sample = (f: string) => unfinished.some((u) => f.startsWith(u)) && values[f as TextField] !== "";

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    update.mutate(
      { settings: fromForm(values) },
      {
        onSuccess: (res) => {
          setValues(toForm(res.settings));
          toast({ title: t("toast.savedTitle"), description: t("shopSettings.saved") });
        },
        onError: (err) => {
          if (errorCode(err) === Code.InvalidArgument) {
            const next: typeof errors = {};
            for (const path of Object.keys(fieldViolations(err))) {
              const f = fieldOf(path);
              if (f) next[f] = t(`shopSettings.invalid.${labelKey(f)}`);
            }
            setErrors(next);
            if (Object.keys(next).length > 0) return;
          }
          saveFailure("shopSettings", err);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="card space-y-4 p-4 sm:p-6" aria-label={t("shopSettings.title")}>
      <div className="grid gap-3 sm:grid-cols-2">
        {textFields.map((f) => {
          const err = errors[f];
          return (
            <div key={f} className={wide.has(f) ? "sm:col-span-2" : ""}>
              <label htmlFor={`${id}-${f}`} className="mb-1 block text-sm font-medium">
                {t(`shopSettings.fields.${labelKey(f)}`)}
                {sample(f) && <span className="ml-2 rounded bg-yellow-100 px-1.5 text-xs text-yellow-900">{t("shopSettings.sample")}</span>}
              </label>
              <input
                id={`${id}-${f}`}
                className="input"
                type={inputTypes[f] ?? "text"}
                value={values[f]}
                required={required.has(f)}
                aria-invalid={err ? true : undefined}
                aria-describedby={`${id}-${f}-note`}
                onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
              />
              <p id={`${id}-${f}-note`} className={`mt-1 text-xs ${err ? "text-sm text-red-700" : "text-stone-600"}`}>
                {err ?? t(`shopSettings.hints.${labelKey(f)}`)}
              </p>
            </div>
          );
        })}
      </div>
      <OpeningHoursEditor rows={values.hours} onChange={(hours) => setValues((v) => ({ ...v, hours }))} error={errors.hours} />
      <button type="submit" className="btn btn-primary" disabled={update.isPending}>
        {update.isPending ? t("saving") : t("shopSettings.save")}
      </button>
    </form>
  );
}
