// The back-office service the customers resource calls, the one module that names it: other
// resources import it only to refresh its queries' cache.
export { AdminCustomerService as customerService } from "@gen/sabores/v1/admin_customer_service_pb";
