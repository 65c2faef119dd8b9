import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorBox } from "@/components/ui/error-box";
import { errorInfos } from "@/lib/connect-errors";
import type { Withdrawal } from "@gen/sabores/v1/withdrawal_pb";
import type { WithdrawalOptions } from "@gen/sabores/v1/withdrawal_service_pb";
import { WithdrawalLines, type Picked } from "./withdrawal-lines";
import { useMoment, WithdrawalSummary } from "./withdrawal-history";

/** WithdrawalLineChoice is one line and its units, as the contract's WithdrawalLineInput. */
export interface WithdrawalLineChoice {
  lineNo: number;
  quantity: number;
}

/**
 * WithdrawalFlow is the withdrawal function of art. 11a of Directive
 * 2011/83: pick lines and units, a confirmation step, then the
 * acknowledgement with the date and time the shop received it. The same
 * flow serves the signed-in order page and the e-mail's signed link.
 */
export function WithdrawalFlow({
  options,
  submit,
  pending,
  error,
  result,
}: {
  options: WithdrawalOptions;
  submit: (lines: WithdrawalLineChoice[]) => void;
  pending: boolean;
  error: unknown;
  result: Withdrawal | undefined;
}) {
  const { t } = useTranslation("account");
  const moment = useMoment();
  const [confirming, setConfirming] = useState(false);
  const [picked, setPicked] = useState<Picked>({});
  const whole = options.cancelsOrder;
  const chosen: WithdrawalLineChoice[] = whole
    ? options.lines.map((l) => ({ lineNo: l.lineNo, quantity: l.quantity }))
    : Object.entries(picked)
        .filter(([, q]) => q > 0)
        .map(([no, q]) => ({ lineNo: Number(no), quantity: q }));
  const reason = errorInfos(error)[0]?.reason;

  if (result) {
    return (
      <section role="status" aria-live="polite" className="card space-y-3 p-4">
        <h2 className="text-xl font-bold">{t("withdrawal.doneTitle")}</h2>
        <p>
          {t("withdrawal.doneText")} <strong>{moment(result.requestTime)}</strong>.
        </p>
        <p>{result.cancelledOrder ? t("withdrawal.doneCancelled") : t("withdrawal.doneSendBack")}</p>
        <p>{t("withdrawal.doneEmail")}</p>
        <WithdrawalSummary withdrawal={result} />
      </section>
    );
  }
  return (
    <section className="card space-y-4 p-4" aria-labelledby="withdrawal-heading">
      <h2 id="withdrawal-heading" className="text-xl font-bold">
        {confirming ? t("withdrawal.confirmTitle") : t("withdrawal.title")}
      </h2>
      {!options.open ? (
        <p>{t(`withdrawal.closed.${options.closedReason}`, { defaultValue: t("withdrawal.closed.WITHDRAWAL_PERIOD_OVER") })}</p>
      ) : (
        <>
          <p className="text-stone-700">
            {whole
              ? t("withdrawal.wholeOrder")
              : options.deadline
                ? t("withdrawal.until", { date: moment(options.deadline, false) })
                : t("withdrawal.untilAfterDelivery")}
          </p>
          {confirming ? (
            <ul className="list-disc pl-5">
              {chosen.map((c) => (
                <li key={c.lineNo}>
                  {c.quantity} × {options.lines.find((l) => l.lineNo === c.lineNo)?.name}
                </li>
              ))}
            </ul>
          ) : (
            <WithdrawalLines lines={options.lines} picked={picked} onChange={setPicked} wholeOrder={whole} />
          )}
          {reason && <ErrorBox>{t(`withdrawal.reason.${reason}`, { defaultValue: t("withdrawal.error") })}</ErrorBox>}
          {!!error && !reason && <ErrorBox>{t("withdrawal.error")}</ErrorBox>}
          <div className="flex flex-wrap gap-2">
            {confirming ? (
              <>
                <button type="button" className="btn btn-primary" disabled={pending} onClick={() => submit(chosen)}>
                  {t("withdrawal.confirm")}
                </button>
                <button type="button" className="btn btn-outline" onClick={() => setConfirming(false)}>
                  {t("withdrawal.back")}
                </button>
              </>
            ) : (
              <button type="button" className="btn btn-primary" disabled={chosen.length === 0} onClick={() => setConfirming(true)}>
                {t("withdrawal.continue")}
              </button>
            )}
          </div>
        </>
      )}
      {options.withdrawals.length > 0 && (
        <div className="space-y-2">
          <h3 className="font-semibold">{t("withdrawal.history")}</h3>
          {options.withdrawals.map((w) => (
            <WithdrawalSummary key={String(w.id)} withdrawal={w} />
          ))}
        </div>
      )}
    </section>
  );
}
