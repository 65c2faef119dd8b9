// The one module naming the service the promotions resource calls, so that
// moving to AdminPromotionService (issue 31) changes this import alone.
export { AdminService as promotionService } from "@gen/sabores/v1/admin_service_pb";
