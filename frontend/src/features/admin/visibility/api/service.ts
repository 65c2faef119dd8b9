// The one module naming the services the visibility resource calls: the
// country tiles sit in AdminService today, the rest in VisibilityService.
// Issue 31 moves both to AdminVisibilityService; then both imports name it.
export { AdminService as countryConfigService } from "@gen/sabores/v1/admin_service_pb";
export { VisibilityService as visibilityService } from "@gen/sabores/v1/visibility_service_pb";
