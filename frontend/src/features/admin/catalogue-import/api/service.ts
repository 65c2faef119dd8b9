// The one module naming the service the catalogue import calls, so that
// moving to AdminCatalogueImportService (issue 31) changes this import alone.
export { AdminService as catalogueImportService } from "@gen/sabores/v1/admin_service_pb";
