import { useMutation } from "@connectrpc/connect-query";
import { staffService } from "@/features/admin/staff/api/service";

/** useGrantStaffRole gives a person the till or admin role (audited on the server). */
export function useGrantStaffRole() {
  return useMutation(staffService.method.grantStaffRole);
}

/** useRevokeStaffRole makes a staff member a plain customer again (audited). */
export function useRevokeStaffRole() {
  return useMutation(staffService.method.revokeStaffRole);
}
