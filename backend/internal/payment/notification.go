package payment

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/redsys"
)

// maxNotificationBytes bounds a notification's body: Redsys's are well
// under 4 KiB.
const maxNotificationBytes = 32 << 10

// maxStoredParameters is how much of Ds_MerchantParameters is kept.
const maxStoredParameters = 4 << 10

// Notifications receives Redsys's server-to-server notifications at
// NotificationPath.
type Notifications struct {
	pool     *pgxpool.Pool
	merchant *redsys.Merchant
	recorder Recorder
	refunds  RefundQueue
	log      *slog.Logger
}

// NewNotifications serves notifications signed for merchant, telling
// recorder what was decided and queueing through refunds the refund of a
// payment its order could no longer take.
func NewNotifications(pool *pgxpool.Pool, merchant *redsys.Merchant, recorder Recorder, refunds RefundQueue, log *slog.Logger) *Notifications {
	return &Notifications{pool: pool, merchant: merchant, recorder: recorder, refunds: refunds, log: log}
}

// notice is one notification as it will be logged and stored.
type notice struct {
	order    *string
	amount   *int64
	response *int32
	outcome  string
	detail   string
}

// ServeHTTP verifies a notification and records it with its outcome. Only
// a verified notification for a pending attempt, with the attempt's amount
// and currency, changes anything. It answers 200 to every notification
// Redsys signed, so Redsys does not resend what was recorded, and 400 to
// anything else.
func (n *Notifications) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxNotificationBytes)
	if err := r.ParseForm(); err != nil {
		_ = n.store(r, nil, notice{outcome: "malformed", detail: "unreadable form"}, "")
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	form := redsys.Form{
		SignatureVersion:   r.PostForm.Get("Ds_SignatureVersion"),
		MerchantParameters: r.PostForm.Get("Ds_MerchantParameters"),
		Signature:          r.PostForm.Get("Ds_Signature"),
	}
	result, err := n.merchant.Verify(form)
	if err != nil {
		nt := claimed(form.MerchantParameters)
		nt.outcome, nt.detail = "forged", err.Error()
		if errors.Is(err, redsys.ErrMalformed) {
			nt.outcome = "malformed"
		}
		_ = n.store(r, nil, nt, form.MerchantParameters)
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	var nt notice
	err = pgx.BeginFunc(r.Context(), n.pool, func(tx pgx.Tx) error {
		var err error
		nt, err = n.decide(r.Context(), tx, result)
		if err != nil {
			return err
		}
		return n.store(r, tx, nt, form.MerchantParameters)
	})
	if err != nil {
		n.log.ErrorContext(r.Context(), "redsys notification not recorded", "order", result.Order, "error", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte("OK"))
}

// decide applies a verified result to its attempt.
func (n *Notifications) decide(ctx context.Context, tx pgx.Tx, res redsys.Result) (notice, error) {
	response := int32(min(res.Response, 9999)) //nolint:gosec // at most 4 digits
	nt := notice{order: &res.Order, amount: &res.AmountCents, response: &response}
	if res.TransactionType != redsys.TransactionAuthorisation {
		nt.outcome, nt.detail = "ignored", "transaction type "+res.TransactionType
		return nt, nil
	}
	q := db.New(tx)
	attempt, err := q.LockPaymentAttempt(ctx, res.Order)
	if errors.Is(err, pgx.ErrNoRows) {
		nt.outcome = "unknown_order"
		return nt, nil
	}
	if err != nil {
		return nt, fmt.Errorf("payment: read attempt: %w", err)
	}
	switch {
	case res.Currency != redsys.CurrencyEUR:
		nt.outcome, nt.detail = "mismatch", "currency "+res.Currency
		return nt, nil
	case res.AmountCents != attempt.AmountCents:
		nt.outcome, nt.detail = "mismatch", fmt.Sprintf("amount %d cents, the attempt asked %d", res.AmountCents, attempt.AmountCents)
		return nt, nil
	case attempt.Status == "refused" && res.Authorised():
		return n.authorisedAfterRefusal(ctx, tx, attempt, res, nt)
	case attempt.Status != "pending":
		nt.outcome, nt.detail = "duplicate", "attempt already "+attempt.Status
		return nt, nil
	}
	d := Decision{
		OrderID: attempt.OrderID, RedsysOrder: attempt.RedsysOrder, Method: attempt.Method,
		AmountCents: attempt.AmountCents, Response: res.Response, AuthorisationCode: res.AuthorisationCode,
	}
	decision := db.DecidePaymentAttemptParams{
		Status: "refused", ResponseCode: &response, AuthorisationCode: res.AuthorisationCode, RedsysOrder: res.Order,
	}
	if !res.Authorised() {
		if _, err := q.DecidePaymentAttempt(ctx, decision); err != nil {
			return nt, fmt.Errorf("payment: decide attempt: %w", err)
		}
		nt.outcome = "refused"
		return nt, n.recorder.RecordRefusal(ctx, tx, d)
	}
	// The order is told first: whether this attempt paid it or is a late
	// payment (the order closed, or another attempt paid it) is its answer,
	// and the attempt is recorded as such at once, so that at most one
	// attempt is ever the one that paid the order.
	err = n.recorder.RecordAuthorisation(ctx, tx, d)
	decision.Status, decision.Late = "authorised", errors.Is(err, ErrOrderClosed)
	if err != nil && !decision.Late {
		return nt, err
	}
	if _, err := q.DecidePaymentAttempt(ctx, decision); err != nil {
		return nt, fmt.Errorf("payment: decide attempt: %w", err)
	}
	nt.outcome = "authorised"
	if decision.Late {
		nt.outcome, nt.detail = "late", "the order did not take it (closed, or paid by another attempt): refund queued"
		if err := n.refunds.QueueRefund(ctx, tx, d.RedsysOrder, d.AmountCents, LateRefundReason); err != nil {
			return nt, fmt.Errorf("payment: queue refund of %s: %w", d.RedsysOrder, err)
		}
	}
	return nt, nil
}

// authorisedAfterRefusal records Redsys authorising an attempt it had
// refused: the shopper was told no money was taken, and the order may since
// have been paid again or closed, so the money is a late payment, refunded
// on its own, and the owner is told (an audit event, and the order desk
// marks its refund).
func (n *Notifications) authorisedAfterRefusal(ctx context.Context, tx pgx.Tx, attempt db.PaymentAttempt, res redsys.Result, nt notice) (notice, error) {
	q := db.New(tx)
	response := *nt.response
	if _, err := q.AuthoriseRefusedAttempt(ctx, db.AuthoriseRefusedAttemptParams{
		ResponseCode: &response, AuthorisationCode: res.AuthorisationCode, RedsysOrder: attempt.RedsysOrder,
	}); err != nil {
		return nt, fmt.Errorf("payment: authorise refused attempt %s: %w", attempt.RedsysOrder, err)
	}
	if err := n.refunds.QueueRefund(ctx, tx, attempt.RedsysOrder, attempt.AmountCents, AfterRefusalRefundReason); err != nil {
		return nt, fmt.Errorf("payment: queue refund of %s: %w", attempt.RedsysOrder, err)
	}
	before, _ := json.Marshal(map[string]any{"redsys_order": attempt.RedsysOrder, "status": attempt.Status, "response_code": attempt.ResponseCode})
	after, _ := json.Marshal(map[string]any{
		"redsys_order": attempt.RedsysOrder, "status": "authorised", "response_code": response,
		"authorisation_code": res.AuthorisationCode, "amount_cents": attempt.AmountCents, "refund": AfterRefusalRefundReason,
	})
	if err := q.AuditInsert(ctx, db.AuditInsertParams{
		Actor: AuditActor, Action: AfterRefusalAuditAction, Entity: fmt.Sprintf("order:%d", attempt.OrderID),
		OldValue: before, NewValue: after,
	}); err != nil {
		return nt, fmt.Errorf("payment: audit %s: %w", attempt.RedsysOrder, err)
	}
	nt.outcome, nt.detail = "late", "authorised after Redsys refused it: refund queued, raised to the owner"
	return nt, nil
}

// claimed is what an unverified notification says about itself, kept as
// evidence only.
func claimed(params string) notice {
	p, err := redsys.DecodeParameters(params)
	if err != nil {
		return notice{}
	}
	var nt notice
	if order := p.Get("Ds_Order"); order != "" {
		if len(order) > 32 {
			order = order[:32]
		}
		nt.order = &order
	}
	return nt
}

// store logs the notification and writes it with tx, or on its own when tx
// is nil (a refused notification, recorded even though nothing else is).
func (n *Notifications) store(r *http.Request, tx pgx.Tx, nt notice, params string) error {
	level := slog.LevelInfo
	if nt.outcome != "authorised" && nt.outcome != "refused" && nt.outcome != "duplicate" {
		level = slog.LevelWarn
	}
	attrs := []any{"outcome", nt.outcome, "detail", nt.detail, "remote", r.RemoteAddr}
	if nt.order != nil {
		attrs = append(attrs, "order", *nt.order)
	}
	n.log.Log(r.Context(), level, "redsys notification", attrs...)
	if len(params) > maxStoredParameters {
		params = params[:maxStoredParameters]
	}
	arg := db.InsertPaymentNotificationParams{
		RedsysOrder: nt.order, AmountCents: nt.amount, ResponseCode: nt.response,
		Outcome: nt.outcome, Detail: nt.detail, RemoteAddr: r.RemoteAddr, Parameters: params,
	}
	if tx != nil {
		return db.New(tx).InsertPaymentNotification(r.Context(), arg)
	}
	if err := db.New(n.pool).InsertPaymentNotification(r.Context(), arg); err != nil {
		n.log.ErrorContext(r.Context(), "redsys notification not stored", "error", err)
		return err
	}
	return nil
}
