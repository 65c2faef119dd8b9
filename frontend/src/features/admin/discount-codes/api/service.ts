// The back-office service the discount codes screen calls, the one module that names it.
export { AdminDiscountCodeService as discountCodeService } from "@gen/sabores/v1/admin_discount_code_service_pb";
