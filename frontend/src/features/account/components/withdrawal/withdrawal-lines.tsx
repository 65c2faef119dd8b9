import { useTranslation } from "react-i18next";
import { Price } from "@/components/ui/price";
import { type WithdrawableLine, WithdrawalExemption } from "@gen/sabores/v1/withdrawal_service_pb";

/** Picked is the units picked per order line number. */
export type Picked = Record<number, number>;

/** WithdrawalLines lets the shopper pick lines and units; exempt lines say why they cannot be picked. */
export function WithdrawalLines({
  lines,
  picked,
  onChange,
  wholeOrder,
}: {
  lines: WithdrawableLine[];
  picked: Picked;
  onChange: (p: Picked) => void;
  wholeOrder: boolean;
}) {
  const { t } = useTranslation("account");
  return (
    <ul className="divide-y divide-stone-200">
      {lines.map((l) => {
        const id = `withdraw-line-${l.lineNo}`;
        const units = picked[l.lineNo] ?? 0;
        const exempt = l.exemption === WithdrawalExemption.PERISHABLE;
        return (
          <li key={l.lineNo} className="grid gap-1 py-3">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              {wholeOrder ? (
                <span className="font-medium">
                  {l.quantity} × {l.name}
                </span>
              ) : (
                <label htmlFor={id} className="flex items-center gap-2 font-medium">
                  <input
                    id={id}
                    type="checkbox"
                    className="h-5 w-5"
                    disabled={exempt || l.available === 0}
                    checked={units > 0}
                    onChange={(e) => onChange({ ...picked, [l.lineNo]: e.target.checked ? l.available : 0 })}
                  />
                  {l.name}
                </label>
              )}
              <Price cents={l.unitPriceCents} className="ml-auto text-sm text-stone-700" />
            </div>
            {exempt && <p className="text-sm text-stone-700">{t("withdrawal.exemptPerishable")}</p>}
            {!exempt && l.sealedHygiene && <p className="text-sm text-amber-800">{t("withdrawal.sealedNote")}</p>}
            {!wholeOrder && l.withdrawn > 0 && (
              <p className="text-sm text-stone-700">{t("withdrawal.alreadyWithdrawn", { count: l.withdrawn })}</p>
            )}
            {!wholeOrder && units > 0 && (
              <label className="flex items-center gap-2 text-sm">
                {t("withdrawal.units", { max: l.available })}
                <select
                  value={units}
                  className="rounded border px-2 py-1"
                  onChange={(e) => onChange({ ...picked, [l.lineNo]: Number(e.target.value) })}
                >
                  {Array.from({ length: l.available }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </li>
        );
      })}
    </ul>
  );
}
