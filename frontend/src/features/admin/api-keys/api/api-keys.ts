import { createConnectQueryKey, useMutation, useQuery, useTransport } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { timestampNow } from "@bufbuild/protobuf/wkt";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { ListApiKeysResponse, RevokeApiKeyRequestSchema } from "@gen/sabores/v1/admin_api_key_service_pb";
import { methodKey } from "@/features/admin/shared/api/method-key";
import { optimisticList } from "@/features/admin/shared/api/optimistic-list";
import { apiKeyService } from "@/features/admin/api-keys/api/service";

/** useApiKeys lists the integrators' keys. */
export function useApiKeys() {
  return useQuery(apiKeyService.method.listApiKeys, {});
}

/** useCreateApiKey creates a key; its secret is only in this answer. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation(apiKeyService.method.createApiKey, {
    onSettled: () => queryClient.invalidateQueries({ queryKey: methodKey(apiKeyService.method.listApiKeys) }),
  });
}

/** useRevokeApiKey revokes a key, showing it revoked at once and putting it back on failure. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  const listKey = createConnectQueryKey({
    schema: apiKeyService.method.listApiKeys,
    transport: useTransport(),
    cardinality: "finite",
    input: {},
  });
  return useMutation(apiKeyService.method.revokeApiKey, {
    ...optimisticList(
      queryClient,
      listKey,
      (old: ListApiKeysResponse, req: MessageInitShape<typeof RevokeApiKeyRequestSchema>) => ({
        ...old,
        keys: old.keys.map((k) => (k.id === BigInt(req.id ?? 0) ? { ...k, revokeTime: timestampNow() } : k)),
      }),
    ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
