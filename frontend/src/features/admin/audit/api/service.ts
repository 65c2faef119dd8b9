// The back-office service the audit screen calls, the one module that names it: other
// resources import it only to refresh its queries' cache.
export { AdminAuditService as auditService } from "@gen/sabores/v1/admin_audit_service_pb";
