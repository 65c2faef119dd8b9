import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ShippingMethod } from "@gen/sabores/v1/admin_shipping_service_pb";
import { ShippingKind } from "@gen/sabores/v1/shipping_pb";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toaster";
import { formatPrice } from "@/lib/format-price";
import { useSaveFailure } from "@/features/admin/shared/hooks/use-save-failure";
import { useShippingMethods, useShippingMutations } from "@/features/admin/shipping/api/shipping";
import { ShippingField } from "@/features/admin/shipping/components/field";
import { MethodForm } from "@/features/admin/shipping/components/method-form";
import { ZoneEditor, ZoneForm } from "@/features/admin/shipping/components/zone-editor";
import { shippingErrors, type ShippingError } from "@/features/admin/shipping/lib/errors";

const kindKeys: Record<ShippingKind, string> = {
  [ShippingKind.UNSPECIFIED]: "standard",
  [ShippingKind.STANDARD]: "standard",
  [ShippingKind.COLD_CHAIN]: "coldChain",
  [ShippingKind.PICKUP]: "pickup",
};

/** MethodCard is one method: its terms (editable), its zones and their bands. */
function MethodCard({ method, mutations }: { method: ShippingMethod; mutations: ReturnType<typeof useShippingMutations> }) {
  const { t, i18n } = useTranslation("admin");
  const toast = useToast();
  const saveFailure = useSaveFailure();
  const [editing, setEditing] = useState(false);
  const [errors, setErrors] = useState<Record<string, ShippingError>>({});
  const onError = (err: unknown) => {
    const found = shippingErrors(err);
    setErrors(found);
    if (Object.keys(found).length === 0) saveFailure("shipping", err);
  };
  return (
    <article className="card space-y-4 p-4" aria-labelledby={`method-${method.id}`}>
      <header className="flex flex-wrap items-center gap-2">
        <h2 id={`method-${method.id}`} className="text-lg font-bold">
          {method.nameEs}
        </h2>
        <span className="rounded bg-stone-100 px-2 text-xs">{t(`shipping.kinds.${kindKeys[method.kind]}`)}</span>
        {!method.active && <span className="rounded bg-amber-100 px-2 text-xs text-amber-900">{t("shipping.inactive")}</span>}
        <span className="text-sm text-stone-600">
          {method.freeAboveCents > 0n
            ? t("shipping.freeFrom", { amount: formatPrice(method.freeAboveCents, i18n.language) })
            : method.kind === ShippingKind.PICKUP
              ? t("shipping.alwaysFree")
              : t("shipping.neverFree")}
        </span>
        <div className="ml-auto flex gap-2">
          <button type="button" className="btn btn-outline" onClick={() => setEditing((e) => !e)} aria-expanded={editing}>
            {t("shipping.edit")}
          </button>
          <button
            type="button"
            className="btn btn-ghost text-red-700"
            onClick={() => {
              if (window.confirm(t("shipping.confirmDelete", { name: method.nameEs }))) mutations.deleteMethod.mutate({ id: method.id }, { onError });
            }}
          >
            {t("shipping.delete")}
          </button>
        </div>
      </header>
      {editing && (
        <MethodForm
          method={method}
          errors={errors}
          pending={mutations.updateMethod.isPending}
          onCancel={() => setEditing(false)}
          onSave={(input) =>
            mutations.updateMethod.mutate(
              { id: method.id, method: input },
              {
                onSuccess: () => {
                  setErrors({});
                  setEditing(false);
                  toast({ title: t("toast.savedTitle"), description: t("shipping.saved") });
                },
                onError,
              },
            )
          }
        />
      )}
      {method.kind !== ShippingKind.PICKUP && (
        <div className="space-y-3">
          <h3 className="font-semibold">{t("shipping.zones")}</h3>
          {method.zones.length === 0 && <p className="text-sm text-amber-800">{t("shipping.noZones")}</p>}
          {method.zones.map((z) => (
            <ZoneEditor key={z.id} method={method} zone={z} mutations={mutations} />
          ))}
          <ZoneForm method={method} mutations={mutations} />
        </div>
      )}
    </article>
  );
}

/** DefaultWeight edits the weight counted for a product without one. */
function DefaultWeight({ grams, without, mutations }: { grams: number; without: number; mutations: ReturnType<typeof useShippingMutations> }) {
  const { t } = useTranslation("admin");
  const [value, setValue] = useState(String(grams));
  const [error, setError] = useState<ShippingError>();
  const saveFailure = useSaveFailure();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    mutations.updateSettings.mutate(
      { defaultWeightGrams: Number.parseInt(value, 10) || 0 },
      {
        onError: (err) => {
          const found = shippingErrors(err).default_weight_grams;
          if (found) setError(found);
          else saveFailure("shipping", err);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="card flex flex-wrap items-end gap-3 p-4" aria-label={t("shipping.fields.defaultWeight")}>
      <ShippingField
        className="w-48"
        label={t("shipping.fields.defaultWeight")}
        inputMode="numeric"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={error}
      />
      <button type="submit" className="btn btn-outline" disabled={mutations.updateSettings.isPending}>
        {t("shipping.save")}
      </button>
      <p className={`w-full text-sm ${without > 0 ? "text-amber-800" : "text-stone-600"}`}>{t("shipping.withoutWeight", { count: without })}</p>
    </form>
  );
}

/**
 * Shipping is /admin/shipping, "Envíos": the owner's shipping methods with
 * their zones and weight bands, a new method, and the default weight.
 */
export default function Shipping() {
  const { t } = useTranslation("admin");
  const list = useShippingMethods();
  const mutations = useShippingMutations();
  const saveFailure = useSaveFailure();
  const [adding, setAdding] = useState(false);
  const [errors, setErrors] = useState<Record<string, ShippingError>>({});
  if (list.isPending) return <Spinner label={t("loading")} className="mt-12" />;
  if (list.isError) return <p role="alert">{t("loadError")}</p>;
  const data = list.data;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{t("nav.shipping")}</h1>
        <button type="button" className="btn btn-primary ml-auto" onClick={() => setAdding(true)}>
          {t("shipping.newMethod")}
        </button>
      </div>
      <p className="text-sm text-stone-700">{t("shipping.intro")}</p>
      <DefaultWeight key={data.defaultWeightGrams} grams={data.defaultWeightGrams} without={data.productsWithoutWeight} mutations={mutations} />
      {adding && (
        <div className="card p-4">
          <MethodForm
            errors={errors}
            pending={mutations.createMethod.isPending}
            onCancel={() => setAdding(false)}
            onSave={(input) =>
              mutations.createMethod.mutate(
                { method: input },
                {
                  onSuccess: () => {
                    setErrors({});
                    setAdding(false);
                  },
                  onError: (err) => {
                    const found = shippingErrors(err);
                    setErrors(found);
                    if (Object.keys(found).length === 0) saveFailure("shipping", err);
                  },
                },
              )
            }
          />
        </div>
      )}
      {data.methods.map((m) => (
        <MethodCard key={m.id} method={m} mutations={mutations} />
      ))}
    </div>
  );
}
