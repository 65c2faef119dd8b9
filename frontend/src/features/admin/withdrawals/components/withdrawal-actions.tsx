import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Price } from "@/components/ui/price";
import { formatPrice } from "@/lib/format-price";
import { errorInfos } from "@/lib/connect-errors";
import { AdminDialog } from "@/features/admin/shared/components/admin-dialog";
import { PaymentMethod } from "@gen/sabores/v1/types_pb";
import { type Withdrawal, WithdrawalStatus } from "@gen/sabores/v1/withdrawal_pb";
import { useReceiveWithdrawal, useRefundWithdrawal } from "@/features/admin/withdrawals/api/withdrawals";

/**
 * WithdrawalActions are the next step of one withdrawal: goods received
 * (opened sealed lines rejected), or the refund. Neither happens in one
 * click: each opens a dialog saying what will happen (the lines back in
 * stock, the amount, to whom and how) and acts only when confirmed there,
 * as a card refund does on the order's page.
 */
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

/** refundMethod is how a withdrawal's money goes back: Redsys for card and Bizum payments, else a bank transfer. */
function refundMethod(method: PaymentMethod): "card" | "bizum" | "bank" {
  if (method === PaymentMethod.CARD) return "card";
  if (method === PaymentMethod.BIZUM) return "bizum";
  return "bank";
}

function ReceiveForm({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t, i18n } = useTranslation("admin");
  const receive = useReceiveWithdrawal();
  const [opened, setOpened] = useState<Record<number, string>>({});
  const [confirming, setConfirming] = useState(false);
  const sealed = withdrawal.lines.filter((l) => l.sealedHygiene);
  const error = useErrorText(receive.error, receive.isError);
  const reasonOf = (lineNo: number) => (opened[lineNo] ?? "").trim();
  const accepted = withdrawal.lines.filter((l) => reasonOf(l.lineNo) === "");
  const rejected = withdrawal.lines.filter((l) => reasonOf(l.lineNo) !== "");
  const amount = accepted.reduce((sum, l) => sum + l.unitPriceCents * BigInt(l.quantity), 0n);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    receive.reset();
    setConfirming(true);
  };
  const confirm = () =>
    receive.mutate(
      { id: withdrawal.id, rejected: rejected.map((l) => ({ lineNo: l.lineNo, reason: reasonOf(l.lineNo) })) },
      { onSuccess: () => setConfirming(false) },
    );
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
      <button type="submit" className="btn btn-primary">
        {t("withdrawals.receive")}
      </button>
      <AdminDialog
        open={confirming}
        onOpenChange={setConfirming}
        role="alertdialog"
        title={t("withdrawals.receiveTitle", { id: withdrawal.id })}
        description={t("withdrawals.receiveConfirm.what", { shopper: withdrawal.customerName })}
      >
        <div className="mt-3 grid gap-3 text-sm">
          {accepted.length > 0 && (
            <div>
              <h3 className="font-semibold">{t("withdrawals.receiveConfirm.accepted")}</h3>
              <ul className="list-disc pl-5">
                {accepted.map((l) => (
                  <li key={l.lineNo}>
                    {l.quantity} × {l.name}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {rejected.length > 0 && (
            <div>
              <h3 className="font-semibold">{t("withdrawals.receiveConfirm.rejected")}</h3>
              <ul className="list-disc pl-5">
                {rejected.map((l) => (
                  <li key={l.lineNo}>
                    {l.quantity} × {l.name}: {reasonOf(l.lineNo)}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <p className="rounded bg-amber-50 p-2 font-semibold text-amber-900">
            {t("withdrawals.receiveConfirm.amount", { amount: formatPrice(amount, i18n.language) })}
          </p>
          {error && (
            <p role="alert" className="text-red-700">
              {error}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn btn-outline" onClick={() => setConfirming(false)}>
              {t("withdrawals.back")}
            </button>
            <button type="button" className="btn btn-primary" onClick={confirm} disabled={receive.isPending}>
              {t("withdrawals.receiveConfirm.button")}
            </button>
          </div>
        </div>
      </AdminDialog>
    </form>
  );
}

function RefundForm({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t, i18n } = useTranslation("admin");
  const refund = useRefundWithdrawal();
  const [reference, setReference] = useState("");
  const [confirming, setConfirming] = useState(false);
  const method = refundMethod(withdrawal.paymentMethod);
  const error = useErrorText(refund.error, refund.isError);
  const words = {
    amount: formatPrice(withdrawal.refundCents, i18n.language),
    shopper: withdrawal.customerName,
    reference: reference.trim(),
  };
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    refund.reset();
    setConfirming(true);
  };
  const confirm = () =>
    refund.mutate(
      { id: withdrawal.id, bankReference: method === "bank" ? reference.trim() : "" },
      { onSuccess: () => setConfirming(false) },
    );
  return (
    <form className="grid gap-2" onSubmit={onSubmit} aria-label={t("withdrawals.refundTitle", { id: withdrawal.id })}>
      {method === "bank" ? (
        <label className="grid gap-1 text-sm">
          {t("withdrawals.bankReference")}
          <input className="rounded border px-2 py-1" required maxLength={100} value={reference} onChange={(e) => setReference(e.target.value)} />
        </label>
      ) : (
        <p className="text-sm">{t("withdrawals.refundByCard")}</p>
      )}
      <p className="text-sm">
        {t("withdrawals.amount")}: <Price cents={withdrawal.refundCents} amount />
      </p>
      <button type="submit" className="btn btn-primary">
        {t("withdrawals.refund")}
      </button>
      <AdminDialog
        open={confirming}
        onOpenChange={setConfirming}
        role="alertdialog"
        title={t("withdrawals.refundTitle", { id: withdrawal.id })}
        description={t("withdrawals.refundConfirm.what")}
      >
        <div className="mt-3 grid gap-3 text-sm">
          <p className="rounded bg-amber-50 p-2 font-semibold text-amber-900">{t(`withdrawals.refundConfirm.${method}`, words)}</p>
          {error && (
            <p role="alert" className="text-red-700">
              {error}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn btn-outline" onClick={() => setConfirming(false)}>
              {t("withdrawals.back")}
            </button>
            <button type="button" className="btn btn-primary" onClick={confirm} disabled={refund.isPending}>
              {t("withdrawals.refundConfirm.button", words)}
            </button>
          </div>
        </div>
      </AdminDialog>
    </form>
  );
}
