// The one module naming the service the failed e-mails screen calls, so that
// moving to AdminEmailService (issue 31) changes this import alone.
export { AdminService as emailService } from "@gen/sabores/v1/admin_service_pb";
