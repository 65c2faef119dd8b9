package cli

import (
	"flag"
	"io"
	"slices"
	"testing"

	"github.com/sabores/sabores/backend/internal/config"
)

// TestPaymentFormOrigins: the CSP lets the checkout's form post to the
// configured Redsys environment, and adds nothing for the development
// gateway, which is the shop itself.
func TestPaymentFormOrigins(t *testing.T) {
	t.Parallel()
	const key = "c2VjcmV0LWtleS1mb3ItdGVzdHMtb2sh"
	for _, tc := range []struct {
		name string
		env  map[string]string
		want []string
	}{
		{"development gateway", map[string]string{}, nil},
		{"no terminal", map[string]string{"DEV_REDSYS": "false"}, nil},
		{"test terminal", map[string]string{"REDSYS_MERCHANT_CODE": "123456789", "REDSYS_SECRET_KEY": key}, []string{"https://sis-t.redsys.es:25443"}},
		{"live terminal", map[string]string{"REDSYS_MERCHANT_CODE": "123456789", "REDSYS_SECRET_KEY": key, "REDSYS_ENVIRONMENT": "live"}, []string{"https://sis.redsys.es"}},
	} {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		cfg, err := config.BindFlags(fs).Load(func(k string) (string, bool) { v, ok := tc.env[k]; return v, ok })
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := paymentFormOrigins(cfg); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
