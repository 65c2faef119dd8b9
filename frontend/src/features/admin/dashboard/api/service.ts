// The back-office service the dashboard calls, the one module that names it: other
// resources import it only to refresh its queries' cache.
export { AdminDashboardService as dashboardService } from "@gen/sabores/v1/admin_dashboard_service_pb";
