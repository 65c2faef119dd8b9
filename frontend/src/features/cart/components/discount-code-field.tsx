import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatPrice } from "@/lib/format-price";
import type { ValidateCartResponse } from "@gen/sabores/v1/cart_service_pb";
import { discountRefusalKey } from "@/features/cart/discount-code";

/**
 * DiscountCodeField lets the shopper type a discount code and says, from
 * the server's pricing, what it takes off or, clearly, why it takes
 * nothing; the refusal is announced to screen readers.
 */
export function DiscountCodeField({
  code,
  onCode,
  priced,
}: {
  code: string;
  onCode: (code: string) => void;
  priced?: ValidateCartResponse;
}) {
  const { t, i18n } = useTranslation("cart");
  const [typed, setTyped] = useState(code);
  const inputId = useId();
  const messageId = useId();
  const answer = code && priced?.discount?.code === code ? priced.discount : undefined;
  const refusal = answer?.refusal
    ? t(discountRefusalKey(answer.refusal), { minimum: formatPrice(answer.minimumCents, i18n.language) })
    : "";
  return (
    <div className="space-y-2 border-t border-stone-200 pt-3">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          onCode(typed);
        }}
      >
        <label htmlFor={inputId} className="w-full text-sm font-medium">
          {t("discount.label")}
        </label>
        <input
          id={inputId}
          className="input min-w-0 flex-1 uppercase"
          value={typed}
          maxLength={40}
          autoComplete="off"
          aria-invalid={refusal ? true : undefined}
          aria-describedby={messageId}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="btn btn-outline" disabled={!typed.trim()}>
          {t("discount.apply")}
        </button>
      </form>
      <div id={messageId} role="status" aria-live="polite" className="text-sm">
        {refusal && <p className="font-medium text-red-700">{refusal}</p>}
        {answer && !answer.refusal && (
          <p className="flex items-center justify-between gap-2 text-green-800">
            <span>{t("discount.applied", { code: answer.code })}</span>
            <button
              type="button"
              className="underline"
              onClick={() => {
                setTyped("");
                onCode("");
              }}
            >
              {t("discount.remove")}
            </button>
          </p>
        )}
      </div>
    </div>
  );
}
