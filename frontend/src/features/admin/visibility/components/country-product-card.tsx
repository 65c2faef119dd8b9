import { useTranslation } from "react-i18next";
import { formatDecimal } from "@/lib/format-number";
import { formatPrice } from "@/lib/format-price";
import { useCategoryNames } from "@/features/admin/visibility/api/category-names";
import { ChannelSelect } from "@/features/admin/visibility/components/channel-select";
import { OnlineCategoryBadges } from "@/features/admin/visibility/components/online-category-badges";
import type { CountryProduct } from "@gen/sabores/v1/admin_visibility_service_pb";
import type { SalesChannel } from "@gen/sabores/v1/types_pb";

/** CountryProductCard is one product of the country products screen. */
export function CountryProductCard({
  item,
  onChannel,
  onEdit,
}: {
  item: CountryProduct;
  onChannel: (channel: SalesChannel) => void;
  onEdit: () => void;
}) {
  const { t, i18n } = useTranslation("admin");
  const categoryNames = useCategoryNames();
  const p = item.product;
  if (!p) return null;
  return (
    <li className="card flex flex-col overflow-hidden">
      <div className="relative h-40 bg-stone-100 sm:h-auto sm:aspect-[4/3]">
        {p.imageUrl ? (
          <img src={p.imageUrl} alt="" loading="lazy" className="h-full w-full object-contain p-2" />
        ) : (
          <div aria-hidden="true" className="flex h-full items-center justify-center text-4xl text-stone-400">
            📦
          </div>
        )}
        <span
          className={`absolute right-2 top-2 rounded-full px-2 py-0.5 text-xs font-semibold ${
            item.visible ? "bg-green-100 text-green-800" : "bg-stone-200 text-stone-700"
          }`}
        >
          {item.visible ? t("product.visible") : t("product.hidden")}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h3 className="font-semibold leading-tight">{p.name}</h3>
        <p className="text-xs text-stone-600">{categoryNames.get(p.category) ?? p.category}</p>
        <OnlineCategoryBadges values={p.onlineCategories} />
        <dl className="grid grid-cols-2 gap-x-2 text-xs text-stone-700">
          <dt>{t("product.code")}</dt>
          <dd className="text-right font-mono">{p.code}</dd>
          <dt>{t("product.sku")}</dt>
          <dd className="text-right font-mono">{p.sku}</dd>
          <dt>{t("product.price")}</dt>
          <dd className="text-right font-semibold text-stone-900">
            {formatPrice(p.priceCents, i18n.language)}
          </dd>
          <dt>{t("product.vat")}</dt>
          <dd className="text-right">{formatDecimal(p.vatBasisPoints / 100, i18n.language, 2)} %</dd>
        </dl>
        <div className="mt-auto space-y-2 pt-2">
          <ChannelSelect value={item.channel} productName={p.name} onChange={onChannel} />
          <button
            type="button"
            className="btn btn-outline w-full"
            aria-label={`${t("edit.open")}: ${p.name}`}
            onClick={onEdit}
          >
            {t("edit.open")}
          </button>
        </div>
      </div>
    </li>
  );
}
