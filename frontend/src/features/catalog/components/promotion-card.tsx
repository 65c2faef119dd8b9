import { useState } from "react";
import { ProductCard } from "@/features/catalog/components/product-card";
import { Countdown } from "@/features/catalog/components/countdown";
import { useNow } from "@/hooks/use-now";
import { sevenDaysMs } from "@/lib/countdown";
import { timestampMs } from "@bufbuild/protobuf/wkt";
import type { Product } from "@gen/sabores/v1/types_pb";

/**
 * PromotionCard is a product on offer with a live countdown to the offer's
 * end (seven days from now when it has none); once expired, add is disabled.
 */
export function PromotionCard({ product }: { product: Product }) {
  const end = product.promotion?.endTime;
  const [fallbackEnd] = useState(() => Date.now() + sevenDaysMs);
  const endMs = end ? timestampMs(end) : fallbackEnd;
  const now = useNow(1000);
  return <ProductCard product={product} addDisabled={endMs <= now} extra={<Countdown endMs={endMs} compact />} />;
}
