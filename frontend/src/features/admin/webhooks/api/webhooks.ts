import { useMutation, useQuery } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { methodKey } from "@/features/admin/shared/api/method-key";
import { webhookService } from "@/features/admin/webhooks/api/service";

/** useWebhookEndpoints lists the endpoints with their state, refreshed
 * as deliveries succeed or fail in the background. */
export function useWebhookEndpoints() {
  return useQuery(webhookService.method.listWebhookEndpoints, {}, { refetchInterval: 10_000 });
}

/** useWebhookDeliveries is an endpoint's delivery log, newest first; it
 * refreshes while open, as deliveries are tried in the background. */
export function useWebhookDeliveries(endpointId: bigint) {
  return useQuery(webhookService.method.listWebhookDeliveries, { endpointId }, { refetchInterval: 10_000 });
}

/** useRefreshWebhooks refreshes the endpoints and the logs after a change. */
function useRefreshWebhooks() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: methodKey(webhookService.method.listWebhookEndpoints) }),
      queryClient.invalidateQueries({ queryKey: methodKey(webhookService.method.listWebhookDeliveries) }),
    ]);
}

/** useCreateWebhookEndpoint registers an endpoint; its secret is only in this answer. */
export function useCreateWebhookEndpoint() {
  const refresh = useRefreshWebhooks();
  return useMutation(webhookService.method.createWebhookEndpoint, { onSettled: refresh });
}

/** useSetWebhookEndpointEnabled enables or disables an endpoint. */
export function useSetWebhookEndpointEnabled() {
  const refresh = useRefreshWebhooks();
  return useMutation(webhookService.method.setWebhookEndpointEnabled, { onSettled: refresh });
}

/** useRedeliverWebhook queues a delivery again. */
export function useRedeliverWebhook() {
  const refresh = useRefreshWebhooks();
  return useMutation(webhookService.method.redeliverWebhook, { onSettled: refresh });
}
