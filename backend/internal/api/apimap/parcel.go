package apimap

import (
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/carrier"
	"github.com/sabores/sabores/backend/internal/db"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// parcelStates are the parcel states as parcels.state stores them, with
// their names in the contract.
var parcelStates = map[carrier.State]saboresv1.ParcelState{
	carrier.Announced: saboresv1.ParcelState_PARCEL_STATE_ANNOUNCED,
	carrier.InTransit: saboresv1.ParcelState_PARCEL_STATE_IN_TRANSIT,
	carrier.Delivered: saboresv1.ParcelState_PARCEL_STATE_DELIVERED,
}

// ParcelState maps a stored parcel state; UNSPECIFIED for an unknown one.
func ParcelState(s string) saboresv1.ParcelState { return parcelStates[carrier.State(s)] }

// Tracking is where an order's parcel stands, for the shopper; nil for none.
func Tracking(p *db.Parcel) *saboresv1.ParcelTracking {
	if p == nil {
		return nil
	}
	out := &saboresv1.ParcelTracking{
		State: ParcelState(p.State), Carrier: p.Carrier, TrackingNumber: p.TrackingNumber, TrackingUrl: p.TrackingURL,
	}
	if p.DeliveredAt != nil {
		out.DeliverTime = timestamppb.New(*p.DeliveredAt)
	}
	return out
}
