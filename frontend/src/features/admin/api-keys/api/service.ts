// The one module naming the service the API keys screen calls, so that
// moving to AdminApiKeyService (issue 31) changes this import alone.
export { AdminService as apiKeyService } from "@gen/sabores/v1/admin_service_pb";
