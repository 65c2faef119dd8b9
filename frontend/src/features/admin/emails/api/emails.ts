import { useMutation, useQuery } from "@connectrpc/connect-query";
import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { methodKey } from "@/features/admin/shared/api/method-key";
import { emailService } from "@/features/admin/emails/api/service";

/** useFailedEmails loads one page of the e-mails not accepted yet. */
export function useFailedEmails(pageToken: string) {
  return useQuery(emailService.method.listFailedEmails, { pageToken }, { placeholderData: keepPreviousData, staleTime: 0 });
}

/** useRetryEmail sends a failed e-mail again; the list is read again afterwards. */
export function useRetryEmail() {
  const queryClient = useQueryClient();
  return useMutation(emailService.method.retryEmail, {
    onSettled: () => queryClient.invalidateQueries({ queryKey: methodKey(emailService.method.listFailedEmails) }),
  });
}
