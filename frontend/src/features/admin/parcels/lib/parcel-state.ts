import { ParcelState } from "@gen/sabores/v1/parcel_pb";

/** parcelStateKey names a parcel state in the texts (admin parcel.states). */
export const parcelStateKey: Record<number, string> = {
  [ParcelState.UNSPECIFIED]: "unspecified",
  [ParcelState.ANNOUNCED]: "announced",
  [ParcelState.IN_TRANSIT]: "inTransit",
  [ParcelState.DELIVERED]: "delivered",
};
