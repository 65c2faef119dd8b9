package sendcloud_test

import (
	"testing"

	"github.com/sabores/sabores/backend/internal/carrier"
	"github.com/sabores/sabores/backend/internal/sendcloud"
)

// TestSignature: the Sendcloud-Signature is the hexadecimal HMAC-SHA256 of
// the raw body keyed with the secret key. The first case is the
// reference's own example (https://sendcloud.dev/api/v3/webhooks: the body
// {"key": "value"} under "secretkey").
func TestSignature(t *testing.T) {
	t.Parallel()
	const example = "1eed4b3d41f4653ac64fd56f1bf1cbfd349e4482cbc11dff7134bd93e5da4b0a"
	body := []byte(`{"key": "value"}`)
	if got := sendcloud.Sign("secretkey", body); got != example {
		t.Fatalf("Sign = %s, want the reference's %s", got, example)
	}
	for _, tt := range []struct {
		name      string
		secret    string
		body      []byte
		signature string
		want      bool
	}{
		{"the reference's example", "secretkey", body, example, true},
		{"upper-case hex is the same bytes", "secretkey", body, "1EED4B3D41F4653AC64FD56F1BF1CBFD349E4482CBC11DFF7134BD93E5DA4B0A", true},
		{"another secret", "otherkey", body, example, false},
		{"a body changed by one byte", "secretkey", []byte(`{"key": "valuE"}`), example, false},
		{"re-encoded JSON is another body", "secretkey", []byte(`{"key":"value"}`), example, false},
		{"no signature", "secretkey", body, "", false},
		{"not hex", "secretkey", body, "zz" + example[2:], false},
		{"a truncated signature", "secretkey", body, example[:32], false},
		{"no secret verifies nothing", "", body, sendcloud.Sign("", body), false},
	} {
		if got := sendcloud.Verify(tt.secret, tt.body, tt.signature); got != tt.want {
			t.Errorf("%s: Verify = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestStatusMapping: the statuses that move a parcel, by the webhook's id
// and v3's code alike; everything else moves nothing.
func TestStatusMapping(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		id   int
		code string
		want carrier.State
	}{
		{1000, "READY_TO_SEND", ""},
		{1, "ANNOUNCED", ""},
		{13, "ANNOUNCED_NOT_COLLECTED", ""},
		{3, "EN_ROUTE_TO_SORTING_CENTER", carrier.InTransit},
		{5, "SORTED", carrier.InTransit},
		{7, "BEING_SORTED", carrier.InTransit},
		{22, "SHIPMENT_PICKED_UP_BY_DRIVER", carrier.InTransit},
		{91, "PARCEL_EN_ROUTE", carrier.InTransit},
		{92, "DRIVER_EN_ROUTE", carrier.InTransit},
		{12, "AWAITING_CUSTOMER_PICKUP", carrier.InTransit},
		{8, "DELIVERY_ATTEMPT_FAILED", ""},
		{80, "UNABLE_TO_DELIVER", ""},
		{11, "DELIVERED", carrier.Delivered},
		{93, "SHIPMENT_COLLECTED_BY_CUSTOMER", carrier.Delivered},
		{1999, "CANCELLATION_REQUESTED", ""},
		{2000, "CANCELLED", ""},
		{1337, "UNKNOWN_STATUS", ""},
	} {
		if got := sendcloud.IDState(tt.id); got != tt.want {
			t.Errorf("IDState(%d) = %q, want %q", tt.id, got, tt.want)
		}
		if got := sendcloud.CodeState(tt.code); got != tt.want {
			t.Errorf("CodeState(%q) = %q, want %q", tt.code, got, tt.want)
		}
	}
	// The stand-in answers the codes the shop reads.
	for _, id := range []int{sendcloud.StatusParcelEnRoute, sendcloud.StatusDelivered} {
		if sendcloud.CodeState(sendcloud.StatusCode(id)) != sendcloud.IDState(id) {
			t.Errorf("status %d: its code %q maps elsewhere than its id", id, sendcloud.StatusCode(id))
		}
	}
}
