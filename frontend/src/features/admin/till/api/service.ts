// The till's service, the one module that names it.
export { TillService as tillService } from "@gen/sabores/v1/till_service_pb";
