package payment

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"google.golang.org/genproto/googleapis/rpc/errdetails"

	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/devredsys"
	"github.com/sabores/sabores/backend/internal/redsys"
)

// restGateway is the development gateway's REST interface, counting the
// refunds it is asked for.
type restGateway struct {
	srv   *httptest.Server
	calls atomic.Int32
}

// refunds pays the test order through a notification and points the
// gateway's REST endpoint at the development gateway.
func refunds(t *testing.T) (*bundle, Checkout, *restGateway) {
	t.Helper()
	b := setup(t)
	c := b.begin(t, 1234, MethodCard)
	if code := b.post(t, signed(b.merchant, fields(c.RedsysOrder, "1234", "0000"))); code != 200 {
		t.Fatalf("payment: HTTP %d", code)
	}
	rest := &restGateway{srv: httptest.NewUnstartedServer(nil)}
	g, err := devredsys.New("/dev-redsys/", "http://"+rest.srv.Listener.Addr().String(), rest.srv.Client(), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	rest.srv.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rest.calls.Add(1)
		g.ServeHTTP(w, r)
	})
	rest.srv.Start()
	t.Cleanup(rest.srv.Close)
	b.gateway.Endpoints.REST = rest.srv.URL + "/dev-redsys/rest/trataPeticionREST"
	return b, c, rest
}

// record records a refund in a transaction of its own.
func (b *bundle) record(t *testing.T, order string, cents int64) (int64, error) {
	t.Helper()
	var id int64
	err := pgx.BeginFunc(context.Background(), b.pool, func(tx pgx.Tx) error {
		var err error
		id, err = RecordRefund(context.Background(), tx, order, cents, "test")
		return err
	})
	return id, err
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

// TestPartialRefundsNeverExceedThePayment records a part of a paid order's
// refund, asks it, then records more than is left at once from several
// goroutines: one fits.
func TestPartialRefundsNeverExceedThePayment(t *testing.T) {
	b, c, rest := refunds(t)
	ctx := context.Background()
	id, err := b.record(t, c.RedsysOrder, 400)
	if err != nil {
		t.Fatal(err)
	}
	if s, err := b.gateway.AskRefund(ctx, b.pool, rest.srv.Client(), id, false); err != nil || s != RefundAccepted {
		t.Fatalf("first refund: %q, %v", s, err)
	}
	var wg sync.WaitGroup
	var fitted atomic.Int32
	for range 4 {
		wg.Go(func() {
			_, err := b.record(t, c.RedsysOrder, 500)
			switch {
			case err == nil:
				fitted.Add(1)
			case !errors.Is(err, ErrNotRefundable):
				t.Errorf("refund: %v", err)
			}
		})
	}
	wg.Wait()
	if fitted.Load() != 1 {
		t.Errorf("%d refunds of 5,00 € fitted in the 8,34 € left", fitted.Load())
	}
	if got := b.refundStatuses(t); got[RefundAccepted] != 400 || got[RefundQueued] != 500 || len(got) != 2 {
		t.Errorf("refunds recorded %v", got)
	}
}

// TestRefundAskedOnce: a refund already accepted, asked again (its job run
// twice), calls Redsys no more; a try cut short mid-call is never asked
// again by itself, only after the desk requeues it.
func TestRefundAskedOnce(t *testing.T) {
	b, c, rest := refunds(t)
	ctx := context.Background()
	id, err := b.record(t, c.RedsysOrder, 300)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if s, err := b.gateway.AskRefund(ctx, b.pool, rest.srv.Client(), id, false); err != nil || s != RefundAccepted {
			t.Fatalf("refund: %q, %v", s, err)
		}
	}
	if n := rest.calls.Load(); n != 1 {
		t.Errorf("Redsys asked %d times for one refund", n)
	}
	if err := pgx.BeginFunc(ctx, b.pool, func(tx pgx.Tx) error { return RequeueRefund(ctx, tx, id) }); !errors.Is(err, ErrRefundNotPending) {
		t.Errorf("requeue of an accepted refund: %v", err)
	}

	cut, err := b.record(t, c.RedsysOrder, 200)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.pool.Exec(ctx, `UPDATE payment_refunds SET status = 'requested', tries = 1 WHERE id = $1`, cut); err != nil {
		t.Fatal(err)
	}
	if s, err := b.gateway.AskRefund(ctx, b.pool, rest.srv.Client(), cut, false); err == nil || s != RefundUnknown {
		t.Errorf("refund cut short: %q, %v", s, err)
	}
	if _, err := b.gateway.AskRefund(ctx, b.pool, rest.srv.Client(), cut, false); !errors.Is(err, ErrRefundNotPending) {
		t.Errorf("unknown refund asked again: %v", err)
	}
	if n := rest.calls.Load(); n != 1 {
		t.Errorf("Redsys asked %d times, want 1: an unknown refund is not asked again", n)
	}
	if err := pgx.BeginFunc(ctx, b.pool, func(tx pgx.Tx) error { return RequeueRefund(ctx, tx, cut) }); err != nil {
		t.Fatal(err)
	}
	if s, err := b.gateway.AskRefund(ctx, b.pool, rest.srv.Client(), cut, false); err != nil || s != RefundAccepted {
		t.Errorf("requeued refund: %q, %v", s, err)
	}
	if got := b.refundStatuses(t); got[RefundAccepted] != 500 || len(got) != 1 {
		t.Errorf("refunds recorded %v", got)
	}
}

func TestRefundOutcomes(t *testing.T) {
	b, c, rest := refunds(t)
	ctx := context.Background()
	// An attempt never paid, and numbers never signed, are not refunded.
	unpaid := b.begin(t, 1234, MethodCard)
	for _, order := range []string{unpaid.RedsysOrder, "00099Z"} {
		if _, err := b.record(t, order, 100); !errors.Is(err, ErrNotRefundable) {
			t.Errorf("refund of %s: %v", order, err)
		}
	}
	// Redsys refuses a request signed with another key: queued again, then
	// failed when it was the last try.
	id, err := b.record(t, c.RedsysOrder, 100)
	if err != nil {
		t.Fatal(err)
	}
	honest := b.gateway.Merchant
	b.gateway.Merchant, _ = redsys.NewMerchant(redsys.TestMerchantCode, redsys.TestTerminal, "Mk9m98IfEblmPfrpsawt7BmxObt98Jev")
	for _, want := range []string{RefundQueued, RefundFailed} {
		if s, err := b.gateway.AskRefund(ctx, b.pool, rest.srv.Client(), id, want == RefundFailed); err != nil || s != want {
			t.Errorf("badly signed refund: %q, %v, want %s", s, err, want)
		}
	}
	b.gateway.Merchant = honest
	var code string
	var tries int
	if err := b.pool.QueryRow(ctx, `SELECT error_code, tries FROM payment_refunds WHERE id = $1`, id).Scan(&code, &tries); err != nil || code != "SIS0042" || tries != 2 {
		t.Errorf("refused refund recorded %q after %d tries, %v", code, tries, err)
	}
	// Redsys unreachable: the outcome is unknown and says so.
	down, err := b.record(t, c.RedsysOrder, 100)
	if err != nil {
		t.Fatal(err)
	}
	rest.srv.Close()
	if s, err := b.gateway.AskRefund(ctx, b.pool, rest.srv.Client(), down, false); err == nil || s != RefundUnknown {
		t.Errorf("refund with Redsys down: %q, %v", s, err)
	}
	// Failed and unknown refunds still count against what is left.
	if got := b.refundStatuses(t); got[RefundFailed] != 100 || got[RefundUnknown] != 100 {
		t.Errorf("refunds recorded %v", got)
	}
	if _, err := b.record(t, c.RedsysOrder, 1034+1); !errors.Is(err, ErrNotRefundable) {
		t.Errorf("refund above what is left: %v", err)
	}
}

// TestNotRefundableIsABusinessError: a refund the payment cannot take (more
// than is left, or of an attempt never paid) reaches the client as
// FailedPrecondition with reason PAYMENT_NOT_REFUNDABLE and its figures,
// never as an internal error.
func TestNotRefundableIsABusinessError(t *testing.T) {
	b, c, _ := refunds(t)
	unpaid := b.begin(t, 1234, MethodCard)
	for _, tc := range []struct {
		order       string
		cents       int64
		left, asked string
	}{
		{c.RedsysOrder, 1235, "1234", "1235"},
		{unpaid.RedsysOrder, 100, "0", "100"},
	} {
		_, err := b.record(t, tc.order, tc.cents)
		if !errors.Is(err, ErrNotRefundable) {
			t.Fatalf("%s: %v, want ErrNotRefundable", tc.order, err)
		}
		cerr := new(connect.Error)
		if !errors.As(apperr.ToConnect(context.Background(), "/test", err), &cerr) || cerr.Code() != connect.CodeFailedPrecondition {
			t.Fatalf("%s: %v, want failed_precondition", tc.order, cerr)
		}
		var info *errdetails.ErrorInfo
		for _, d := range cerr.Details() {
			if v, err := d.Value(); err == nil {
				if i, ok := v.(*errdetails.ErrorInfo); ok {
					info = i
				}
			}
		}
		if info == nil || info.GetReason() != ReasonNotRefundable || info.GetMetadata()["redsys_order"] != tc.order ||
			info.GetMetadata()["left_cents"] != tc.left || info.GetMetadata()["asked_cents"] != tc.asked {
			t.Errorf("%s: error info %v", tc.order, info)
		}
	}
}
