// The one module naming the service the orders resource calls, so that
// moving to AdminOrderService (issue 31) changes this import alone.
export { AdminService as orderService } from "@gen/sabores/v1/admin_service_pb";
