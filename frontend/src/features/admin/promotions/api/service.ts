// The back-office service the promotions resource calls, the one module that names it: other
// resources import it only to refresh its queries' cache.
export { AdminPromotionService as promotionService } from "@gen/sabores/v1/admin_promotion_service_pb";
