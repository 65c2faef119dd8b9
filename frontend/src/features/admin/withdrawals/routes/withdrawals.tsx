import { timestampDate, type Timestamp } from "@bufbuild/protobuf/wkt";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { Pagination } from "@/components/ui/pagination";
import { Price } from "@/components/ui/price";
import { Spinner } from "@/components/ui/spinner";
import { useWithdrawals } from "@/features/admin/withdrawals/api/withdrawals";
import { WithdrawalActions } from "@/features/admin/withdrawals/components/withdrawal-actions";
import { formatDate } from "@/lib/format-date";
import { pageCount, readPage, withPage } from "@/lib/paging";
import { type Withdrawal, WithdrawalLineStatus, WithdrawalStatus } from "@gen/sabores/v1/withdrawal_pb";

const pageSize = 20;
const filters = [
  WithdrawalStatus.UNSPECIFIED,
  WithdrawalStatus.REQUESTED,
  WithdrawalStatus.RECEIVED,
  WithdrawalStatus.REFUNDED,
  WithdrawalStatus.REJECTED,
  WithdrawalStatus.CANCELLED,
];

/** Withdrawals is /admin/withdrawals: every withdrawal with its refund deadline and next step. */
export default function Withdrawals() {
  const { t } = useTranslation("admin");
  const [sp, setSp] = useSearchParams();
  const page = readPage(sp);
  const status = Number(sp.get("status") ?? 0) as WithdrawalStatus;
  const list = useWithdrawals(page, pageSize, status);
  return (
    <div className="space-y-4">
      <BackLink to="/admin">{t("backToAdmin")}</BackLink>
      <h1 className="text-2xl font-bold">{t("nav.withdrawals")}</h1>
      <p className="text-sm text-stone-700">{t("withdrawals.hint")}</p>
      <label className="flex items-center gap-2">
        {t("withdrawals.filter")}
        <select
          className="rounded border px-2 py-1"
          value={status}
          onChange={(e) => {
            const next = new URLSearchParams(sp);
            next.set("status", e.target.value);
            next.delete("page");
            setSp(next);
          }}
        >
          {filters.map((f) => (
            <option key={f} value={f}>
              {t(`withdrawals.status.${f}`)}
            </option>
          ))}
        </select>
      </label>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <ErrorBox>{t("loadError")}</ErrorBox>
      ) : list.data.withdrawals.length === 0 ? (
        <p>{t("withdrawals.empty")}</p>
      ) : (
        <ul className="space-y-3">
          {list.data.withdrawals.map((w) => (
            <WithdrawalCard key={String(w.id)} withdrawal={w} />
          ))}
        </ul>
      )}
      <Pagination page={page} totalPages={pageCount(list.data?.totalSize ?? 0, pageSize)} onPage={(p) => setSp(withPage(sp, p))} />
    </div>
  );
}

function WithdrawalCard({ withdrawal: w }: { withdrawal: Withdrawal }) {
  const { t, i18n } = useTranslation("admin");
  const date = (ts: Timestamp | undefined, style: "long" | "short" = "short") =>
    ts ? formatDate(timestampDate(ts), i18n.language, { dateStyle: style, timeStyle: style === "short" ? "short" : undefined, timeZone: "Europe/Madrid" }) : "";
  const open = w.status === WithdrawalStatus.REQUESTED || w.status === WithdrawalStatus.RECEIVED;
  return (
    <li className="card grid gap-2 p-4 sm:grid-cols-[1fr_16rem]">
      <div className="space-y-1 text-sm">
        <p className="text-base font-semibold">
          {t("withdrawals.title", { id: w.id, order: w.orderId })} · {t(`withdrawals.status.${w.status}`)}
        </p>
        <p>
          {w.customerName} · {w.customerEmail} · {t(`withdrawals.channel.${w.channel}`, { defaultValue: w.channel })}
        </p>
        <p>
          {t("withdrawals.requested")}: {date(w.requestTime)}
          {w.receiveTime && ` · ${t("withdrawals.received")}: ${date(w.receiveTime)}`}
        </p>
        {open && (
          <p className="font-medium text-amber-800">
            {t("withdrawals.deadline")}: {date(w.refundDeadline, "long")}
          </p>
        )}
        <ul className="list-disc pl-5">
          {w.lines.map((l) => (
            <li key={l.lineNo}>
              {l.quantity} × {l.name}
              {l.sealedHygiene && ` (${t("withdrawals.sealed")})`}
              {l.status === WithdrawalLineStatus.REJECTED && ` — ${t("withdrawals.rejected")}: ${l.rejectReason}`}
            </li>
          ))}
        </ul>
        <p>
          {t("withdrawals.amount")}: <Price cents={w.refundCents} amount />
          {w.refundReference && ` · ${t("withdrawals.reference")}: ${w.refundReference}`}
        </p>
        {w.refundTime && (
          <p className="font-semibold text-green-800">{t("withdrawals.refundedOn", { date: date(w.refundTime, "long") })}</p>
        )}
      </div>
      <WithdrawalActions withdrawal={w} />
    </li>
  );
}
