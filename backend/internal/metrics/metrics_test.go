package metrics_test

import (
	"errors"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/sabores/sabores/backend/internal/metrics"
)

// TestRefusedCallsAreCounted: calls answered before their body is read
// show with the handled ones, by code, so a flood of anonymous admin calls
// is seen.
func TestRefusedCallsAreCounted(t *testing.T) {
	t.Parallel()
	m := metrics.New()
	for range 3 {
		m.Refused("/sabores.v1.AdminProductService/UploadProductImage", connect.NewError(connect.CodeUnauthenticated, errors.New("sign in")))
	}
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	body, _ := io.ReadAll(rec.Body)
	want := `sabores_rpc_calls_total{code="unauthenticated",procedure="/sabores.v1.AdminProductService/UploadProductImage"} 3`
	if !strings.Contains(string(body), want) {
		t.Errorf("metrics lack %s", want)
	}
}

// TestVerifactuCertificateExpiry: the gauge the expiry alert reads says
// when the certificate expires, in Unix seconds (shopd registers it only
// when a certificate is configured, so systemtest's shop has none).
func TestVerifactuCertificateExpiry(t *testing.T) {
	t.Parallel()
	notAfter := time.Date(2027, 7, 1, 0, 0, 0, 0, time.UTC)
	reg := prometheus.NewRegistry()
	reg.MustRegister(metrics.VerifactuCertificateExpiry(notAfter))
	want := `
# HELP sabores_verifactu_certificate_expiry_timestamp_seconds When the certificate VeriFactu records are sent with expires, in Unix seconds.
# TYPE sabores_verifactu_certificate_expiry_timestamp_seconds gauge
sabores_verifactu_certificate_expiry_timestamp_seconds 1.8144e+09
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want)); err != nil {
		t.Error(err)
	}
}
