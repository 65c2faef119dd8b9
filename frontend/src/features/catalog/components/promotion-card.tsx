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
  const now = useNow(1000);
  if (!end) return <ProductCard product={product} />;
  const endMs = timestampMs(end);
  return <ProductCard product={product} addDisabled={endMs <= now} extra={<Countdown endMs={endMs} compact />} />;
}
