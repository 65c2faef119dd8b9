// The back-office service the products resource calls, the one module that names it: other
// resources import it only to refresh its queries' cache.
export { AdminProductService as productService } from "@gen/sabores/v1/admin_product_service_pb";
