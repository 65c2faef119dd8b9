package adminshippingapi_test

import (
	"context"
	"slices"
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/adminshippingapi"
	"github.com/sabores/sabores/backend/internal/api/admintest"
	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/shipping"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// refused is err as a client sees it: its code, ErrorInfo reason and the
// field at fault.
func refused(t *testing.T, err error) (connect.Code, string, []string) {
	t.Helper()
	if err == nil {
		t.Fatal("accepted, want a refusal")
	}
	err = apperr.ToConnect(context.Background(), "test", err)
	reason := ""
	if infos := connecttest.ErrorInfos(t, err); len(infos) > 0 {
		reason = infos[0].GetReason()
	}
	return connecttest.Code(err), reason, connecttest.Fields(t, err)
}

// TestShippingDesk: the desk lists the default rates, adds a method with a
// zone and bands, and is refused a zone overlapping another of the method,
// one reaching Canarias, a negative price, a band without an upper weight
// and a taken code, each with its reason on its field; every change is
// audited, and a deleted method takes its zones and bands with it.
func TestShippingDesk(t *testing.T) {
	t.Parallel()
	s := admintest.NewShop(t)
	h := adminshippingapi.New(shipping.New(s.Pool))
	ctx := s.Ctx

	list, err := h.ListShippingMethods(ctx, connect.NewRequest(&saboresv1.ListShippingMethodsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	codes := []string{}
	for _, m := range list.Msg.GetMethods() {
		codes = append(codes, m.GetCode())
	}
	if !slices.Equal(codes, []string{"standard", "cold_chain", "pickup_burela"}) || list.Msg.GetDefaultWeightGrams() != 1000 ||
		list.Msg.GetProductsWithoutWeight() != 3 {
		t.Fatalf("defaults: %v, weight %d, without weight %d", codes, list.Msg.GetDefaultWeightGrams(), list.Msg.GetProductsWithoutWeight())
	}
	std := list.Msg.GetMethods()[0]
	if std.GetFreeAboveCents() != 2995 || len(std.GetZones()) != 2 || len(std.GetZones()[0].GetBands()) != 5 {
		t.Errorf("standard: %v", std)
	}
	cold := list.Msg.GetMethods()[1]
	if !slices.Equal(cold.GetDispatchWeekdays(), []int32{1, 2, 3}) || cold.GetSurchargeCents() != 300 || !cold.GetLabelOutsidePlatform() {
		t.Errorf("cold chain: %v", cold)
	}

	created, err := h.CreateShippingMethod(ctx, connect.NewRequest(&saboresv1.CreateShippingMethodRequest{Method: &saboresv1.ShippingMethodInput{
		Code: "express", NameEs: "Urgente", NamePt: "Expresso", Kind: saboresv1.ShippingKind_SHIPPING_KIND_STANDARD, Active: true, Position: 5,
	}}))
	if err != nil {
		t.Fatal(err)
	}
	express := created.Msg.GetMethod()
	zoned, err := h.CreateShippingZone(ctx, connect.NewRequest(&saboresv1.CreateShippingZoneRequest{
		MethodId: express.GetId(), Zone: &saboresv1.ShippingZoneInput{Name: "Galicia", PostalPrefixes: []string{"15", "27", "32", "36"}},
	}))
	if err != nil {
		t.Fatal(err)
	}
	zone := zoned.Msg.GetMethod().GetZones()[0]
	banded, err := h.CreateShippingBand(ctx, connect.NewRequest(&saboresv1.CreateShippingBandRequest{
		ZoneId: zone.GetId(), Band: &saboresv1.ShippingBandInput{UpToGrams: 3000, PriceCents: 595},
	}))
	if err != nil || len(banded.Msg.GetMethod().GetZones()[0].GetBands()) != 1 {
		t.Fatalf("band: %v, %v", banded, err)
	}

	for name, tc := range map[string]struct {
		call   func() error
		code   connect.Code
		reason string
		field  string
	}{
		"a prefix of another zone": {func() error {
			_, err := h.CreateShippingZone(ctx, connect.NewRequest(&saboresv1.CreateShippingZoneRequest{
				MethodId: express.GetId(), Zone: &saboresv1.ShippingZoneInput{Name: "Burela", PostalPrefixes: []string{"28", "27880"}},
			}))
			return err
		}, connect.CodeFailedPrecondition, shipping.ReasonZoneOverlap, "zone.postal_prefixes[1]"},
		"Canarias": {func() error {
			_, err := h.UpdateShippingZone(ctx, connect.NewRequest(&saboresv1.UpdateShippingZoneRequest{
				Id: zone.GetId(), Zone: &saboresv1.ShippingZoneInput{Name: "Galicia", PostalPrefixes: []string{"15", "35"}},
			}))
			return err
		}, connect.CodeInvalidArgument, shipping.ReasonZoneOutsideVAT, "zone.postal_prefixes[1]"},
		"a negative price": {func() error {
			_, err := h.CreateShippingBand(ctx, connect.NewRequest(&saboresv1.CreateShippingBandRequest{
				ZoneId: zone.GetId(), Band: &saboresv1.ShippingBandInput{UpToGrams: 5000, PriceCents: -100},
			}))
			return err
		}, connect.CodeInvalidArgument, shipping.ReasonNegativePrice, "band.price_cents"},
		"no upper weight": {func() error {
			_, err := h.CreateShippingBand(ctx, connect.NewRequest(&saboresv1.CreateShippingBandRequest{
				ZoneId: zone.GetId(), Band: &saboresv1.ShippingBandInput{PriceCents: 995},
			}))
			return err
		}, connect.CodeInvalidArgument, shipping.ReasonBandNoLimit, "band.up_to_grams"},
		"a taken code": {func() error {
			_, err := h.UpdateShippingMethod(ctx, connect.NewRequest(&saboresv1.UpdateShippingMethodRequest{Id: express.GetId(), Method: &saboresv1.ShippingMethodInput{
				Code: "standard", NameEs: "Urgente", NamePt: "Expresso", Kind: saboresv1.ShippingKind_SHIPPING_KIND_STANDARD,
			}}))
			return err
		}, connect.CodeAlreadyExists, shipping.ReasonCodeTaken, "method.code"},
		"a zone for a pickup": {func() error {
			_, err := h.CreateShippingZone(ctx, connect.NewRequest(&saboresv1.CreateShippingZoneRequest{
				MethodId: list.Msg.GetMethods()[2].GetId(), Zone: &saboresv1.ShippingZoneInput{Name: "Burela", PostalPrefixes: []string{"27880"}},
			}))
			return err
		}, connect.CodeInvalidArgument, shipping.ReasonPickupHasNoZones, "zone"},
	} {
		code, reason, fields := refused(t, tc.call())
		if code != tc.code || reason != tc.reason || !slices.Equal(fields, []string{tc.field}) {
			t.Errorf("%s: %v %s %v, want %v %s on %s", name, code, reason, fields, tc.code, tc.reason, tc.field)
		}
	}

	if _, err := h.UpdateShippingSettings(ctx, connect.NewRequest(&saboresv1.UpdateShippingSettingsRequest{DefaultWeightGrams: 750})); err != nil {
		t.Fatal(err)
	}
	if _, err := h.DeleteShippingMethod(ctx, connect.NewRequest(&saboresv1.DeleteShippingMethodRequest{Id: express.GetId()})); err != nil {
		t.Fatal(err)
	}
	if n := s.Count(t, `SELECT count(*) FROM shipping_bands b JOIN shipping_zones z ON z.id = b.zone_id WHERE z.method_id = $1`, express.GetId()); n != 0 {
		t.Errorf("%d bands left of a deleted method", n)
	}
	if n := s.Count(t, `SELECT count(*) FROM audit_events WHERE action LIKE 'shipping.%' AND actor_user_id = $1`, s.Admin); n != 5 {
		t.Errorf("%d audit rows, want 5 (method, zone, band, settings, delete)", n)
	}
}
