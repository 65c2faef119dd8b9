package sendcloud

import "github.com/sabores/sabores/backend/internal/carrier"

// Sendcloud's parcel statuses the shop acts on, by the ids its webhooks
// carry (parcel.status.id) and the codes v3's shipments carry
// (parcels[].status.code). The ids and their messages are the list the API
// serves (GET /parcels/statuses, https://sendcloud.dev/api/v3/parcel-statuses/retrieve-a-list-of-parcel-statuses;
// v2's list has the same ids); v3's codes are those statuses' messages in
// upper snake case, as the reference's examples show for READY_TO_SEND
// ("Ready to send"), ANNOUNCING and ANNOUNCEMENT_FAILED. Every other status
// (announced, ready to send, a failed attempt, an exception, a
// cancellation, unknown) moves nothing: the desk sees its wording.
var statuses = []struct {
	id      int
	code    string
	message string
	state   carrier.State
}{
	{3, "EN_ROUTE_TO_SORTING_CENTER", "En route to sorting center", carrier.InTransit},
	{5, "SORTED", "Sorted", carrier.InTransit},
	{7, "BEING_SORTED", "Being sorted", carrier.InTransit},
	{12, "AWAITING_CUSTOMER_PICKUP", "Awaiting customer pickup", carrier.InTransit},
	{22, "SHIPMENT_PICKED_UP_BY_DRIVER", "Shipment picked up by driver", carrier.InTransit},
	{91, "PARCEL_EN_ROUTE", "Parcel en route", carrier.InTransit},
	{92, "DRIVER_EN_ROUTE", "Driver en route", carrier.InTransit},
	{11, "DELIVERED", "Delivered", carrier.Delivered},
	{93, "SHIPMENT_COLLECTED_BY_CUSTOMER", "Shipment collected by customer", carrier.Delivered},
}

// Status ids the development stand-in and the tests send that move
// nothing: the label's first status and a failed delivery attempt.
const (
	StatusReadyToSend           = 1000
	StatusDeliveryAttemptFailed = 8
	StatusParcelEnRoute         = 91
	StatusDelivered             = 11
)

// IDState is where the webhook's status id puts a parcel; "" moves nothing.
func IDState(id int) carrier.State {
	for _, s := range statuses {
		if s.id == id {
			return s.state
		}
	}
	return ""
}

// CodeState is where v3's status code puts a parcel; "" moves nothing.
func CodeState(code string) carrier.State {
	for _, s := range statuses {
		if s.code == code {
			return s.state
		}
	}
	return ""
}

// StatusCode is v3's code of a status id, for the stand-in; "" for one the
// shop does not act on.
func StatusCode(id int) string {
	for _, s := range statuses {
		if s.id == id {
			return s.code
		}
	}
	switch id {
	case StatusReadyToSend:
		return "READY_TO_SEND"
	case StatusDeliveryAttemptFailed:
		return "DELIVERY_ATTEMPT_FAILED"
	}
	return ""
}

// StatusMessage is the message of a status id, for the stand-in.
func StatusMessage(id int) string {
	for _, s := range statuses {
		if s.id == id {
			return s.message
		}
	}
	switch id {
	case StatusReadyToSend:
		return "Ready to send"
	case StatusDeliveryAttemptFailed:
		return "Delivery attempt failed"
	}
	return "Unknown status"
}
