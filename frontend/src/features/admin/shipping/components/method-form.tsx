import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { ShippingMethod, ShippingMethodInputSchema } from "@gen/sabores/v1/admin_shipping_service_pb";
import { ShippingKind } from "@gen/sabores/v1/shipping_pb";
import { parsePriceCents, priceInputText } from "@/features/admin/shared/lib/decimal-input";
import { ShippingField } from "@/features/admin/shipping/components/field";
import type { ShippingError } from "@/features/admin/shipping/lib/errors";

/** kinds are the kinds the form offers, with their text keys. */
const kinds = [
  [ShippingKind.STANDARD, "standard"],
  [ShippingKind.COLD_CHAIN, "coldChain"],
  [ShippingKind.PICKUP, "pickup"],
] as const;

/** MethodValues are the form's fields as typed. */
interface MethodValues {
  code: string;
  nameEs: string;
  namePt: string;
  kind: ShippingKind;
  freeAbove: string;
  weekdays: number[];
  surcharge: string;
  labelOutsidePlatform: boolean;
  active: boolean;
  position: string;
}

function valuesOf(m?: ShippingMethod): MethodValues {
  return {
    code: m?.code ?? "",
    nameEs: m?.nameEs ?? "",
    namePt: m?.namePt ?? "",
    kind: m?.kind ?? ShippingKind.STANDARD,
    freeAbove: m && m.freeAboveCents > 0n ? priceInputText(Number(m.freeAboveCents), ",") : "",
    weekdays: m?.dispatchWeekdays ?? [],
    surcharge: m && m.surchargeCents > 0n ? priceInputText(Number(m.surchargeCents), ",") : "",
    labelOutsidePlatform: m?.labelOutsidePlatform ?? false,
    active: m?.active ?? true,
    position: String(m?.position ?? 0),
  };
}

/**
 * inputOf is the request's method for the form's values, or the fields whose
 * amounts are not euros as typed ("4,95"); empty amounts are 0 (no
 * free-shipping threshold, no surcharge).
 */
function inputOf(v: MethodValues): { input?: MessageInitShape<typeof ShippingMethodInputSchema>; invalid: string[] } {
  const cents = (text: string) => (text.trim() === "" ? 0 : parsePriceCents(text));
  const freeAbove = cents(v.freeAbove);
  const surcharge = cents(v.surcharge);
  const invalid = [...(freeAbove === null ? ["free_above_cents"] : []), ...(surcharge === null ? ["surcharge_cents"] : [])];
  if (freeAbove === null || surcharge === null) return { invalid };
  return {
    invalid,
    input: {
      code: v.code.trim(),
      nameEs: v.nameEs,
      namePt: v.namePt,
      kind: v.kind,
      freeAboveCents: BigInt(freeAbove),
      dispatchWeekdays: v.kind === ShippingKind.COLD_CHAIN ? v.weekdays : [],
      surchargeCents: v.kind === ShippingKind.COLD_CHAIN ? BigInt(surcharge) : 0n,
      labelOutsidePlatform: v.labelOutsidePlatform,
      active: v.active,
      position: Number.parseInt(v.position, 10) || 0,
    },
  };
}

/**
 * MethodForm edits a method's terms (or a new one's): names in both
 * languages, kind, free-shipping threshold, a cold chain's dispatch days and
 * surcharge, whether it is offered. The server's complaints show beside
 * their fields.
 */
export function MethodForm({
  method,
  errors,
  pending,
  onSave,
  onCancel,
}: {
  method?: ShippingMethod;
  errors: Record<string, ShippingError>;
  pending: boolean;
  onSave: (input: MessageInitShape<typeof ShippingMethodInputSchema>) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation("admin");
  const [v, setV] = useState(() => valuesOf(method));
  const [local, setLocal] = useState<Record<string, ShippingError>>({});
  const set = <K extends keyof MethodValues>(k: K, value: MethodValues[K]) => setV((old) => ({ ...old, [k]: value }));
  const shown = { ...errors, ...local };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { input, invalid } = inputOf(v);
    setLocal(Object.fromEntries(invalid.map((f) => [f, { key: "shipping.errors.euros", values: {} }])));
    if (input) onSave(input);
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-label={method ? t("shipping.editMethod", { name: method.nameEs }) : t("shipping.newMethod")}>
      <div className="grid gap-3 sm:grid-cols-3">
        <ShippingField label={t("shipping.fields.code")} value={v.code} onChange={(e) => set("code", e.target.value)} error={shown.code} hint={t("shipping.hints.code")} required />
        <ShippingField label={t("shipping.fields.nameEs")} value={v.nameEs} onChange={(e) => set("nameEs", e.target.value)} error={shown.name_es} required />
        <ShippingField label={t("shipping.fields.namePt")} value={v.namePt} onChange={(e) => set("namePt", e.target.value)} error={shown.name_pt} required />
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">{t("shipping.fields.kind")}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {kinds.map(([kind, key]) => (
            <label key={key} className="flex items-center gap-2 text-sm">
              <input type="radio" checked={v.kind === kind} onChange={() => set("kind", kind)} />
              {t(`shipping.kinds.${key}`)}
            </label>
          ))}
        </div>
        {shown.kind && <p className="mt-1 text-sm text-red-700">{t(shown.kind.key, shown.kind.values)}</p>}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        {v.kind !== ShippingKind.PICKUP && (
          <ShippingField
            label={t("shipping.fields.freeAbove")}
            inputMode="decimal"
            value={v.freeAbove}
            onChange={(e) => set("freeAbove", e.target.value)}
            error={shown.free_above_cents}
            hint={t("shipping.hints.freeAbove")}
          />
        )}
        {v.kind === ShippingKind.COLD_CHAIN && (
          <ShippingField
            label={t("shipping.fields.surcharge")}
            inputMode="decimal"
            value={v.surcharge}
            onChange={(e) => set("surcharge", e.target.value)}
            error={shown.surcharge_cents}
          />
        )}
        <ShippingField
          label={t("shipping.fields.position")}
          inputMode="numeric"
          value={v.position}
          onChange={(e) => set("position", e.target.value)}
          error={shown.position}
        />
      </div>
      {v.kind === ShippingKind.COLD_CHAIN && (
        <fieldset>
          <legend className="mb-1 text-sm font-medium">{t("shipping.fields.dispatchDays")}</legend>
          <div className="flex flex-wrap gap-x-3 gap-y-1">
            {[1, 2, 3, 4, 5, 6, 7].map((d) => (
              <label key={d} className="flex items-center gap-1 text-sm">
                <input
                  type="checkbox"
                  checked={v.weekdays.includes(d)}
                  onChange={(e) => set("weekdays", e.target.checked ? [...v.weekdays, d].sort((a, b) => a - b) : v.weekdays.filter((w) => w !== d))}
                />
                {t(`shipping.weekdays.${d}`)}
              </label>
            ))}
          </div>
          {shown.dispatch_weekdays && (
            <p className="mt-1 text-sm text-red-700">{t(shown.dispatch_weekdays.key, shown.dispatch_weekdays.values)}</p>
          )}
        </fieldset>
      )}
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={v.active} onChange={(e) => set("active", e.target.checked)} />
          {t("shipping.fields.active")}
        </label>
        {v.kind !== ShippingKind.PICKUP && (
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={v.labelOutsidePlatform} onChange={(e) => set("labelOutsidePlatform", e.target.checked)} />
            {t("shipping.fields.labelOutside")}
          </label>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? t("saving") : t("shipping.save")}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            {t("cancel")}
          </button>
        )}
      </div>
    </form>
  );
}
