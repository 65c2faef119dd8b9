import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { errorInfos } from "@/lib/connect-errors";
import { PaymentMethod } from "@gen/sabores/v1/types_pb";
import { type Withdrawal, WithdrawalStatus } from "@gen/sabores/v1/withdrawal_pb";
import { useReceiveWithdrawal, useRefundWithdrawal } from "@/features/admin/withdrawals/api/withdrawals";

/** WithdrawalActions are the next step of one withdrawal: goods received (opened sealed lines rejected), or the refund. */
export function WithdrawalActions({ withdrawal }: { withdrawal: Withdrawal }) {
  if (withdrawal.status === WithdrawalStatus.REQUESTED) return <ReceiveForm withdrawal={withdrawal} />;
  if (withdrawal.status === WithdrawalStatus.RECEIVED) return <RefundForm withdrawal={withdrawal} />;
  return null;
}

function useErrorText(error: unknown, isError: boolean) {
  const { t } = useTranslation("admin");
  if (!isError) return "";
  const reason = errorInfos(error)[0]?.reason;
  return reason ? t(`withdrawals.reason.${reason}`, { defaultValue: t("withdrawals.error") }) : t("withdrawals.error");
}

function ReceiveForm({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation("admin");
  const receive = useReceiveWithdrawal();
  const [opened, setOpened] = useState<Record<number, string>>({});
  const sealed = withdrawal.lines.filter((l) => l.sealedHygiene);
  const error = useErrorText(receive.error, receive.isError);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const rejected = Object.entries(opened)
      .filter(([, reason]) => reason.trim() !== "")
      .map(([lineNo, reason]) => ({ lineNo: Number(lineNo), reason }));
    receive.mutate({ id: withdrawal.id, rejected });
  };
  return (
    <form className="grid gap-2" onSubmit={onSubmit} aria-label={t("withdrawals.receiveTitle", { id: withdrawal.id })}>
      {sealed.map((l) => (
        <label key={l.lineNo} className="grid gap-1 text-sm">
          {t("withdrawals.openedReason", { name: l.name })}
          <input
            className="rounded border px-2 py-1"
            maxLength={500}
            value={opened[l.lineNo] ?? ""}
            onChange={(e) => setOpened({ ...opened, [l.lineNo]: e.target.value })}
          />
        </label>
      ))}
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
      <button type="submit" className="btn btn-primary" disabled={receive.isPending}>
        {t("withdrawals.receive")}
      </button>
    </form>
  );
}

function RefundForm({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation("admin");
  const refund = useRefundWithdrawal();
  const [reference, setReference] = useState("");
  const byCard = withdrawal.paymentMethod === PaymentMethod.CARD;
  const error = useErrorText(refund.error, refund.isError);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    refund.mutate({ id: withdrawal.id, bankReference: byCard ? "" : reference });
  };
  return (
    <form className="grid gap-2" onSubmit={onSubmit} aria-label={t("withdrawals.refundTitle", { id: withdrawal.id })}>
      {byCard ? (
        <p className="text-sm">{t("withdrawals.refundByCard")}</p>
      ) : (
        <label className="grid gap-1 text-sm">
          {t("withdrawals.bankReference")}
          <input className="rounded border px-2 py-1" required maxLength={100} value={reference} onChange={(e) => setReference(e.target.value)} />
        </label>
      )}
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
      <button type="submit" className="btn btn-primary" disabled={refund.isPending}>
        {t("withdrawals.refund")}
      </button>
    </form>
  );
}
