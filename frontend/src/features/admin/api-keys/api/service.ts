// The back-office service the API keys screen calls, the one module that names it: other
// resources import it only to refresh its queries' cache.
export { AdminApiKeyService as apiKeyService } from "@gen/sabores/v1/admin_api_key_service_pb";
