// The one module naming the service the customers resource calls, so that
// moving to AdminCustomerService (issue 31) changes this import alone.
export { AdminService as customerService } from "@gen/sabores/v1/admin_service_pb";
