// The one module naming the service the withdrawals screen calls, so that
// moving to AdminWithdrawalService (issue 31) changes this import alone.
export { WithdrawalService as withdrawalService } from "@gen/sabores/v1/withdrawal_service_pb";
