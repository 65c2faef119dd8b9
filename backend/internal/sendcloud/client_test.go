package sendcloud_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/sabores/sabores/backend/internal/carrier"
	"github.com/sabores/sabores/backend/internal/devcarrier"
	"github.com/sabores/sabores/backend/internal/sendcloud"
)

// standIn serves the development stand-in with the keys public and secret.
func standIn(t *testing.T, public, secret string) *httptest.Server {
	t.Helper()
	srv := httptest.NewUnstartedServer(nil)
	dev, err := devcarrier.New("/dev/", "http://"+srv.Listener.Addr().String(), "http://127.0.0.1:1/none", public, secret,
		srv.Client(), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	srv.Config.Handler = dev
	srv.Start()
	t.Cleanup(srv.Close)
	return srv
}

func shipment(ref string) carrier.Shipment {
	return carrier.Shipment{
		Reference: ref, OrderNumber: "42", ServiceCode: "correos:standard", WeightGrams: 1320, TotalCents: 1111, CODCents: 1111,
		From:  carrier.Address{Name: "Sabores del Mundo S.L.", Line1: "Calle Mayor 1", PostalCode: "28013", City: "Madrid", CountryCode: "ES"},
		To:    carrier.Address{Name: "Ana", Line1: "Rúa Nova 8", PostalCode: "27880", City: "Burela", CountryCode: "ES", Phone: "600000000"},
		Notes: []string{"Contra reembolso: 11,11 €"},
	}
}

// TestAnnounceThroughTheStandIn speaks the client to the stand-in: a label
// in the answer, the same shipment for the same reference (409), the label
// downloaded again, the API's words for a field it refuses, and a clear
// error without the key for keys it refuses.
func TestAnnounceThroughTheStandIn(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srv := standIn(t, "pub", "secret-key-xyz")
	client := sendcloud.New(srv.URL+"/dev/api/v3", "pub", "secret-key-xyz", srv.Client())

	label, err := client.Announce(ctx, shipment("sabores-order-42"))
	if err != nil {
		t.Fatal(err)
	}
	if label.ShipmentID == "" || label.ParcelID == 0 || label.TrackingNumber == "" || label.Carrier != "Correos" ||
		!bytes.HasPrefix(label.PDF, []byte("%PDF-")) || label.Status != "Ready to send" {
		t.Fatalf("label %+v (PDF %d bytes)", label, len(label.PDF))
	}
	again, err := client.Announce(ctx, shipment("sabores-order-42"))
	if err != nil || again.ShipmentID != label.ShipmentID || again.ParcelID != label.ParcelID || again.TrackingNumber != label.TrackingNumber {
		t.Errorf("the same reference again: %+v, %v; want the first shipment", again, err)
	}
	other, err := client.Announce(ctx, shipment("sabores-order-43"))
	if err != nil || other.ParcelID == label.ParcelID {
		t.Errorf("another reference: %+v, %v; want another parcel", other, err)
	}
	pdf, err := client.Label(ctx, label.ParcelID)
	if err != nil || !bytes.Equal(pdf, label.PDF) {
		t.Errorf("downloading the label: %d bytes, %v; want the announced one", len(pdf), err)
	}
	statuses, err := client.Status(ctx, label.ShipmentID)
	if err != nil || len(statuses) != 1 || statuses[0].ParcelID != label.ParcelID || statuses[0].State != "" {
		t.Errorf("the shipment's status: %+v, %v; want its parcel, not moved", statuses, err)
	}

	bad := shipment("sabores-order-44")
	bad.To.City = ""
	_, err = client.Announce(ctx, bad)
	var refusal *carrier.Refusal
	if !errors.As(err, &refusal) || !strings.Contains(refusal.Detail, "/to_address/city") {
		t.Errorf("a shipment without a city: %v, want the API's refusal naming the field", err)
	}

	_, err = sendcloud.New(srv.URL+"/dev/api/v3", "pub", "wrong-secret-abc", srv.Client()).Announce(ctx, shipment("sabores-order-45"))
	if err == nil || !strings.Contains(err.Error(), "refused the keys") || strings.Contains(err.Error(), "wrong-secret-abc") {
		t.Errorf("wrong keys: %v, want the keys refused, without the key", err)
	}
}
