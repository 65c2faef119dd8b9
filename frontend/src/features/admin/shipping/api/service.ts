// The back-office service the shipping resource calls, the one module that names it.
export { AdminShippingService as shippingService } from "@gen/sabores/v1/admin_shipping_service_pb";
