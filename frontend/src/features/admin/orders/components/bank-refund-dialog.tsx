import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { AdminDialog } from "@/features/admin/shared/components/admin-dialog";
import { useRecordBankRefund } from "@/features/admin/orders/api/orders";
import { parsePriceCents } from "@/features/admin/shared/lib/decimal-input";
import { errorInfos } from "@/lib/connect-errors";

// madridDay is today's date in the shop's time zone, as YYYY-MM-DD.
function madridDay(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date());
}

// amountText writes cents as the dialog's editable amount ("13,50"), with Intl.
function amountText(cents: bigint, language: string): string {
  return new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(
    Number(cents) / 100,
  );
}

/**
 * BankRefundDialog records the bank transfer that gave back a cancelled
 * order's transfer payment: the amount (what was paid, unless less went
 * back), the bank's reference and the day, not after today. It is offered
 * while allowed; its confirmation stays once the order no longer is.
 */
export function BankRefundDialog({ orderId, totalCents, allowed }: { orderId: bigint; totalCents: bigint; allowed: boolean }) {
  const { t, i18n } = useTranslation("admin", { keyPrefix: "refunds" });
  const record = useRecordBankRefund();
  const [open, setOpen] = useState(false);
  const [badAmount, setBadAmount] = useState(false);
  const today = madridDay();
  const reason = errorInfos(record.error)[0]?.reason;
  const field = "grid gap-1 text-sm font-medium";
  const input = "rounded border border-stone-300 px-2 py-1.5 font-normal";

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const cents = parsePriceCents(String(form.get("amount") ?? ""));
    setBadAmount(cents === null || cents <= 0 || BigInt(cents) > totalCents);
    if (cents === null || cents <= 0 || BigInt(cents) > totalCents) return;
    record.mutate(
      {
        orderId,
        amountCents: BigInt(cents),
        bankReference: String(form.get("reference") ?? "").trim(),
        refundDate: String(form.get("day") ?? ""),
      },
      { onSuccess: () => setOpen(false) },
    );
  };

  return (
    <>
      {allowed && (
        <button
          type="button"
          className="btn btn-primary mt-3"
          onClick={() => {
            record.reset();
            setBadAmount(false);
            setOpen(true);
          }}
        >
          {t("recordBank")}
        </button>
      )}
      <p role="status" className="mt-2 text-sm text-green-800">
        {record.isSuccess ? t("recorded") : ""}
      </p>
      <AdminDialog open={open} onOpenChange={setOpen} title={t("recordBank")} description={t("recordBankHint")}>
        <form className="mt-4 grid gap-3" onSubmit={submit}>
          <label className={field}>
            {t("amount")}
            <input
              name="amount"
              required
              inputMode="decimal"
              defaultValue={amountText(totalCents, i18n.language)}
              className={input}
              aria-invalid={badAmount || undefined}
              autoComplete="off"
            />
          </label>
          {badAmount && (
            <p role="alert" className="text-sm text-red-800">
              {t("badAmount")}
            </p>
          )}
          <label className={field}>
            {t("reference")}
            <input name="reference" required maxLength={60} className={input} autoComplete="off" />
          </label>
          <label className={field}>
            {t("day")}
            <input name="day" type="date" required max={today} defaultValue={today} className={input} />
          </label>
          {record.isError && (
            <p role="alert" className="text-sm text-red-800">
              {t(`reason.${reason ?? "unknown"}`, { defaultValue: t("reason.unknown") })}
            </p>
          )}
          <button type="submit" className="btn btn-primary justify-self-end" disabled={record.isPending}>
            {t("confirmBank")}
          </button>
        </form>
      </AdminDialog>
    </>
  );
}
