package invoice_test

import (
	"context"
	"errors"
	"testing"

	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/shopsettings"
)

// TestSettingsIssuer reads the identity from the shop's settings, and
// refuses to invoice while any part is missing.
func TestSettingsIssuer(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	if _, err := (invoice.SettingsIssuer{}).Issuer(ctx, pool); !errors.Is(err, invoice.ErrIssuerMissing) {
		t.Fatalf("no settings: %v", err)
	}
	for _, tc := range []struct {
		value string
		want  invoice.Issuer
		err   error
	}{
		{`{"legalName": "Sabores S.L.", "nif": "B12345674", "address": {"street": "Calle Mayor 1", "postalCode": "28013", "city": "Madrid", "province": "Madrid"}}`,
			invoice.Issuer{Name: "Sabores S.L.", NIF: "B12345674", Address: "Calle Mayor 1, 28013 Madrid"}, nil},
		{`{"legalName": "Sabores S.L.", "nif": "B12345674", "address": {"street": "Rúa 2", "postalCode": "15001", "city": "A Coruña", "province": "Coruña"}}`,
			invoice.Issuer{Name: "Sabores S.L.", NIF: "B12345674", Address: "Rúa 2, 15001 A Coruña (Coruña)"}, nil},
		{`{"legalName": "Sabores S.L.", "nif": "", "address": {"street": "Calle Mayor 1"}}`, invoice.Issuer{}, invoice.ErrIssuerMissing},
	} {
		if _, err := pool.Exec(ctx, `INSERT INTO settings (key, value) VALUES ('shop', $1)
			ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, tc.value); err != nil {
			t.Fatal(err)
		}
		got, err := (invoice.SettingsIssuer{}).Issuer(ctx, pool)
		if !errors.Is(err, tc.err) || got != tc.want {
			t.Errorf("%s: got %+v, %v; want %+v, %v", tc.value, got, err, tc.want, tc.err)
		}
	}
}

// TestSettingsIssuerRefusesTheSample: where the identity must be real
// (production), the sample's is as good as none, and the owner's own is
// issued as before.
func TestSettingsIssuerRefusesTheSample(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	dbtest.ShopSettings(t, pool)
	if _, err := (invoice.SettingsIssuer{RealIdentity: true}).Issuer(ctx, pool); !errors.Is(err, invoice.ErrIssuerMissing) {
		t.Errorf("the sample identity, in production: %v, want ErrIssuerMissing", err)
	}
	if got, err := (invoice.SettingsIssuer{}).Issuer(ctx, pool); err != nil || got.NIF != shopsettings.Sample.NIF {
		t.Errorf("the sample identity, in development: %+v, %v", got, err)
	}
	if _, err := pool.Exec(ctx, `UPDATE settings SET value = value || '{"legalName": "Maria Souza", "nif": "12345678Z", "email": "maria@sabores.es"}'::jsonb || jsonb_build_object('address', value->'address' || '{"street": "Rúa da Mariña 3"}'::jsonb) WHERE key = 'shop'`); err != nil {
		t.Fatal(err)
	}
	if got, err := (invoice.SettingsIssuer{RealIdentity: true}).Issuer(ctx, pool); err != nil || got.Name != "Maria Souza" || got.NIF != "12345678Z" {
		t.Errorf("the owner's identity, in production: %+v, %v", got, err)
	}
}
