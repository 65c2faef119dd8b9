import { timestampDate } from "@bufbuild/protobuf/wkt";
import { useTranslation } from "react-i18next";
import { formatDate } from "@/lib/format-date";
import type { OrderEvent } from "@gen/sabores/v1/order_service_pb";

/**
 * OrderTimeline is an order's history, oldest first: each step's state in
 * words, who took it and when, and its note (a cancellation's reason). The
 * shopper's pages and the back office each keep the words in their own
 * namespace, under "timeline".
 */
export function OrderTimeline({ events, ns, showActor = false }: { events: OrderEvent[]; ns: "account" | "admin"; showActor?: boolean }) {
  const { t, i18n } = useTranslation(ns, { keyPrefix: "timeline" });
  return (
    <ol className="relative space-y-4 border-l-2 border-stone-200 pl-5">
      {events.map((e, i) => (
        <li key={i} className="relative">
          <span aria-hidden="true" className="absolute -left-[1.72rem] top-1.5 h-3 w-3 rounded-full border-2 border-white bg-brand-600" />
          <p className="font-semibold">{t(`${e.machine}.${e.toState}`, { defaultValue: e.toState })}</p>
          <p className="text-sm text-stone-700">
            {e.createTime && (
              <time dateTime={timestampDate(e.createTime).toISOString()}>
                {formatDate(timestampDate(e.createTime), i18n.language, { dateStyle: "medium", timeStyle: "short" })}
              </time>
            )}
            {showActor && ` · ${t(`actor.${e.actor}`, { defaultValue: e.actor })}`}
          </p>
          {e.note && <p className="mt-0.5 text-sm text-stone-800">{e.note}</p>}
        </li>
      ))}
    </ol>
  );
}
