import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * optimisticList changes the cached answer under queryKey as soon as a
 * mutation starts and puts it back if the server refuses (TanStack's
 * optimistic updates through the cache); the caller refetches it on settle.
 */
export function optimisticList<Res, Req>(queryClient: QueryClient, queryKey: QueryKey, patch: (old: Res, req: Req) => Res) {
  return {
    onMutate: async (req: Req) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData<Res>(queryKey);
      queryClient.setQueryData<Res>(queryKey, (old) => (old ? patch(old, req) : old));
      return { before };
    },
    onError: (_err: unknown, _req: Req, context: { before: Res | undefined } | undefined) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
    },
  };
}
