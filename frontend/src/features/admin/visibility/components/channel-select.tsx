import { useId } from "react";
import { useTranslation } from "react-i18next";
import { SalesChannel } from "@gen/sabores/v1/types_pb";

const options = [
  { value: SalesChannel.ONLINE, key: "online" },
  { value: SalesChannel.PHYSICAL, key: "physical" },
  { value: SalesChannel.BOTH, key: "both" },
  { value: SalesChannel.NONE, key: "none" },
] as const;

/** ChannelSelect picks where a product is sold in a country, or 'Remover deste país'. */
export function ChannelSelect({
  value,
  productName,
  disabled,
  onChange,
}: {
  value: SalesChannel;
  productName: string;
  disabled?: boolean;
  onChange: (channel: SalesChannel) => void;
}) {
  const { t } = useTranslation("admin");
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-stone-600">
        {t("channel.label")}
        <span className="sr-only"> {productName}</span>
      </label>
      <select
        id={id}
        className="input py-1.5 text-sm"
        value={value === SalesChannel.UNSPECIFIED ? "" : value}
        disabled={disabled}
        onChange={(e) => onChange(Number(e.target.value) as SalesChannel)}
      >
        {value === SalesChannel.UNSPECIFIED && <option value="">{t("channel.unset")}</option>}
        {options.map((o) => (
          <option key={o.key} value={o.value}>
            {t(`channel.${o.key}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
