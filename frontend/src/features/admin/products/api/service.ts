// The one module naming the service the products resource calls, so that
// moving to AdminProductService (issue 31) changes this import alone.
export { AdminService as productService } from "@gen/sabores/v1/admin_service_pb";
