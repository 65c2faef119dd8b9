import { createConnectQueryKey, useMutation, useQuery } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { newsletterService } from "@/features/admin/newsletters/api/service";

/**
 * useCampaigns lists the campaigns with their counts, refreshed every five
 * seconds while one is being sent.
 */
export function useCampaigns() {
  return useQuery(newsletterService.method.listNewsletterCampaigns, {}, {
    refetchInterval: (q) => (q.state.data?.campaigns.some((c) => c.queued > 0) ? 5000 : false),
  });
}

function useRefreshList() {
  const client = useQueryClient();
  return () =>
    void client.invalidateQueries({
      queryKey: createConnectQueryKey({ schema: newsletterService.method.listNewsletterCampaigns, cardinality: undefined }),
    });
}

/** useSaveCampaign creates a campaign or changes a draft (audited). */
export function useSaveCampaign() {
  return useMutation(newsletterService.method.saveNewsletterCampaign, { onSuccess: useRefreshList() });
}

/** usePreviewCampaign renders the text as subscribers get it. */
export function usePreviewCampaign() {
  return useMutation(newsletterService.method.previewNewsletterCampaign);
}

/** useSendCampaignTest sends the saved campaign to the owner (audited). */
export function useSendCampaignTest() {
  return useMutation(newsletterService.method.sendNewsletterCampaignTest);
}

/** useSendCampaign starts sending to the confirmed subscribers (audited). */
export function useSendCampaign() {
  return useMutation(newsletterService.method.sendNewsletterCampaign, { onSuccess: useRefreshList() });
}
