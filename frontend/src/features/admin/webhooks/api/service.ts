// The back-office service the webhooks screen calls, the one module that names it.
export { AdminWebhookService as webhookService } from "@gen/sabores/v1/admin_webhook_service_pb";
