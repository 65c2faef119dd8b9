import { useMutation } from "@connectrpc/connect-query";
import { ContactService } from "@gen/sabores/v1/contact_service_pb";

/** useSendContactMessage sends the contact page's form. */
export function useSendContactMessage() {
  return useMutation(ContactService.method.sendContactMessage);
}

/** useConfirmNewsletter confirms a subscription with its link's token. */
export function useConfirmNewsletter() {
  return useMutation(ContactService.method.confirmNewsletter);
}

/** useUnsubscribeNewsletter ends a subscription with its link's token. */
export function useUnsubscribeNewsletter() {
  return useMutation(ContactService.method.unsubscribeNewsletter);
}

/** useConfirmBackInStock confirms a back-in-stock request with its link's token. */
export function useConfirmBackInStock() {
  return useMutation(ContactService.method.confirmBackInStockAlert);
}
