// The back-office service the catalogue import calls, the one module that names it: other
// resources import it only to refresh its queries' cache.
export { AdminCatalogueImportService as catalogueImportService } from "@gen/sabores/v1/admin_catalogue_import_service_pb";
