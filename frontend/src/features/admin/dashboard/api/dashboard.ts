import { useQuery } from "@connectrpc/connect-query";
import { dashboardService } from "@/features/admin/dashboard/api/service";

/** useDashboardStats loads the shop's statistics. */
export function useDashboardStats() {
  return useQuery(dashboardService.method.getDashboardStats, {}, { staleTime: 0 });
}
