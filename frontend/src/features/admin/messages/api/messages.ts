import { useQuery } from "@connectrpc/connect-query";
import { keepPreviousData } from "@tanstack/react-query";
import { ContactService } from "@gen/sabores/v1/contact_service_pb";

/** adminListPageSize is the back office's messages and subscribers per page. */
export const adminListPageSize = 20;

/** useContactMessages lists the contact messages (each read is audited). */
export function useContactMessages(page: number) {
  return useQuery(
    ContactService.method.listContactMessages,
    { page, pageSize: adminListPageSize },
    { placeholderData: keepPreviousData, staleTime: 0 },
  );
}

/** useNewsletterSubscriptions lists the subscriptions and their consent (each read is audited). */
export function useNewsletterSubscriptions(page: number) {
  return useQuery(
    ContactService.method.listNewsletterSubscriptions,
    { page, pageSize: adminListPageSize },
    { placeholderData: keepPreviousData, staleTime: 0 },
  );
}
