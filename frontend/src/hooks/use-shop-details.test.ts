import { partialMatchKey } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { createConnectQueryKey } from "@connectrpc/connect-query";
import { ShopSettingsService } from "@gen/sabores/v1/shop_settings_service_pb";
import { shopDetailsKey } from "@/hooks/use-shop-details";
import { createTransport } from "@/lib/transport";

describe("shopDetailsKey", () => {
  it("finds the key the details query caches under", () => {
    const key = createConnectQueryKey({
      schema: ShopSettingsService.method.getShopDetails,
      input: {},
      transport: createTransport(),
      cardinality: "finite",
    });
    expect(partialMatchKey(key, shopDetailsKey)).toBe(true);
  });
});
