// The back-office services the suppliers, goods-in and expiry screens call,
// the one module that names them.
export { AdminLotService as lotService } from "@gen/sabores/v1/admin_lot_service_pb";
export { AdminSupplierService as supplierService } from "@gen/sabores/v1/admin_supplier_service_pb";
