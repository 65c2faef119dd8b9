// The one module naming the service the messages screen calls, so that
// moving to AdminMessageService (issue 31) changes this import alone.
export { ContactService as messageService } from "@gen/sabores/v1/contact_service_pb";
