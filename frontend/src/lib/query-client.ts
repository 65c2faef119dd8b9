import { QueryClient } from "@tanstack/react-query";
import { shouldRetry } from "@/lib/connect-errors";

/** createQueryClient builds the app's cache with retries off for final errors. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
