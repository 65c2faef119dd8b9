import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ErrorBox } from "@/components/ui/error-box";
import { Spinner } from "@/components/ui/spinner";
import { useStartPayment } from "@/features/payment/api/payment";

/**
 * RedsysRedirect starts a payment attempt of the order and sends the
 * browser to Redsys's payment page with a real POST form of the three
 * signed fields, as Redsys's redirect integration expects. The form submits
 * itself; its button is there should that not happen.
 */
export function RedsysRedirect({ orderId, onCancel }: { orderId: bigint; onCancel?: () => void }) {
  const { t } = useTranslation("payment");
  const start = useStartPayment();
  const form = useRef<HTMLFormElement>(null);
  const { mutate } = start;

  useEffect(() => {
    mutate({ orderId });
  }, [mutate, orderId]);
  useEffect(() => {
    if (start.data) form.current?.submit();
  }, [start.data]);

  if (start.isError) {
    return (
      <div className="space-y-2">
        <ErrorBox>{t("startError")}</ErrorBox>
        {onCancel && (
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            {t("back")}
          </button>
        )}
      </div>
    );
  }
  return (
    <div>
      <Spinner label={t("redirecting")} />
      {start.data && (
        <form ref={form} method="post" action={start.data.action} className="text-center">
          <input type="hidden" name="Ds_SignatureVersion" value={start.data.signatureVersion} />
          <input type="hidden" name="Ds_MerchantParameters" value={start.data.merchantParameters} />
          <input type="hidden" name="Ds_Signature" value={start.data.signature} />
          <button type="submit" className="btn btn-primary">
            {t("goToPayment")}
          </button>
        </form>
      )}
    </div>
  );
}
