package metrics_test

import (
	"errors"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"connectrpc.com/connect"

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
