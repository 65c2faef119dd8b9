import { createConnectQueryKey, useMutation, useQuery, useTransport } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { ReviewService } from "@gen/sabores/v1/review_service_pb";

/** useProductReviews loads a product's newest published reviews; a product without any asks nothing. */
export function useProductReviews(productId: bigint, enabled: boolean) {
  return useQuery(ReviewService.method.listProductReviews, { productId, pageSize: 20 }, { enabled });
}

/** useOrderReviews loads the reviews the shopper wrote from one of their orders. */
export function useOrderReviews(orderId: bigint, enabled: boolean) {
  return useQuery(ReviewService.method.listOrderReviews, { orderId }, { enabled, staleTime: 0 });
}

/** useCreateReview sends a review; the order's reviews reload after. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  const transport = useTransport();
  return useMutation(ReviewService.method.createReview, {
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: createConnectQueryKey({ schema: ReviewService.method.listOrderReviews, transport, cardinality: "finite" }),
      }),
  });
}
