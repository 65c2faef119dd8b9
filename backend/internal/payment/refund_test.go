package payment

import (
	"context"
	"errors"
	"log/slog"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/sabores/sabores/backend/internal/devredsys"
	"github.com/sabores/sabores/backend/internal/redsys"
)

// refunds pays the test order through a notification and points the
// gateway's REST endpoint at the development gateway.
func refunds(t *testing.T) (*bundle, Checkout, *httptest.Server) {
	t.Helper()
	b := setup(t)
	c := b.begin(t, 1234, MethodCard)
	if code := b.post(t, signed(b.merchant, fields(c.RedsysOrder, "1234", "0000"))); code != 200 {
		t.Fatalf("payment: HTTP %d", code)
	}
	rest := httptest.NewUnstartedServer(nil)
	g, err := devredsys.New("/dev-redsys/", "http://"+rest.Listener.Addr().String(), rest.Client(), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	rest.Config.Handler = g
	rest.Start()
	t.Cleanup(rest.Close)
	b.gateway.Endpoints.REST = rest.URL + "/dev-redsys/rest/trataPeticionREST"
	return b, c, rest
}

func (b *bundle) refundStatuses(t *testing.T) map[string]int {
	t.Helper()
	rows, err := b.pool.Query(context.Background(), `SELECT status, sum(amount_cents) FROM payment_refunds GROUP BY status`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var s string
		var n int
		if err := rows.Scan(&s, &n); err != nil {
			t.Fatal(err)
		}
		out[s] = n
	}
	return out
}

// TestPartialRefundsNeverExceedThePayment refunds a paid order in parts,
// then asks for more than is left, at once from several goroutines.
func TestPartialRefundsNeverExceedThePayment(t *testing.T) {
	b, c, rest := refunds(t)
	ctx := context.Background()
	if s, err := b.gateway.Refund(ctx, b.pool, rest.Client(), c.RedsysOrder, 400, "returned line 2"); err != nil || s != RefundAccepted {
		t.Fatalf("first refund: %q, %v", s, err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	accepted := 0
	for range 4 {
		wg.Go(func() {
			s, err := b.gateway.Refund(ctx, b.pool, rest.Client(), c.RedsysOrder, 500, "cancelled")
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil && s == RefundAccepted:
				accepted++
			case !errors.Is(err, ErrNotRefundable):
				t.Errorf("refund: %q, %v", s, err)
			}
		})
	}
	wg.Wait()
	if accepted != 1 {
		t.Errorf("%d refunds of 5,00 € fitted in the 8,34 € left", accepted)
	}
	if got := b.refundStatuses(t); got[RefundAccepted] != 900 || len(got) != 1 {
		t.Errorf("refunds recorded %v", got)
	}
}

func TestRefundOutcomes(t *testing.T) {
	b, c, rest := refunds(t)
	ctx := context.Background()
	// An attempt never paid, and numbers never signed, are not refunded.
	unpaid := b.begin(t, 1234, MethodCard)
	for _, order := range []string{unpaid.RedsysOrder, "00099Z"} {
		if _, err := b.gateway.Refund(ctx, b.pool, rest.Client(), order, 100, ""); !errors.Is(err, ErrNotRefundable) {
			t.Errorf("refund of %s: %v", order, err)
		}
	}
	// Redsys refuses a request signed with another key.
	honest := b.gateway.Merchant
	b.gateway.Merchant, _ = redsys.NewMerchant(redsys.TestMerchantCode, redsys.TestTerminal, "Mk9m98IfEblmPfrpsawt7BmxObt98Jev")
	if s, err := b.gateway.Refund(ctx, b.pool, rest.Client(), c.RedsysOrder, 100, ""); err != nil || s != RefundRefused {
		t.Errorf("badly signed refund: %q, %v", s, err)
	}
	b.gateway.Merchant = honest
	// Redsys unreachable: the outcome is unknown and says so.
	rest.Close()
	if s, err := b.gateway.Refund(ctx, b.pool, rest.Client(), c.RedsysOrder, 100, ""); err == nil || s != RefundUnknown {
		t.Errorf("refund with Redsys down: %q, %v", s, err)
	}
	var code string
	if err := b.pool.QueryRow(ctx, `SELECT error_code FROM payment_refunds WHERE status = 'refused'`).Scan(&code); err != nil || code != "SIS0042" {
		t.Errorf("refused refund recorded %q, %v", code, err)
	}
	// An unknown refund still counts against what is left.
	if got := b.refundStatuses(t); got[RefundRefused] != 100 || got[RefundUnknown] != 100 {
		t.Errorf("refunds recorded %v", got)
	}
	if _, err := b.gateway.Refund(ctx, b.pool, rest.Client(), c.RedsysOrder, 1134+1, ""); !errors.Is(err, ErrNotRefundable) {
		t.Errorf("refund above what is left: %v", err)
	}
}
