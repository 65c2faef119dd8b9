package adminorderapi_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/sabores/sabores/backend/internal/api/adminorderapi"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/order"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// queues returns f with a handler whose order module has a real River
// client, not started: the rows it writes (e-mails, refund jobs) are what
// counts here.
func (f fixture) queues(t *testing.T) fixture {
	t.Helper()
	client, err := river.NewClient(riverpgxv5.New(f.Pool), &river.Config{Workers: river.NewWorkers(), SkipUnknownJobCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	mails, refunds := jobs.NewMailQueue(client, "pedidos@sabores.test"), jobs.NewRefundQueue(client)
	f.svc = adminorderapi.New(order.New(f.Pool).WithMailer(mails).WithRefunds(refunds), f.Pool)
	dbtest.ShopSettings(t, f.Pool)
	return f
}

func (f fixture) bankRefund(id, cents int64, reference, day string) (*saboresv1.RecordBankRefundResponse, error) {
	res, err := f.svc.RecordBankRefund(f.Ctx, connect.NewRequest(&saboresv1.RecordBankRefundRequest{
		OrderId: id, AmountCents: cents, BankReference: reference, RefundDate: day,
	}))
	if err != nil {
		return nil, err
	}
	return res.Msg, nil
}

// TestRecordBankRefundOfCancelledTransferOrder: a transfer order paid then
// cancelled keeps its money until the desk records the bank refund, which
// only such an order takes, once, for at most what was paid and on a day
// not to come: then the payment is refunded in the timeline with the
// bank's reference, audited, the shopper e-mailed and the desk lists it.
func TestRecordBankRefundOfCancelledTransferOrder(t *testing.T) {
	t.Parallel()
	f := setup(t)
	f = f.queues(t)
	id := f.placeFixture(t, "transfer", "paid")
	running := f.placeFixture(t, "transfer", "paid")
	if _, err := f.advance(id, saboresv1.OrderAction_ORDER_ACTION_CANCEL, "", "", "sin stock"); err != nil {
		t.Fatal(err)
	}
	desk, err := f.svc.GetAdminOrder(f.Ctx, connect.NewRequest(&saboresv1.GetAdminOrderRequest{Id: id}))
	if err != nil {
		t.Fatal(err)
	}
	if !desk.Msg.GetBankRefundAllowed() || len(desk.Msg.GetRefunds()) != 0 {
		t.Fatalf("cancelled paid transfer order: bank refund allowed %v, refunds %v", desk.Msg.GetBankRefundAllowed(), desk.Msg.GetRefunds())
	}

	refusals := []struct {
		name      string
		order     int64
		cents     int64
		day, want string
	}{
		{"an order still running", running, 500, "2026-01-10", "BANK_REFUND_NOT_ALLOWED"},
		{"more than was paid", id, 501, "2026-01-10", "BANK_REFUND_TOO_MUCH"},
		{"a day to come", id, 500, "2999-01-01", "BANK_REFUND_DATE"},
		{"no such day", id, 500, "2026-02-30", "BANK_REFUND_DATE"},
	}
	for _, tt := range refusals {
		_, err := f.bankRefund(tt.order, tt.cents, "TRF-1", tt.day)
		if code, reason := connecttest.Detail(t, err); code != connect.CodeFailedPrecondition || reason != tt.want {
			t.Errorf("%s: %v %s, want %s", tt.name, code, reason, tt.want)
		}
	}
	if n := f.Count(t, `SELECT count(*) FROM bank_refunds`); n != 0 {
		t.Fatalf("%d bank refunds recorded by refused calls", n)
	}

	res, err := f.bankRefund(id, 500, " TRF-2026-0042 ", "2026-01-10")
	if err != nil {
		t.Fatal(err)
	}
	if got := res.GetOrder().GetPaymentStatus(); got != saboresv1.PaymentStatus_PAYMENT_STATUS_REFUNDED {
		t.Errorf("payment %v, want refunded", got)
	}
	if r := res.GetRefund(); r.GetAmountCents() != 500 || r.GetBankReference() != "TRF-2026-0042" || r.GetRefundDate() != "2026-01-10" ||
		r.GetMethod() != saboresv1.RefundMethod_REFUND_METHOD_BANK_TRANSFER || r.GetState() != saboresv1.RefundState_REFUND_STATE_DONE {
		t.Errorf("refund %v", r)
	}
	_, err = f.bankRefund(id, 500, "TRF-2026-0043", "2026-01-11")
	if code, reason := connecttest.Detail(t, err); code != connect.CodeFailedPrecondition || reason != "BANK_REFUND_NOT_ALLOWED" {
		t.Errorf("second bank refund: %v %s", code, reason)
	}
	if n := f.Count(t, `SELECT count(*) FROM order_events WHERE order_id = $1 AND machine = 'payment' AND from_state = 'paid'
		AND to_state = 'refunded' AND actor = 'admin' AND actor_user_id = $2 AND note LIKE '%TRF-2026-0042%'`, id, f.Admin); n != 1 {
		t.Errorf("%d bank refund events in the timeline, want 1", n)
	}
	if n := f.Count(t, `SELECT count(*) FROM audit_events WHERE action = 'order.bank_refund' AND entity = $1
		AND new_value->>'bank_reference' = 'TRF-2026-0042' AND (new_value->>'amount_cents')::bigint = 500
		AND new_value->>'payment_status' = 'refunded'`, "order:"+itoa(id)); n != 1 {
		t.Errorf("%d audit events of the bank refund, want 1", n)
	}
	if n := f.Count(t, `SELECT count(*) FROM outbound_emails WHERE order_id = $1 AND kind = 'bank_refunded'`, id); n != 1 {
		t.Errorf("%d bank refund e-mails, want 1", n)
	}
	desk, err = f.svc.GetAdminOrder(f.Ctx, connect.NewRequest(&saboresv1.GetAdminOrderRequest{Id: id}))
	if err != nil {
		t.Fatal(err)
	}
	if refunds := desk.Msg.GetRefunds(); desk.Msg.GetBankRefundAllowed() || len(refunds) != 1 || refunds[0].GetBankReference() != "TRF-2026-0042" {
		t.Errorf("desk after the refund: allowed %v, refunds %v", desk.Msg.GetBankRefundAllowed(), refunds)
	}
}

// TestRetryFailedCardRefund: the desk lists a card refund Redsys refused on
// every try as failed and retries it: queued again with a new job, audited;
// a refund already queued is not retried.
func TestRetryFailedCardRefund(t *testing.T) {
	t.Parallel()
	f := setup(t)
	f = f.queues(t)
	id := f.placeFixture(t, "card", "refunded")
	var refund int64
	if err := f.Pool.QueryRow(context.Background(), `WITH a AS (
			INSERT INTO payment_attempts (redsys_order, order_id, attempt, method, amount_cents, status, decided_at)
			VALUES ('0001AC', $1, 1, 'card', 500, 'authorised', now()) RETURNING redsys_order)
		INSERT INTO payment_refunds (redsys_order, amount_cents, reason, status, tries, error_code)
		SELECT redsys_order, 500, 'order cancelled', 'failed', 10, 'SIS0042' FROM a RETURNING id`, id).Scan(&refund); err != nil {
		t.Fatal(err)
	}
	desk, err := f.svc.GetAdminOrder(f.Ctx, connect.NewRequest(&saboresv1.GetAdminOrderRequest{Id: id}))
	if err != nil {
		t.Fatal(err)
	}
	if r := desk.Msg.GetRefunds(); len(r) != 1 || r[0].GetState() != saboresv1.RefundState_REFUND_STATE_FAILED ||
		r[0].GetTries() != 10 || r[0].GetErrorCode() != "SIS0042" || r[0].GetId() != refund {
		t.Fatalf("desk refunds %v, want the failed one", r)
	}
	res, err := f.svc.RetryRefund(f.Ctx, connect.NewRequest(&saboresv1.RetryRefundRequest{Id: refund}))
	if err != nil {
		t.Fatal(err)
	}
	if s := res.Msg.GetRefund().GetState(); s != saboresv1.RefundState_REFUND_STATE_QUEUED {
		t.Errorf("retried refund %v, want queued", s)
	}
	_, err = f.svc.RetryRefund(f.Ctx, connect.NewRequest(&saboresv1.RetryRefundRequest{Id: refund}))
	if code, reason := connecttest.Detail(t, err); code != connect.CodeFailedPrecondition || reason != "REFUND_NOT_RETRYABLE" {
		t.Errorf("retry of a queued refund: %v %s", code, reason)
	}
	if n := f.Count(t, `SELECT count(*) FROM river_job WHERE kind = 'redsys_refund' AND (args->>'refund_id')::bigint = $1`, refund); n != 1 {
		t.Errorf("%d refund jobs, want 1", n)
	}
	var audit string
	if err := f.Pool.QueryRow(context.Background(), `SELECT (old_value->>'status') || '>' || (new_value->>'status') FROM audit_events
		WHERE action = 'refund.retry' AND entity = $1`, "payment_refund:"+itoa(refund)).Scan(&audit); err != nil || !strings.EqualFold(audit, "failed>queued") {
		t.Errorf("audit of the retry %q (%v), want failed>queued", audit, err)
	}
}

// TestDeskRaisesRefundAfterRefusal: the refund of a payment Redsys
// authorised after refusing it is marked for the owner on the order desk;
// the order's other refunds are not.
func TestDeskRaisesRefundAfterRefusal(t *testing.T) {
	t.Parallel()
	f := setup(t)
	id := f.placeFixture(t, "card", "awaiting_payment")
	if _, err := f.Pool.Exec(context.Background(), `WITH a AS (
			INSERT INTO payment_attempts (redsys_order, order_id, attempt, method, amount_cents, status, decided_at, late, authorised_after_refusal)
			VALUES ('0001AD', $1, 1, 'card', 500, 'authorised', now(), true, true),
			       ('0002AD', $1, 2, 'card', 500, 'authorised', now(), true, false) RETURNING redsys_order)
		INSERT INTO payment_refunds (redsys_order, amount_cents, reason)
		SELECT redsys_order, 500, CASE WHEN redsys_order = '0001AD' THEN 'a' ELSE 'b' END FROM a`, id); err != nil {
		t.Fatal(err)
	}
	desk, err := f.svc.GetAdminOrder(f.Ctx, connect.NewRequest(&saboresv1.GetAdminOrderRequest{Id: id}))
	if err != nil {
		t.Fatal(err)
	}
	var raised []string
	for _, r := range desk.Msg.GetRefunds() {
		if r.GetAuthorisedAfterRefusal() {
			raised = append(raised, r.GetReason())
		}
	}
	if len(desk.Msg.GetRefunds()) != 2 || len(raised) != 1 || raised[0] != "a" {
		t.Errorf("refunds %v, raised %v, want the one of 0001AD", desk.Msg.GetRefunds(), raised)
	}
}

// TestDeskShowsWhenRedsysRefunded: a card refund Redsys accepted carries
// the moment it did and the Redsys order it was asked under, for the
// desk's "Reembolsado el …"; one still asked carries no such moment.
func TestDeskShowsWhenRedsysRefunded(t *testing.T) {
	t.Parallel()
	f := setup(t)
	id := f.placeFixture(t, "card", "refunded")
	if _, err := f.Pool.Exec(context.Background(), `WITH a AS (
			INSERT INTO payment_attempts (redsys_order, order_id, attempt, method, amount_cents, status, decided_at)
			VALUES ('0001AD', $1, 1, 'card', 500, 'authorised', now()) RETURNING redsys_order)
		INSERT INTO payment_refunds (redsys_order, amount_cents, reason, status, tries, decided_at)
		SELECT redsys_order, 300, 'order cancelled', 'accepted', 1, '2026-03-02 10:15+01'::timestamptz FROM a
		UNION ALL SELECT redsys_order, 200, 'withdrawal', 'requested', 1, '2026-03-02 10:20+01'::timestamptz FROM a`, id); err != nil {
		t.Fatal(err)
	}
	desk, err := f.svc.GetAdminOrder(f.Ctx, connect.NewRequest(&saboresv1.GetAdminOrderRequest{Id: id}))
	if err != nil {
		t.Fatal(err)
	}
	done := 0
	for _, r := range desk.Msg.GetRefunds() {
		if r.GetGatewayReference() != "0001AD" {
			t.Errorf("refund %d: gateway reference %q, want 0001AD", r.GetId(), r.GetGatewayReference())
		}
		switch r.GetState() {
		case saboresv1.RefundState_REFUND_STATE_DONE:
			done++
			if got := r.GetDecideTime().AsTime(); !got.Equal(time.Date(2026, 3, 2, 9, 15, 0, 0, time.UTC)) {
				t.Errorf("accepted refund decided %v, want 2026-03-02 09:15 UTC", got)
			}
		default:
			if r.GetDecideTime() != nil {
				t.Errorf("refund %v not accepted carries a decision time", r.GetState())
			}
		}
	}
	if done != 1 || len(desk.Msg.GetRefunds()) != 2 {
		t.Errorf("refunds %v, want one accepted and one asked", desk.Msg.GetRefunds())
	}
}
