import { createClient } from "@connectrpc/connect";
import { useMutation, useQuery, useTransport } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { methodKey } from "@/features/admin/shared/api/method-key";
import { tillService } from "@/features/admin/till/api/service";
import { InvoiceLanguage } from "@gen/sabores/v1/invoice_pb";

/** useTillClient is a plain client of the till, for the sale's own retry loop. */
export function useTillClient() {
  const transport = useTransport();
  return useMemo(() => createClient(tillService, transport), [transport]);
}

/** useLookupProduct reads a scanned code. */
export function useLookupProduct() {
  return useMutation(tillService.method.lookupProduct);
}

/** useSearchTillProducts finds products by name once two letters are typed. */
export function useSearchTillProducts(query: string) {
  const q = query.trim();
  return useQuery(tillService.method.searchTillProducts, { query: q }, { enabled: q.length >= 2, staleTime: 10_000 });
}

/** useSale loads a recorded sale by id. */
export function useSale(id: bigint) {
  return useQuery(tillService.method.getSale, { sale: { case: "id", value: id } }, { enabled: id > 0n });
}

/** useFindSale finds a sale by its ticket's number. */
export function useFindSale() {
  return useMutation(tillService.method.getSale);
}

/** useReturnSale takes items of a sale back. */
export function useReturnSale() {
  return useMutation(tillService.method.returnSale);
}

/** useZReport is a day's report, kept fresh by the day's actions. */
export function useZReport(date: string) {
  return useQuery(tillService.method.getZReport, { date });
}

/** useRefreshDay refreshes the day's report after the drawer changed. */
function useRefreshDay() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: methodKey(tillService.method.getZReport) });
}

/** useOpenDay records the opening float. */
export function useOpenDay() {
  const refresh = useRefreshDay();
  return useMutation(tillService.method.openDay, { onSettled: refresh });
}

/** useMoveCash records cash in or out. */
export function useMoveCash() {
  const refresh = useRefreshDay();
  return useMutation(tillService.method.moveCash, { onSuccess: refresh });
}

/** useCloseDay records the count. */
export function useCloseDay() {
  const refresh = useRefreshDay();
  return useMutation(tillService.method.closeDay, { onSettled: refresh });
}

/** useTicketPdf fetches a sale's or return's 80 mm ticket. */
export function useTicketPdf() {
  return useMutation(tillService.method.getTicketPdf);
}

/** useEmailTicket e-mails a sale's ticket to the customer. */
export function useEmailTicket() {
  return useMutation(tillService.method.emailTicket);
}

/** ticketLanguage is the ticket's language for the screen's. */
export function ticketLanguage(language: string): InvoiceLanguage {
  return language.startsWith("pt") ? InvoiceLanguage.PT : InvoiceLanguage.ES;
}

/** madridDate is the shop's day (Europe/Madrid) of a moment, YYYY-MM-DD. */
export function madridDate(at: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid", year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}
