import { useQuery } from "@connectrpc/connect-query";
import { keepPreviousData } from "@tanstack/react-query";
import { auditService } from "@/features/admin/audit/api/service";

/** auditPageSize is the audit screen's page: 50 events. */
export const auditPageSize = 50;

/** AuditFilters are the audit screen's filters; "" keeps everything. */
export interface AuditFilters {
  actor: string;
  action: string;
  fromDay: string;
  toDay: string;
}

/** useAuditEvents lists one page of the filtered trail, newest first: the page pageToken asks for, "" for the first. */
export function useAuditEvents(filters: AuditFilters, pageToken: string) {
  return useQuery(auditService.method.listAuditEvents, { ...filters, pageToken, pageSize: auditPageSize }, { placeholderData: keepPreviousData });
}
