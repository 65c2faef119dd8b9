// The back-office service the settings resource calls, the one module that names it: other
// resources import it only to refresh its queries' cache.
export { AdminSettingsService as settingsService } from "@gen/sabores/v1/admin_settings_service_pb";
