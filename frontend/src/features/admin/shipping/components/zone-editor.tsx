import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ShippingBand, ShippingMethod, ShippingZone } from "@gen/sabores/v1/admin_shipping_service_pb";
import { formatPrice } from "@/lib/format-price";
import { parsePriceCents, priceInputText } from "@/features/admin/shared/lib/decimal-input";
import { useSaveFailure } from "@/features/admin/shared/hooks/use-save-failure";
import { useShippingMutations } from "@/features/admin/shipping/api/shipping";
import { ShippingField } from "@/features/admin/shipping/components/field";
import { shippingErrors, type ShippingError } from "@/features/admin/shipping/lib/errors";
import { emptyIfSent } from "@/lib/empty-if-sent";

type Mutations = ReturnType<typeof useShippingMutations>;

/** prefixesOf reads the prefixes as typed: separated by commas, spaces or semicolons. */
function prefixesOf(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

/**
 * useRefusals keeps a form's field errors from the server's refusals,
 * reporting anything else (a lost session, a fault) as the desk's failure.
 */
function useRefusals() {
  const [errors, setErrors] = useState<Record<string, ShippingError>>({});
  const saveFailure = useSaveFailure();
  const onError = (err: unknown) => {
    const found = shippingErrors(err);
    setErrors(found);
    if (Object.keys(found).length === 0) saveFailure("shipping", err);
  };
  return { errors, onError, clear: () => setErrors({}) };
}

/** ZoneForm edits a zone's name and prefixes, or adds a new zone to method. */
export function ZoneForm({ method, zone, mutations, onDone }: { method: ShippingMethod; zone?: ShippingZone; mutations: Mutations; onDone?: () => void }) {
  const { t } = useTranslation("admin");
  const [name, setName] = useState(zone?.name ?? "");
  const [prefixes, setPrefixes] = useState(zone?.postalPrefixes.join(", ") ?? "");
  const { errors, onError, clear } = useRefusals();
  const pending = mutations.createZone.isPending || mutations.updateZone.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    clear();
    const input = { name, postalPrefixes: prefixesOf(prefixes) };
    const done = {
      onSuccess: () => {
        if (!zone) {
          setName(emptyIfSent(name));
          setPrefixes(emptyIfSent(prefixes));
        }
        onDone?.();
      },
      onError,
    };
    if (zone) mutations.updateZone.mutate({ id: zone.id, zone: input }, done);
    else mutations.createZone.mutate({ methodId: method.id, zone: input }, done);
  };
  return (
    <form onSubmit={submit} className="grid gap-2 sm:grid-cols-[12rem_1fr_auto] sm:items-start" aria-label={zone ? t("shipping.editZone", { name: zone.name }) : t("shipping.newZone")}>
      <ShippingField label={t("shipping.fields.zoneName")} value={name} onChange={(e) => setName(e.target.value)} error={errors.name} required />
      <ShippingField
        label={t("shipping.fields.prefixes")}
        value={prefixes}
        inputMode="numeric"
        onChange={(e) => setPrefixes(e.target.value)}
        error={errors.postal_prefixes}
        hint={t("shipping.hints.prefixes")}
      />
      <button type="submit" className="btn btn-outline sm:mt-6" disabled={pending}>
        {zone ? t("shipping.save") : t("shipping.addZone")}
      </button>
    </form>
  );
}

/** BandForm edits one band (upper weight and price), or adds a band to zone. */
function BandForm({ zone, band, mutations }: { zone: ShippingZone; band?: ShippingBand; mutations: Mutations }) {
  const { t, i18n } = useTranslation("admin");
  const [upTo, setUpTo] = useState(band ? String(band.upToGrams) : "");
  const [price, setPrice] = useState(band ? priceInputText(Number(band.priceCents), ",") : "");
  const { errors, onError, clear } = useRefusals();
  const [local, setLocal] = useState<Record<string, ShippingError>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    clear();
    // A price as typed: "4,95", or "-1" (which the server refuses, saying why).
    const negative = price.trim().startsWith("-");
    const cents = parsePriceCents(price.replace(/^\s*-/, ""));
    const grams = Number.parseInt(upTo, 10);
    if (cents === null) {
      setLocal({ price_cents: { key: "shipping.errors.euros", values: {} } });
      return;
    }
    setLocal({});
    const input = { upToGrams: Number.isNaN(grams) ? 0 : grams, priceCents: BigInt(negative ? -cents : cents) };
    const done = {
      onSuccess: () => {
        if (!band) {
          setUpTo(emptyIfSent(upTo));
          setPrice(emptyIfSent(price));
        }
      },
      onError,
    };
    if (band) mutations.updateBand.mutate({ id: band.id, band: input }, done);
    else mutations.createBand.mutate({ zoneId: zone.id, band: input }, done);
  };
  const shown = { ...errors, ...local };
  const label = band
    ? t("shipping.bandLabel", { grams: band.upToGrams, price: formatPrice(band.priceCents, i18n.language) })
    : t("shipping.newBand");
  return (
    <form onSubmit={submit} className="grid grid-cols-2 gap-2 sm:grid-cols-[9rem_9rem_auto_auto] sm:items-start" aria-label={label}>
      <ShippingField label={t("shipping.fields.upTo")} inputMode="numeric" value={upTo} onChange={(e) => setUpTo(e.target.value)} error={shown.up_to_grams} />
      <ShippingField label={t("shipping.fields.price")} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} error={shown.price_cents} />
      <button type="submit" className="btn btn-outline sm:mt-6">
        {band ? t("shipping.save") : t("shipping.addBand")}
      </button>
      {band && (
        <button
          type="button"
          className="btn btn-ghost text-red-700 sm:mt-6"
          onClick={() => mutations.deleteBand.mutate({ id: band.id }, { onError })}
        >
          {t("shipping.delete")}
        </button>
      )}
    </form>
  );
}

/** ZoneEditor is one zone of a method: its name and prefixes, and its weight bands. */
export function ZoneEditor({ method, zone, mutations }: { method: ShippingMethod; zone: ShippingZone; mutations: Mutations }) {
  const { t } = useTranslation("admin");
  const { onError } = useRefusals();
  return (
    <section className="space-y-3 rounded border border-stone-200 p-3" aria-label={zone.name}>
      <div className="flex flex-wrap items-start gap-2">
        <div className="flex-1">
          <ZoneForm method={method} zone={zone} mutations={mutations} />
        </div>
        <button
          type="button"
          className="btn btn-ghost text-red-700"
          onClick={() => {
            if (window.confirm(t("shipping.confirmDeleteZone", { name: zone.name }))) mutations.deleteZone.mutate({ id: zone.id }, { onError });
          }}
        >
          {t("shipping.deleteZone")}
        </button>
      </div>
      <div className="space-y-2">
        <h4 className="text-sm font-semibold">{t("shipping.bands")}</h4>
        {zone.bands.length === 0 && <p className="text-sm text-amber-800">{t("shipping.noBands")}</p>}
        {zone.bands.map((b) => (
          <BandForm key={`${b.id}-${b.upToGrams}-${b.priceCents}`} zone={zone} band={b} mutations={mutations} />
        ))}
        <BandForm zone={zone} mutations={mutations} />
      </div>
    </section>
  );
}
