// The back-office services the products resource calls, the one module that names them: other
// resources import them only to refresh their queries' cache.
export { AdminProductService as productService } from "@gen/sabores/v1/admin_product_service_pb";
export { AdminPackagingService as packagingService } from "@gen/sabores/v1/admin_packaging_service_pb";
