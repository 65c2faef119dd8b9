import { useQuery } from "@connectrpc/connect-query";
import { keepPreviousData } from "@tanstack/react-query";
import { messageService } from "@/features/admin/messages/api/service";

/** adminListPageSize is the back office's messages and subscribers per page. */
export const adminListPageSize = 20;

/** useContactMessages lists the contact messages (each read is audited). */
export function useContactMessages(page: number) {
  return useQuery(
    messageService.method.listContactMessages,
    { page, pageSize: adminListPageSize },
    { placeholderData: keepPreviousData, staleTime: 0 },
  );
}

/** useNewsletterSubscriptions lists the subscriptions and their consent (each read is audited). */
export function useNewsletterSubscriptions(page: number) {
  return useQuery(
    messageService.method.listNewsletterSubscriptions,
    { page, pageSize: adminListPageSize },
    { placeholderData: keepPreviousData, staleTime: 0 },
  );
}
