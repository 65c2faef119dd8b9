package adminsettingsapi_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/protobuf/proto"

	"github.com/sabores/sabores/backend/internal/api/adminsettingsapi"
	"github.com/sabores/sabores/backend/internal/api/shopsettingsapi"
	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/seed"
	"github.com/sabores/sabores/backend/internal/shipping"
	"github.com/sabores/sabores/backend/internal/shopsettings"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// asAdmin makes every call an admin's, as the authorization interceptor
// would after a sign-in.
func asAdmin() connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			return next(auth.WithPrincipal(ctx, auth.Principal{Email: "admin@sabores.es", Role: auth.RoleAdmin}), req)
		}
	}
}

// client serves the service, and the storefront's ShopSettingsService over
// the same module, over HTTP behind the server's validation and
// error mapping, on a database `shopd seed` filled.
func client(t *testing.T) (saboresv1connect.AdminSettingsServiceClient, *httptest.Server, func(string) int) {
	t.Helper()
	pool := dbtest.New(t)
	if err := seed.Catalogue(context.Background(), pool); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	settings := shopsettings.New(pool)
	opts := connect.WithInterceptors(asAdmin(), apperr.Validate(), apperr.Interceptor())
	mux.Handle(saboresv1connect.NewShopSettingsServiceHandler(shopsettingsapi.New(settings, shipping.Stored{Queries: db.New(pool)}), opts))
	mux.Handle(saboresv1connect.NewAdminSettingsServiceHandler(adminsettingsapi.New(settings), opts))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	count := func(sql string) int {
		var n int
		if err := pool.QueryRow(context.Background(), sql).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	return saboresv1connect.NewAdminSettingsServiceClient(srv.Client(), srv.URL), srv, count
}

// real are settings an owner typed, with spaces and lower case.
func real() *saboresv1.ShopSettings {
	return &saboresv1.ShopSettings{
		Details: &saboresv1.ShopDetails{
			LegalName: "Ana Lúcia Ferreira da Silva",
			Nif:       "12345678-z",
			Address:   &saboresv1.ShopAddress{Street: "Rúa Rosalía de Castro, 12", PostalCode: "27880", City: "Burela", Province: "Lugo"},
			Phone:     "+34 982 123 456",
			Whatsapp:  "34612345678",
			Email:     "hola@sabores.es",
			OpeningHours: []*saboresv1.OpeningHours{
				{DayOfWeek: 6, Opens: "10:00", Closes: "14:00"},
				{DayOfWeek: 1, Opens: "10:00", Closes: "14:00"},
			},
		},
		Iban: "es76 2077 0024 0031 0257 5766",
	}
}

// violation returns the code of err and the field its BadRequest detail
// names, whether the contract's rules or the service's checks refused it.
func violation(err error) (connect.Code, string) {
	var cerr *connect.Error
	if !errors.As(err, &cerr) {
		return connect.CodeUnknown, ""
	}
	for _, d := range cerr.Details() {
		if v, derr := d.Value(); derr == nil {
			if br, ok := v.(*errdetails.BadRequest); ok && len(br.FieldViolations) > 0 {
				return cerr.Code(), br.FieldViolations[0].GetField()
			}
		}
	}
	return cerr.Code(), ""
}

func TestSeededSamplesAreListedUnfinished(t *testing.T) {
	t.Parallel()
	c, srv, _ := client(t)
	ctx := context.Background()
	got, err := c.GetShopSettings(ctx, connect.NewRequest(&saboresv1.GetShopSettingsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Msg.Unfinished) != 10 || got.Msg.Settings.Iban != shopsettings.Sample.IBAN {
		t.Errorf("after seed: unfinished %v, IBAN %q; want every field, the sample IBAN", got.Msg.Unfinished, got.Msg.Settings.Iban)
	}

	// The storefront's read is a cacheable GET and carries no IBAN.
	public := saboresv1connect.NewShopSettingsServiceClient(srv.Client(), srv.URL, connect.WithHTTPGet())
	details, err := public.GetShopDetails(ctx, connect.NewRequest(&saboresv1.GetShopDetailsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if details.Header().Get("Cache-Control") != "public, max-age=0, s-maxage=60" || details.Msg.Details.Nif != shopsettings.Sample.NIF {
		t.Errorf("GetShopDetails: Cache-Control %q, NIF %q", details.Header().Get("Cache-Control"), details.Msg.Details.Nif)
	}
}

func TestUpdateShopSettingsSavesNormalisedAndAudits(t *testing.T) {
	t.Parallel()
	c, _, count := client(t)
	ctx := context.Background()
	res, err := c.UpdateShopSettings(ctx, connect.NewRequest(&saboresv1.UpdateShopSettingsRequest{Settings: real()}))
	if err != nil {
		t.Fatalf("UpdateShopSettings: %v", err)
	}
	s := res.Msg.Settings
	if s.Details.Nif != "12345678Z" || s.Iban != "ES7620770024003102575766" {
		t.Errorf("saved NIF %q, IBAN %q; want them normalised", s.Details.Nif, s.Iban)
	}
	if days := []int32{s.Details.OpeningHours[0].DayOfWeek, s.Details.OpeningHours[1].DayOfWeek}; !slices.Equal(days, []int32{1, 6}) {
		t.Errorf("opening days %v, want Monday first", days)
	}
	if want := []string{"details.instagram_url", "details.facebook_url"}; len(res.Msg.Unfinished) != 0 {
		t.Errorf("unfinished after a real save = %v, want none (empty %v are optional)", res.Msg.Unfinished, want)
	}
	got, err := c.GetShopSettings(ctx, connect.NewRequest(&saboresv1.GetShopSettingsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if !proto.Equal(got.Msg.Settings, s) {
		t.Errorf("read back %v, want %v", got.Msg.Settings, s)
	}
	if n := count(`SELECT count(*) FROM audit_events WHERE action = 'shop.settings' AND actor = 'admin@sabores.es'
		AND old_value->>'nif' = '00000000T' AND new_value->>'nif' = '12345678Z'`); n != 1 {
		t.Errorf("%d audit rows from the sample to the real NIF, want 1", n)
	}
}

func TestUpdateShopSettingsRefusesInvalid(t *testing.T) {
	t.Parallel()
	c, _, count := client(t)
	ctx := context.Background()
	for _, tc := range []struct {
		name  string
		edit  func(*saboresv1.ShopSettings)
		field string
	}{
		{"NIF check letter", func(s *saboresv1.ShopSettings) { s.Details.Nif = "12345678A" }, "settings.details.nif"},
		{"IBAN check digits", func(s *saboresv1.ShopSettings) { s.Iban = "ES7620770024003102575767" }, "settings.iban"},
		{"IBAN characters", func(s *saboresv1.ShopSettings) { s.Iban = "ES76<script>" }, "settings.iban"},
		{"closes before it opens", func(s *saboresv1.ShopSettings) {
			s.Details.OpeningHours = []*saboresv1.OpeningHours{{DayOfWeek: 1, Opens: "14:00", Closes: "10:00"}}
		}, "settings.details.opening_hours[0]"},
		{"day 8", func(s *saboresv1.ShopSettings) {
			s.Details.OpeningHours = []*saboresv1.OpeningHours{{DayOfWeek: 8, Opens: "10:00", Closes: "14:00"}}
		}, "settings.details.opening_hours[0].day_of_week"},
		{"e-mail", func(s *saboresv1.ShopSettings) { s.Details.Email = "hola" }, "settings.details.email"},
		{"postal code", func(s *saboresv1.ShopSettings) { s.Details.Address.PostalCode = "2788" }, "settings.details.address.postal_code"},
		{"instagram elsewhere", func(s *saboresv1.ShopSettings) { s.Details.InstagramUrl = "javascript:alert(1)" }, "settings.details.instagram_url"},
		{"WhatsApp with a plus", func(s *saboresv1.ShopSettings) { s.Details.Whatsapp = "+34612345678" }, "settings.details.whatsapp"},
		{"no legal name", func(s *saboresv1.ShopSettings) { s.Details.LegalName = "" }, "settings.details.legal_name"},
	} {
		s := real()
		tc.edit(s)
		_, err := c.UpdateShopSettings(ctx, connect.NewRequest(&saboresv1.UpdateShopSettingsRequest{Settings: s}))
		if code, field := violation(err); code != connect.CodeInvalidArgument || field != tc.field {
			t.Errorf("%s: %v on %q, want InvalidArgument on %q (%v)", tc.name, code, field, tc.field, err)
		}
	}
	if n := count(`SELECT count(*) FROM audit_events`); n != 0 {
		t.Errorf("refused updates left %d audit rows", n)
	}
}
