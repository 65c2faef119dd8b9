package config

import (
	"log/slog"
	"strings"
	"testing"

	"github.com/sabores/sabores/backend/internal/redsys"
)

// A made-up terminal key (Base64 of 24 bytes), not Redsys's test key.
const someRedsysKey = "c2VjcmV0LWtleS1mb3ItdGVzdHMtb2sh"

// TestDevRedsysRule: auto stands the development gateway in only in
// development, with no terminal configured, where only this machine can
// reach the shop; true forces it except in production.
func TestDevRedsysRule(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		env  map[string]string
		want bool
	}{
		{"defaults", nil, true},
		{"127.0.0.1 and localhost", map[string]string{"ADDR": "127.0.0.1:9000", "PUBLIC_URL": "http://localhost:9000"}, true},
		{"::1", map[string]string{"ADDR": "[::1]:9000", "PUBLIC_URL": "http://[::1]:9000"}, true},
		{"every address", map[string]string{"ADDR": ":8080"}, false},
		{"0.0.0.0", map[string]string{"ADDR": "0.0.0.0:8080"}, false},
		{"public URL elsewhere", map[string]string{"PUBLIC_URL": "https://tienda.example"}, false},
		{"a real terminal", map[string]string{"REDSYS_MERCHANT_CODE": "123456789", "REDSYS_SECRET_KEY": someRedsysKey}, false},
		{"production", map[string]string{"ENV": EnvProduction, "METRICS_ADDR": "127.0.0.1:9090"}, false},
		{"forced on", map[string]string{"ADDR": ":8080", "PUBLIC_URL": "https://dev.example", "DEV_REDSYS": "true"}, true},
		{"forced off", map[string]string{"DEV_REDSYS": "false"}, false},
	} {
		c, err := load(t, tc.env)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if c.DevRedsys != tc.want {
			t.Errorf("%s: DevRedsys = %v, want %v", tc.name, c.DevRedsys, tc.want)
		}
	}
}

func TestRedsysOptionsRefused(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"ENV": EnvProduction, "DEV_REDSYS": "true"}, "never in production"},
		{map[string]string{"DEV_REDSYS": "true", "REDSYS_MERCHANT_CODE": "123456789", "REDSYS_SECRET_KEY": someRedsysKey}, "exclude each other"},
		{map[string]string{"REDSYS_SECRET_KEY": someRedsysKey}, "must be set together"},
		{map[string]string{"REDSYS_MERCHANT_CODE": "123456789"}, "must be set together"},
		{map[string]string{"REDSYS_MERCHANT_CODE": "123456789", "REDSYS_SECRET_KEY": "dG9vIHNob3J0"}, "24 bytes"},
		{map[string]string{"REDSYS_MERCHANT_CODE": "12345678901", "REDSYS_SECRET_KEY": someRedsysKey}, "merchant code"},
		{map[string]string{"REDSYS_TERMINAL": "1001", "REDSYS_MERCHANT_CODE": "123456789", "REDSYS_SECRET_KEY": someRedsysKey}, "terminal"},
		{map[string]string{"REDSYS_ENVIRONMENT": "prod"}, "REDSYS_ENVIRONMENT"},
		{map[string]string{"REDSYS_SIGNATURE_VERSION": "HMAC_SHA512_V1"}, "REDSYS_SIGNATURE_VERSION"},
		{map[string]string{"PAYMENT_METHODS": "card,paypal"}, "PAYMENT_METHODS"},
		{map[string]string{"PAYMENT_METHODS": "card,card"}, "twice"},
		{map[string]string{"PAYMENT_METHODS": " , "}, "at least one"},
	} {
		_, err := load(t, tc.env)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("load(%v) error = %v, want one saying %q", tc.env, err, tc.want)
		}
		if err != nil && strings.Contains(err.Error(), someRedsysKey) {
			t.Errorf("error %v prints the secret key", err)
		}
	}
}

func TestRedsysEndpoints(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name     string
		env      map[string]string
		ok       bool
		code     string
		redirect string
		version  string
	}{
		{"development gateway", nil, true, redsys.TestMerchantCode, "http://localhost:8080/dev-redsys/realizarPago", redsys.SignatureVersion},
		{"development gateway in V2", map[string]string{"REDSYS_SIGNATURE_VERSION": "HMAC_SHA512_V2"}, true, redsys.TestMerchantCode, "http://localhost:8080/dev-redsys/realizarPago", redsys.SignatureSHA512V2},
		{"nothing configured", map[string]string{"DEV_REDSYS": "false"}, false, "", "", ""},
		{"test terminal", map[string]string{"REDSYS_MERCHANT_CODE": "123456789", "REDSYS_SECRET_KEY": someRedsysKey}, true, "123456789", redsys.TestEndpoints.Redirect, redsys.SignatureVersion},
		{"live terminal", map[string]string{"REDSYS_MERCHANT_CODE": "123456789", "REDSYS_SECRET_KEY": someRedsysKey, "REDSYS_ENVIRONMENT": "live"}, true, "123456789", "https://sis.redsys.es/sis/realizarPago", redsys.SignatureVersion},
		{"live terminal in V2", map[string]string{"REDSYS_MERCHANT_CODE": "123456789", "REDSYS_SECRET_KEY": someRedsysKey, "REDSYS_ENVIRONMENT": "live", "REDSYS_SIGNATURE_VERSION": "HMAC_SHA512_V2"}, true, "123456789", "https://sis.redsys.es/sis/realizarPago", redsys.SignatureSHA512V2},
	} {
		c, err := load(t, tc.env)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		m, endpoints, ok := c.Redsys()
		wantREST := strings.Replace(tc.redirect, "realizarPago", "rest/trataPeticionREST", 1)
		if ok != tc.ok || endpoints.Redirect != tc.redirect || endpoints.REST != wantREST || (ok && (m.Code != tc.code || m.SignatureVersion() != tc.version)) {
			t.Errorf("%s: Redsys() = %v, %+v, %v", tc.name, m, endpoints, ok)
		}
	}
}

func TestRedsysSecretNeverPrinted(t *testing.T) {
	t.Parallel()
	c, err := load(t, map[string]string{"REDSYS_MERCHANT_CODE": "123456789", "REDSYS_SECRET_KEY": someRedsysKey})
	if err != nil {
		t.Fatal(err)
	}
	var logged strings.Builder
	slog.New(slog.NewTextHandler(&logged, nil)).Info("config", "config", c)
	for _, out := range []string{c.String(), logged.String(), Markdown()} {
		if strings.Contains(out, someRedsysKey) {
			t.Errorf("%q leaks the Redsys key", out)
		}
	}
	if !strings.Contains(c.String(), "REDSYS_SECRET_KEY=[redacted]") {
		t.Errorf("%q does not show the key as redacted", c.String())
	}
}

func TestOfferedPaymentMethods(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		env  map[string]string
		want string
	}{
		{"development defaults", nil, "card,bizum,transfer,cash"},
		{"no terminal", map[string]string{"DEV_REDSYS": "false"}, "transfer,cash"},
		{"terminal", map[string]string{
			"REDSYS_MERCHANT_CODE": "123456789", "REDSYS_SECRET_KEY": someRedsysKey,
		}, "card,bizum,transfer,cash"},
		{"only what is listed", map[string]string{"PAYMENT_METHODS": "bizum,cash"}, "bizum,cash"},
	} {
		c, err := load(t, tc.env)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := strings.Join(c.OfferedPaymentMethods(), ","); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
}

// TestCashSurcharge: the surcharge is whole cents up to the maximum.
func TestCashSurcharge(t *testing.T) {
	t.Parallel()
	if c, err := load(t, map[string]string{"CASH_ON_DELIVERY_SURCHARGE_CENTS": "250"}); err != nil || c.CashSurchargeCents != 250 {
		t.Errorf("250 cents: %v, %v", c, err)
	}
	if c, err := load(t, nil); err != nil || c.CashSurchargeCents != 0 {
		t.Errorf("default: %v, %v", c, err)
	}
	for _, v := range []string{"-1", "1001", "2.50", "x"} {
		if _, err := load(t, map[string]string{"CASH_ON_DELIVERY_SURCHARGE_CENTS": v}); err == nil {
			t.Errorf("surcharge %q accepted", v)
		}
	}
}
