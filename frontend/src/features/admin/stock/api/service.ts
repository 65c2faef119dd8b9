// The back-office service the stock screen calls, the one module that names it: other
// resources import it only to refresh its queries' cache.
export { AdminStockService as stockService } from "@gen/sabores/v1/admin_stock_service_pb";
