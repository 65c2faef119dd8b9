// The one module naming the service the dashboard's statistics come from, so
// that moving to AdminDashboardService (issue 31) changes this import alone.
export { AdminService as dashboardService } from "@gen/sabores/v1/admin_service_pb";
