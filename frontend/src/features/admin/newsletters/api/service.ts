// The back-office service the newsletters screen calls, the one module that names it.
export { AdminMessageService as newsletterService } from "@gen/sabores/v1/admin_message_service_pb";
