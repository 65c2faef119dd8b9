import { useTranslation } from "react-i18next";
import { Price } from "@/components/ui/price";
import type { TransferInstructions as Transfer } from "@gen/sabores/v1/order_service_pb";

/** base64 writes bytes as Base64 for a data: URL (the CSP allows data: images, not blob:). */
function base64(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

/** TransferInstructions are what to write on a bank transfer, with the EPC QR code banking apps scan. */
export function TransferInstructions({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation("payment");
  return (
    <div className="flex flex-col gap-4 rounded-lg bg-amber-50 p-4 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1 space-y-2">
        <h3 className="font-semibold">{t("transfer.title")}</h3>
        <p className="text-sm text-stone-800">{t("transfer.text")}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt>{t("transfer.iban")}</dt>
          <dd className="font-mono font-semibold">{transfer.iban}</dd>
          <dt>{t("transfer.beneficiary")}</dt>
          <dd>{transfer.beneficiary}</dd>
          <dt>{t("transfer.amount")}</dt>
          <dd className="font-semibold">
            <Price cents={transfer.amountCents} amount />
          </dd>
          <dt>{t("transfer.reference")}</dt>
          <dd className="font-mono font-semibold">{transfer.reference}</dd>
        </dl>
      </div>
      {transfer.qrPng.length > 0 && (
        <img
          src={`data:image/png;base64,${base64(transfer.qrPng)}`}
          alt={t("transfer.qr")}
          width={160}
          height={160}
          className="h-40 w-40 self-center bg-white sm:self-start"
        />
      )}
    </div>
  );
}
