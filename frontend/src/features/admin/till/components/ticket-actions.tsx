import { useTranslation } from "react-i18next";
import { saveFile } from "@/lib/save-file";
import { ticketLanguage, useTicketPdf } from "@/features/admin/till/api/till";

/** TicketActions prints the ticket on the receipt printer or downloads its PDF. */
export function TicketActions({ of }: { of: { case: "saleId" | "returnId"; value: bigint } }) {
  const { t, i18n } = useTranslation("till");
  const pdf = useTicketPdf();
  return (
    <div className="flex flex-wrap gap-2 print:hidden">
      <button type="button" className="btn btn-primary" onClick={() => window.print()}>
        {t("ticket.print")}
      </button>
      <button
        type="button"
        className="btn btn-outline"
        disabled={pdf.isPending}
        onClick={() =>
          pdf.mutate({ of, language: ticketLanguage(i18n.language) }, { onSuccess: (res) => saveFile(res.pdf, res.fileName, "application/pdf") })
        }
      >
        {t("ticket.pdf")}
      </button>
      {pdf.isError && (
        <p role="alert" className="w-full text-sm text-red-700">
          {t("refusal.failed")}
        </p>
      )}
    </div>
  );
}
