// The back-office service the visibility resource calls, the one module that names it: other
// resources import it only to refresh its queries' cache.
export { AdminVisibilityService as visibilityService } from "@gen/sabores/v1/admin_visibility_service_pb";
