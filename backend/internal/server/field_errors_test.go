package server

import (
	"context"
	"errors"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"

	"github.com/sabores/sabores/backend/internal/api/adminsettingsapi"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/seed"
	"github.com/sabores/sabores/backend/internal/shopsettings"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// TestFieldErrorsHaveOneShape: a field broken against a rule of the
// contract (protovalidate) and one refused by the service's own check reach
// a client in the same shape, over every protocol: InvalidArgument with
// exactly one BadRequest detail (never buf.validate.Violations), whose field
// is the path into the request as the web app's forms key it (snake_case,
// list indexes in brackets) and whose description says what is wrong.
func TestFieldErrorsHaveOneShape(t *testing.T) {
	t.Parallel()
	pool := testPool(t)
	if err := seed.Catalogue(context.Background(), pool); err != nil {
		t.Fatal(err)
	}
	asAdmin := connect.UnaryInterceptorFunc(func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			return next(auth.WithPrincipal(ctx, auth.Principal{Email: "admin@sabores.es", Role: auth.RoleAdmin}), req)
		}
	})
	b := setup(t, Options{
		DB: pool, Interceptors: []connect.Interceptor{asAdmin},
		Services: Services{AdminSettings: adminsettingsapi.New(shopsettings.New(pool))},
	})
	clients := map[string]saboresv1connect.AdminSettingsServiceClient{
		"connect":  saboresv1connect.NewAdminSettingsServiceClient(b.h1, b.url),
		"gRPC":     saboresv1connect.NewAdminSettingsServiceClient(b.h2c, b.url, connect.WithGRPC()),
		"gRPC-Web": saboresv1connect.NewAdminSettingsServiceClient(b.h1, b.url, connect.WithGRPCWeb(), connect.WithProtoJSON()),
	}
	settings := func(edit func(*saboresv1.ShopDetails)) *saboresv1.UpdateShopSettingsRequest {
		d := &saboresv1.ShopDetails{
			LegalName: "Ana Lúcia Ferreira da Silva", Nif: "12345678Z",
			Address: &saboresv1.ShopAddress{Street: "Rúa Rosalía de Castro, 12", PostalCode: "27880", City: "Burela", Province: "Lugo"},
			Phone:   "+34 982 123 456", Email: "hola@sabores.es",
			OpeningHours: []*saboresv1.OpeningHours{{DayOfWeek: 1, Opens: "10:00", Closes: "14:00"}},
		}
		edit(d)
		return &saboresv1.UpdateShopSettingsRequest{Settings: &saboresv1.ShopSettings{Details: d, Iban: "ES7620770024003102575766"}}
	}
	cases := []struct {
		name   string
		req    *saboresv1.UpdateShopSettingsRequest
		want   *errdetails.BadRequest_FieldViolation
		reason string
	}{
		{
			// int32 gte/lte on OpeningHours.day_of_week, in a list.
			name: "contract rule",
			req: settings(func(d *saboresv1.ShopDetails) {
				d.OpeningHours = append(d.OpeningHours, &saboresv1.OpeningHours{DayOfWeek: 8, Opens: "10:00", Closes: "14:00"})
			}),
			want: &errdetails.BadRequest_FieldViolation{
				Field: "settings.details.opening_hours[1].day_of_week", Reason: "INT32_GTE_LTE",
				Description: "must be greater than or equal to 1 and less than or equal to 7",
			},
		},
		{
			// The NIF's check letter, which only shopsettings knows.
			name: "service check",
			req:  settings(func(d *saboresv1.ShopDetails) { d.Nif = "12345678A" }),
			want: &errdetails.BadRequest_FieldViolation{
				Field: "settings.details.nif", Description: "is not a valid NIF, NIE or company NIF",
			},
		},
	}
	for protocol, client := range clients {
		for _, tc := range cases {
			t.Run(protocol+"/"+tc.name, func(t *testing.T) {
				t.Parallel()
				_, err := client.UpdateShopSettings(context.Background(), connect.NewRequest(tc.req))
				var cerr *connect.Error
				if !errors.As(err, &cerr) || cerr.Code() != connect.CodeInvalidArgument {
					t.Fatalf("got %v, want InvalidArgument", err)
				}
				var got []*errdetails.BadRequest_FieldViolation
				for _, d := range cerr.Details() {
					v, derr := d.Value()
					if derr != nil {
						t.Fatalf("detail %s: %v", d.Type(), derr)
					}
					br, ok := v.(*errdetails.BadRequest)
					if !ok {
						t.Errorf("detail %s, want only google.rpc.BadRequest", d.Type())
						continue
					}
					got = append(got, br.GetFieldViolations()...)
				}
				if len(got) != 1 {
					t.Fatalf("%d field violations %v, want 1", len(got), got)
				}
				v := got[0]
				if v.GetField() != tc.want.GetField() || v.GetDescription() != tc.want.GetDescription() || v.GetReason() != tc.want.GetReason() {
					t.Errorf("violation {%q %q %q}, want {%q %q %q}", v.GetField(), v.GetDescription(), v.GetReason(),
						tc.want.GetField(), tc.want.GetDescription(), tc.want.GetReason())
				}
			})
		}
	}
}
