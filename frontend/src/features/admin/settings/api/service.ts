// The one module naming the services the settings resource calls: shop
// settings sit in ShopSettingsService today, the Google sign-in status in
// AdminService. Issue 31 moves both to AdminSettingsService; then both
// imports name it.
export { ShopSettingsService as shopSettingsService } from "@gen/sabores/v1/shop_settings_service_pb";
export { AdminService as signInConfigService } from "@gen/sabores/v1/admin_service_pb";
