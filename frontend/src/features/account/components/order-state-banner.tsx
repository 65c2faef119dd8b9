import { useTranslation } from "react-i18next";
import type { OrderState } from "@/features/account/lib/order-state";
import { formatShopTime } from "@/lib/format-date";

const tones: Record<string, string> = {
  awaitingPayment: "bg-amber-50 text-amber-900",
  cancelled: "bg-stone-100 text-stone-900",
  refundPending: "bg-amber-50 text-amber-900",
};

/**
 * OrderStateBanner is the one message at the top of an order's page about
 * where it stands (orderState): a title and what it means for the shopper;
 * an unpaid order's deadline in Madrid time, labelled, as the e-mails give it.
 */
export function OrderStateBanner({ state }: { state: OrderState }) {
  const { t, i18n } = useTranslation("account", { keyPrefix: "state" });
  const deadline = state.deadline && formatShopTime(state.deadline, i18n.language);
  return (
    <section aria-labelledby="order-state" className={`rounded-lg p-4 ${tones[state.key] ?? "bg-green-50 text-green-900"}`}>
      <h2 id="order-state" className="text-lg font-bold">
        {t(`${state.key}.title`)}
      </h2>
      <p className="mt-1 text-sm">{deadline ? t("awaitingPayment.deadline", { time: deadline }) : t(`${state.key}.text`)}</p>
    </section>
  );
}
