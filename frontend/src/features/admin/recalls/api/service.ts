// The back-office service the recall and traceability screens call, the one
// module that names it.
export { AdminRecallService as recallService } from "@gen/sabores/v1/admin_recall_service_pb";
