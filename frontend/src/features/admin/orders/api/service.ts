// The back-office service the order desk calls, the one module that names it: other
// resources import it only to refresh its queries' cache.
export { AdminOrderService as orderService } from "@gen/sabores/v1/admin_order_service_pb";
