// The back-office service the staff screen calls, the one module that names it.
export { AdminStaffService as staffService } from "@gen/sabores/v1/admin_staff_service_pb";
