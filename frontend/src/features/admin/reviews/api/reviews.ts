import { createConnectQueryKey, useMutation, useQuery, useTransport } from "@connectrpc/connect-query";
import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { AdminReviewService } from "@gen/sabores/v1/admin_review_service_pb";
import type { ReviewStatus } from "@gen/sabores/v1/review_pb";

/** adminReviewPageSize is the back office's reviews per page. */
export const adminReviewPageSize = 20;

/** useAdminReviews lists reviews by status for moderation. */
export function useAdminReviews(status: ReviewStatus, page: number) {
  return useQuery(
    AdminReviewService.method.listReviews,
    { status, page, pageSize: adminReviewPageSize },
    { placeholderData: keepPreviousData, staleTime: 0 },
  );
}

function useRefreshAdminReviews() {
  const queryClient = useQueryClient();
  const transport = useTransport();
  return () =>
    queryClient.invalidateQueries({
      queryKey: createConnectQueryKey({ schema: AdminReviewService.method.listReviews, transport, cardinality: "finite" }),
    });
}

/** usePublishReview publishes a review. */
export function usePublishReview() {
  const refresh = useRefreshAdminReviews();
  return useMutation(AdminReviewService.method.publishReview, { onSuccess: refresh });
}

/** useRejectReview rejects a review with its reason. */
export function useRejectReview() {
  const refresh = useRefreshAdminReviews();
  return useMutation(AdminReviewService.method.rejectReview, { onSuccess: refresh });
}
