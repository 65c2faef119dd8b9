import { useTranslation } from "react-i18next";
import { useNow } from "@/hooks/use-now";
import { remaining } from "@/lib/countdown";

function pad(n: number) {
  return String(n).padStart(2, "0");
}

/** Countdown shows the time left until endMs, or 'EXPIRADA' once it has passed. */
export function Countdown({ endMs, compact = false }: { endMs: number; compact?: boolean }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const r = remaining(endMs, now);
  if (r.expired) {
    return (
      <p className="rounded bg-stone-200 px-2 py-1 text-center text-xs font-bold text-stone-700">
        {t("promo.expired")} · {t("promo.expiredOffer")}
      </p>
    );
  }
  const parts = [
    { v: r.days, l: t("time.days") },
    { v: r.hours, l: t("time.hours") },
    { v: r.minutes, l: t("time.minutes") },
    { v: r.seconds, l: t("time.seconds") },
  ];
  if (compact) {
    return (
      <p className="text-xs font-medium text-red-700">
        {t("promo.endsIn")}{" "}
        <time className="tabular-nums">
          {r.days}
          {t("time.d")} {pad(r.hours)}:{pad(r.minutes)}:{pad(r.seconds)}
        </time>
      </p>
    );
  }
  return (
    <div className="flex justify-center gap-3" role="timer" aria-live="off">
      {parts.map((p) => (
        <div key={p.l} className="min-w-16 rounded-lg bg-white/15 px-3 py-2 text-center">
          <div className="text-2xl font-bold tabular-nums md:text-3xl">{pad(p.v)}</div>
          <div className="text-xs uppercase">{p.l}</div>
        </div>
      ))}
    </div>
  );
}
