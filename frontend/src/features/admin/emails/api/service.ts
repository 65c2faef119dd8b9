// The back-office service the failed e-mails screen calls, the one module that names it: other
// resources import it only to refresh its queries' cache.
export { AdminEmailService as emailService } from "@gen/sabores/v1/admin_email_service_pb";
