// The back-office service the parcels resource calls, the one module that names it: other
// resources import it only to refresh its queries' cache.
export { AdminParcelService as parcelService } from "@gen/sabores/v1/admin_parcel_service_pb";
