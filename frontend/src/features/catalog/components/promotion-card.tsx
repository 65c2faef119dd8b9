import { useMemo } from "react";
import { ProductCard } from "@/features/catalog/components/product-card";
import { Countdown } from "@/features/catalog/components/countdown";
import { useNow } from "@/hooks/use-now";
import { timestampMs } from "@bufbuild/protobuf/wkt";
import type { Product } from "@gen/sabores/v1/types_pb";

/**
 * PromotionCard is a product on offer with a live countdown to the offer's
 * end; once expired, add is disabled. An offer without an end shows no
 * countdown: there is no deadline to announce.
 */
export function PromotionCard({ product }: { product: Product }) {
  const end = product.promotion?.endTime;
  const endMs = end ? timestampMs(end) : undefined;
  const now = useNow(1000);
  // The countdown ticks by itself; the same element every second keeps the
  // (memoized) card from rendering again with it.
  const countdown = useMemo(() => (endMs === undefined ? undefined : <Countdown endMs={endMs} compact />), [endMs]);
  if (endMs === undefined) return <ProductCard product={product} />;
  return <ProductCard product={product} addDisabled={endMs <= now} extra={countdown} />;
}
