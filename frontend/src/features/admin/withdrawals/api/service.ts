// The back-office service the withdrawals screen calls, the one module that names it: other
// resources import it only to refresh its queries' cache.
export { AdminWithdrawalService as withdrawalService } from "@gen/sabores/v1/admin_withdrawal_service_pb";
