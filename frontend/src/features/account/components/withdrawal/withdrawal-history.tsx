import { timestampDate } from "@bufbuild/protobuf/wkt";
import { useTranslation } from "react-i18next";
import { Price } from "@/components/ui/price";
import { formatDate } from "@/lib/format-date";
import { type Withdrawal, WithdrawalLineStatus } from "@gen/sabores/v1/withdrawal_pb";
import type { Timestamp } from "@bufbuild/protobuf/wkt";

/** useMoment formats a timestamp with date and time (to the second: the acknowledgement's "time received"). */
export function useMoment() {
  const { i18n } = useTranslation();
  return (ts: Timestamp | undefined, withTime = true) =>
    ts
      ? formatDate(
          timestampDate(ts),
          i18n.language,
          withTime ? { dateStyle: "long", timeStyle: "medium", timeZone: "Europe/Madrid" } : { dateStyle: "long", timeZone: "Europe/Madrid" },
        )
      : "";
}

/** WithdrawalSummary is one withdrawal: when it was received, its lines and where it stands. */
export function WithdrawalSummary({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation("account");
  const moment = useMoment();
  return (
    <div className="rounded-lg border border-stone-200 p-3 text-sm">
      <p className="font-medium">
        {t("withdrawal.number", { id: withdrawal.id })} · {t(`withdrawal.status.${withdrawal.status}`)}
      </p>
      <p>
        {t("withdrawal.receivedAt")}: <strong>{moment(withdrawal.requestTime)}</strong>
      </p>
      <ul className="mt-1 list-disc pl-5">
        {withdrawal.lines.map((l) => (
          <li key={l.lineNo}>
            {l.quantity} × {l.name}
            {l.status === WithdrawalLineStatus.REJECTED && ` — ${t("withdrawal.rejected")}: ${l.rejectReason}`}
          </li>
        ))}
      </ul>
      <p className="mt-1">
        {t("withdrawal.refund")}: <Price cents={withdrawal.refundCents} amount />
        {withdrawal.refundTime
          ? ` · ${t("withdrawal.refundedOn", { date: moment(withdrawal.refundTime, false) })}`
          : ` · ${t("withdrawal.refundBy", { date: moment(withdrawal.refundDeadline, false) })}`}
      </p>
    </div>
  );
}
