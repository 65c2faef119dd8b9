package payment

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/ratelimit"
	"github.com/sabores/sabores/backend/internal/redsys"
)

// maxNotificationBytes bounds a notification's body: Redsys's are well
// under 4 KiB.
const maxNotificationBytes = 32 << 10

// maxStoredParameters is how much of a verified notification's
// Ds_MerchantParameters is kept.
const maxStoredParameters = 4 << 10

// Rejected notifications allowed per peer (the client address,
// TRUSTED_PROXIES honoured): NotificationBurst at once, then one per
// NotificationInterval. Only notifications that fail verification count:
// Redsys's servers send every genuine notification from a few addresses,
// so a busy day must not throttle them, while a client posting forgeries
// in a loop is refused before its body is read.
const (
	NotificationInterval = 100 * time.Millisecond
	NotificationBurst    = 50
)

// rejectedLogEvery is how often one peer's rejected notifications are
// logged: a flood costs one log line a minute per peer, the metric counts
// them all.
const rejectedLogEvery = time.Minute

// Reasons a notification is rejected unverified, as the rejection counter
// labels them.
const (
	RejectedMalformed   = "malformed"
	RejectedForged      = "forged"
	RejectedRateLimited = "rate_limited"
)

// Notifications receives Redsys's server-to-server notifications at
// NotificationPath.
type Notifications struct {
	pool     *pgxpool.Pool
	merchant *redsys.Merchant
	recorder Recorder
	refunds  RefundQueue
	log      *slog.Logger
	limit    *ratelimit.Limiter
	sampled  *ratelimit.Limiter
	rejected func(reason string)
}

// NewNotifications serves notifications signed for merchant, telling
// recorder what was decided and queueing through refunds the refund of a
// payment its order could no longer take. Each peer may post
// NotificationBurst rejected notifications at once, then one per
// NotificationInterval.
func NewNotifications(pool *pgxpool.Pool, merchant *redsys.Merchant, recorder Recorder, refunds RefundQueue, log *slog.Logger) *Notifications {
	return &Notifications{
		pool: pool, merchant: merchant, recorder: recorder, refunds: refunds, log: log,
		limit:    ratelimit.New(NotificationInterval, NotificationBurst),
		sampled:  ratelimit.New(rejectedLogEvery, 1),
		rejected: func(string) {},
	}
}

// WithLimit lets each peer post burst rejected notifications at once, then
// one per interval.
func (n *Notifications) WithLimit(interval time.Duration, burst int) *Notifications {
	n.limit = ratelimit.New(interval, burst)
	return n
}

// WithRejections counts each notification rejected unverified by its
// reason (RejectedMalformed, RejectedForged, RejectedRateLimited): the
// metric is all that is kept of them.
func (n *Notifications) WithRejections(count func(reason string)) *Notifications {
	n.rejected = count
	return n
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
// Redsys signed, so Redsys does not resend what was recorded, 400 to
// anything else, and 429 to a peer whose rejected notifications came too
// fast. Nothing of a
// notification that fails verification is stored, so posting them costs
// the shop no storage: it is counted, and logged at most once a minute
// per peer.
func (n *Notifications) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	peer := ratelimit.ClientAddrFrom(r.Context(), r.RemoteAddr)
	if blocked, wait := n.limit.Blocked(peer); blocked {
		n.reject(r, peer, RejectedRateLimited, "too many notifications")
		w.Header().Set("Retry-After", strconv.Itoa(max(1, int(math.Ceil(wait.Seconds())))))
		http.Error(w, "too many requests, try again later", http.StatusTooManyRequests)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxNotificationBytes)
	if err := r.ParseForm(); err != nil {
		n.reject(r, peer, RejectedMalformed, "unreadable form")
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
		reason := RejectedForged
		if errors.Is(err, redsys.ErrMalformed) {
			reason = RejectedMalformed
		}
		n.reject(r, peer, reason, err.Error())
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

// reject counts a notification refused unverified, charges it to the
// peer's allowance of rejections, and logs it at most once a minute per
// peer.
func (n *Notifications) reject(r *http.Request, peer, reason, detail string) {
	n.rejected(reason)
	if reason != RejectedRateLimited {
		n.limit.Allow(peer)
	}
	if ok, _ := n.sampled.Allow(peer); ok {
		n.log.WarnContext(r.Context(), "redsys notification rejected (one line a minute per peer)",
			"reason", reason, "detail", detail, "remote", peer)
	}
}

// store logs a verified notification and writes it with tx. A duplicate
// keeps no parameters: the copy that decided the attempt keeps them, and a
// replayed copy (the browser's return carries one) must cost little.
func (n *Notifications) store(r *http.Request, tx pgx.Tx, nt notice, params string) error {
	level := slog.LevelInfo
	if nt.outcome != "authorised" && nt.outcome != "refused" && nt.outcome != "duplicate" {
		level = slog.LevelWarn
	}
	remote := ratelimit.ClientAddrFrom(r.Context(), r.RemoteAddr)
	attrs := []any{"outcome", nt.outcome, "detail", nt.detail, "remote", remote}
	if nt.order != nil {
		attrs = append(attrs, "order", *nt.order)
	}
	n.log.Log(r.Context(), level, "redsys notification", attrs...)
	switch {
	case nt.outcome == "duplicate":
		params = ""
	case len(params) > maxStoredParameters:
		params = params[:maxStoredParameters]
	}
	return db.New(tx).InsertPaymentNotification(r.Context(), db.InsertPaymentNotificationParams{
		RedsysOrder: nt.order, AmountCents: nt.amount, ResponseCode: nt.response,
		Outcome: nt.outcome, Detail: nt.detail, RemoteAddr: remote, Parameters: params,
	})
}

// How long verified notifications are kept: the evidence of a payment as
// long as a shopper or the bank may dispute it (card chargebacks reach
// 540 days), and the repeats that decided nothing (duplicates) a month.
const (
	NotificationRetention = 2 * 365 * 24 * time.Hour
	RepeatRetention       = 30 * 24 * time.Hour
)

// PruneNotifications forgets the notifications past their retention at
// now and says how many.
func PruneNotifications(ctx context.Context, q *db.Queries, now time.Time) (int64, error) {
	n, err := q.PrunePaymentNotifications(ctx, db.PrunePaymentNotificationsParams{
		Before: now.Add(-NotificationRetention), RepeatsBefore: now.Add(-RepeatRetention),
	})
	if err != nil {
		return 0, fmt.Errorf("payment: prune notifications: %w", err)
	}
	return n, nil
}
