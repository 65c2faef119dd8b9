import { createConnectQueryKey, useMutation, useQuery, useTransport } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { methodKey } from "@/features/admin/shared/api/method-key";
import { settingsService } from "@/features/admin/settings/api/service";

/** useSignInConfig loads the Google sign-in status. */
export function useSignInConfig() {
  return useQuery(settingsService.method.getSignInConfig, {});
}

/** useUpdateSignInConfig records the Google sign-in status ('Marcar como Configurado'). */
export function useUpdateSignInConfig() {
  const queryClient = useQueryClient();
  const configKey = createConnectQueryKey({
    schema: settingsService.method.getSignInConfig,
    transport: useTransport(),
    cardinality: "finite",
    input: {},
  });
  return useMutation(settingsService.method.updateSignInConfig, {
    onSuccess: (res) => {
      queryClient.setQueryData(configKey, (old) => (old ? { ...old, config: res.config } : old));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: methodKey(settingsService.method.getSignInConfig) }),
  });
}
