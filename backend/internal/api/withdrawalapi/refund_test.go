package withdrawalapi_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/riverqueue/river/rivertype"

	"github.com/sabores/sabores/backend/internal/devredsys"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/jobs/jobstest"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/payment"
	"github.com/sabores/sabores/backend/internal/redsys"
	"github.com/sabores/sabores/backend/internal/testwait"
	"github.com/sabores/sabores/backend/internal/withdrawal"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// quickRetry retries failed jobs after 200 ms instead of River's seconds.
type quickRetry struct{}

func (quickRetry) NextRetry(*rivertype.JobRow) time.Time {
	return time.Now().Add(200 * time.Millisecond)
}

// redsysGateway is the development gateway's REST interface, counting the
// refunds asked of it and refusing (SIS0042) the first refuse of them.
type redsysGateway struct {
	gateway *payment.Gateway
	client  *http.Client
	asked   atomic.Int32
	refuse  int32
}

// startRefunds serves the development gateway and starts River working
// refunds through it, as shopd does; the service queues refunds there.
func (b *bundle) startRefunds(t *testing.T, refuse int32) *redsysGateway {
	t.Helper()
	merchant, err := redsys.NewMerchant(redsys.TestMerchantCode, redsys.TestTerminal, redsys.TestSecretKey)
	if err != nil {
		t.Fatal(err)
	}
	rest := httptest.NewUnstartedServer(nil)
	g, err := devredsys.New("/dev-redsys/", "http://"+rest.Listener.Addr().String(), rest.Client(), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	r := &redsysGateway{refuse: refuse, client: rest.Client()}
	rest.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if r.asked.Add(1) <= r.refuse {
			_, _ = w.Write([]byte(`{"errorCode":"SIS0042"}`))
			return
		}
		g.ServeHTTP(w, req)
	})
	rest.Start()
	t.Cleanup(rest.Close)
	r.gateway = &payment.Gateway{Merchant: merchant, Endpoints: redsys.Endpoints{REST: rest.URL + "/dev-redsys/rest/trataPeticionREST"}}
	client, err := jobs.NewClient(b.pool, jobs.Options{
		PaymentWindows: order.DefaultPaymentWindows(), Refunds: r.gateway, HTTPClient: rest.Client(),
		RetryPolicy: quickRetry{}, Logger: slog.New(slog.DiscardHandler),
	})
	if err != nil {
		t.Fatal(err)
	}
	jobstest.Start(t, client)
	b.mod.WithRefunds(jobs.NewRefundQueue(client))
	return r
}

// cardWithdrawal is a delivered card order paid under Redsys order 0001AB
// with 2 of its 3 guaranás (5,00 €) withdrawn and received back.
func (b *bundle) cardWithdrawal(t *testing.T) (orderID, withdrawalID int64) {
	t.Helper()
	ctx, userID := b.shopper(t, "carla")
	orderID = b.order(t, userID, "card", "delivered", b.now.Add(-time.Hour))
	exec(t, b.pool, `INSERT INTO payment_attempts (redsys_order, order_id, attempt, method, amount_cents, status, decided_at)
		SELECT '0001AB', id, 1, 'card', total_cents, 'authorised', now() FROM orders WHERE id = $1`, orderID)
	res, err := b.svc.WithdrawMyOrder(ctx, connect.NewRequest(&saboresv1.WithdrawMyOrderRequest{OrderId: orderID, Lines: lines(1, 2)}))
	if err != nil {
		t.Fatal(err)
	}
	withdrawalID = res.Msg.GetWithdrawal().GetId()
	if _, err := b.back.ReceiveWithdrawal(admin(), connect.NewRequest(&saboresv1.ReceiveWithdrawalRequest{Id: withdrawalID})); err != nil {
		t.Fatal(err)
	}
	return orderID, withdrawalID
}

func (b *bundle) refunds(t *testing.T) string {
	t.Helper()
	var got string
	if err := b.pool.QueryRow(context.Background(), `SELECT coalesce(string_agg(redsys_order || ':' || amount_cents || ':' || status || ':' || tries, ',' ORDER BY id), '')
		FROM payment_refunds`).Scan(&got); err != nil {
		t.Fatal(err)
	}
	return got
}

// TestCardRefundThroughRedsys refunds a card order's withdrawal of 2 of its
// 3 guaranás: the partial refund of exactly those units (5,00 €) is
// recorded and queued with the withdrawal's refund, and River's job gets
// it accepted by Redsys (the development gateway speaking its REST
// protocol), asked once. Without a refund queue nothing is recorded and
// the withdrawal stays to refund.
func TestCardRefundThroughRedsys(t *testing.T) {
	b := setup(t, false)
	_, id := b.cardWithdrawal(t)
	_, err := b.back.RefundWithdrawal(admin(), connect.NewRequest(&saboresv1.RefundWithdrawalRequest{Id: id}))
	wantReason(t, err, connect.CodeFailedPrecondition, withdrawal.ReasonWithdrawalRefundFailed)
	var status, pay string
	if err := b.pool.QueryRow(context.Background(), `SELECT w.status, o.payment_status FROM withdrawals w JOIN orders o ON o.id = w.order_id
		WHERE w.id = $1`, id).Scan(&status, &pay); err != nil || status != "received" || pay != "paid" {
		t.Fatalf("after a refused refund: %s/%s (%v), want received/paid", status, pay, err)
	}
	if got := b.refunds(t); got != "" {
		t.Fatalf("refunds recorded: %s", got)
	}

	r := b.startRefunds(t, 0)
	ref, err := b.back.RefundWithdrawal(admin(), connect.NewRequest(&saboresv1.RefundWithdrawalRequest{Id: id}))
	if err != nil {
		t.Fatal(err)
	}
	if w := ref.Msg.GetWithdrawal(); w.GetRefundMethod() != withdrawal.RefundRedsys || w.GetRefundCents() != 500 {
		t.Fatalf("refunded = %v", w)
	}
	testwait.Until(t, 15*time.Second, "the refund accepted", func() bool { return b.refunds(t) == "0001AB:500:accepted:1" })
	b.refundJobsSettle(t)
	if got, n := b.refunds(t), r.asked.Load(); got != "0001AB:500:accepted:1" || n != 1 {
		t.Errorf("refunds %s, Redsys asked %d times; want one of 500 asked once", got, n)
	}
}

// TestRefusedRefundIsRetriedAndRefundsOnce: Redsys refuses the first try
// of a withdrawal's refund; River's retry asks again and it is accepted.
// Two tries, one refund, no second job: the money went back once.
func TestRefusedRefundIsRetriedAndRefundsOnce(t *testing.T) {
	b := setup(t, false)
	r := b.startRefunds(t, 1)
	_, id := b.cardWithdrawal(t)
	if _, err := b.back.RefundWithdrawal(admin(), connect.NewRequest(&saboresv1.RefundWithdrawalRequest{Id: id})); err != nil {
		t.Fatal(err)
	}
	testwait.Until(t, 15*time.Second, "the refund accepted", func() bool { return b.refunds(t) == "0001AB:500:accepted:2" })
	b.refundJobsSettle(t)
	if got, n := b.refunds(t), r.asked.Load(); got != "0001AB:500:accepted:2" || n != 2 {
		t.Errorf("refunds %s, Redsys asked %d times; want one refund of 500 after 2 tries", got, n)
	}
	var jobs int
	var code string
	if err := b.pool.QueryRow(context.Background(), `SELECT count(*), max(state::text) FROM river_job WHERE kind = 'redsys_refund'`).Scan(&jobs, &code); err != nil || jobs != 1 || code != "completed" {
		t.Errorf("%d refund jobs, state %s (%v); want 1 completed", jobs, code, err)
	}
}

// TestConcurrentWithdrawalsNeverExceedWhatWasBought races eight withdrawals
// of one unit of a three-unit line: the order row lock makes them queue, so
// exactly three go through and the others are told nothing is left.
func TestConcurrentWithdrawalsNeverExceedWhatWasBought(t *testing.T) {
	b := setup(t, false)
	ctx, userID := b.shopper(t, "bea")
	orderID := b.order(t, userID, "cash", "delivered", b.now.Add(-time.Hour))
	const tries = 8
	errs := make([]error, tries)
	var wg sync.WaitGroup
	for i := range tries {
		wg.Go(func() {
			_, errs[i] = b.svc.WithdrawMyOrder(ctx, connect.NewRequest(&saboresv1.WithdrawMyOrderRequest{OrderId: orderID, Lines: lines(1, 1)}))
		})
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
			continue
		}
		wantReason(t, err, connect.CodeFailedPrecondition, withdrawal.ReasonWithdrawalQuantity)
	}
	if ok != 3 {
		t.Fatalf("%d withdrawals went through, want 3", ok)
	}
}

// refundJobsSettle waits until every refund job has finished, so that a
// second request to Redsys, had one been queued, would have been made.
func (b *bundle) refundJobsSettle(t *testing.T) {
	t.Helper()
	testwait.Until(t, 15*time.Second, "the refund jobs finished", func() bool {
		var open int
		if err := b.pool.QueryRow(context.Background(),
			`SELECT count(*) FROM river_job WHERE kind = 'redsys_refund' AND state <> 'completed'`).Scan(&open); err != nil {
			t.Fatal(err)
		}
		return open == 0
	})
}
