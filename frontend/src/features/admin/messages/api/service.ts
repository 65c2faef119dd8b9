// The back-office service the messages screen calls, the one module that names it: other
// resources import it only to refresh its queries' cache.
export { AdminMessageService as messageService } from "@gen/sabores/v1/admin_message_service_pb";
