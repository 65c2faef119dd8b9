package shop

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
)

// This file runs the withdrawal rules of withdrawal.go against the
// database: reading an order's options, recording a withdrawal, the goods
// received back and the refund. Each takes the caller's transaction.

// WithdrawalMailer queues a withdrawal's e-mail (kind as in
// outbound_emails.kind) in the caller's transaction.
type WithdrawalMailer interface {
	WithdrawalEmail(ctx context.Context, tx pgx.Tx, orderID, withdrawalID int64, kind, to string) error
}

// The withdrawal e-mails.
const (
	MailWithdrawalReceived      = "withdrawal_received"
	MailWithdrawalGoodsReceived = "withdrawal_goods_received"
	MailWithdrawalRefunded      = "withdrawal_refunded"
)

// The withdrawal statuses, as withdrawals.status stores them.
const (
	WithdrawalRequested = "requested"
	WithdrawalReceived  = "received"
	WithdrawalRefunded  = "refunded"
	WithdrawalRejected  = "rejected"
	WithdrawalCancelled = "cancelled"
)

// WithdrawalView is an order as the withdrawal function shows it.
type WithdrawalView struct {
	Order       db.Order
	Window      WithdrawalWindow
	DeliveredAt time.Time // zero until delivered
	Lines       []db.WithdrawableLinesRow
	Withdrawals []db.Withdrawal
	// WithdrawalLines are the lines of Withdrawals, by withdrawal then line.
	WithdrawalLines []db.WithdrawalLinesOfRow
}

// Bought is the view's lines for the rules.
func (v WithdrawalView) Bought() []BoughtLine {
	out := make([]BoughtLine, len(v.Lines))
	for i, l := range v.Lines {
		out[i] = BoughtLine{
			LineNo: l.LineNo, Quantity: l.Quantity, Withdrawn: l.Withdrawn,
			Perishable: l.Perishable, Frozen: l.Frozen, SealedHygiene: l.SealedHygiene,
		}
	}
	return out
}

// LoadWithdrawalView reads what the withdrawal function shows of order at now.
func LoadWithdrawalView(ctx context.Context, q *db.Queries, order db.Order, now time.Time) (WithdrawalView, error) {
	v := WithdrawalView{Order: order}
	delivered, err := q.OrderDeliveredAt(ctx, order.ID)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return v, fmt.Errorf("shop: delivery of order %d: %w", order.ID, err)
	}
	v.DeliveredAt = delivered
	v.Window = WithdrawalWindowAt(Fulfilment(order.Status), delivered, now)
	if v.Lines, err = q.WithdrawableLines(ctx, order.ID); err != nil {
		return v, fmt.Errorf("shop: lines of order %d: %w", order.ID, err)
	}
	if v.Withdrawals, err = q.ListWithdrawalsOfOrder(ctx, order.ID); err != nil {
		return v, fmt.Errorf("shop: withdrawals of order %d: %w", order.ID, err)
	}
	ids := make([]int64, len(v.Withdrawals))
	for i, w := range v.Withdrawals {
		ids[i] = w.ID
	}
	if v.WithdrawalLines, err = q.WithdrawalLinesOf(ctx, ids); err != nil {
		return v, fmt.Errorf("shop: withdrawn lines of order %d: %w", order.ID, err)
	}
	return v, nil
}

// WithdrawalRequest is a shopper's confirmed withdrawal.
type WithdrawalRequest struct {
	OrderID int64
	// OwnerID, when not 0, is the shopper the order must belong to; a
	// signed link has already proved the order.
	OwnerID int64
	// Channel is "account" or "link".
	Channel string
	Asked   []WithdrawalAsk
	Now     time.Time
	Mailer  Mailer
	WMailer WithdrawalMailer
}

// Withdraw records a withdrawal in tx with the order row locked, so two at
// once for one order queue and the second sees the first's lines; it queues
// the acknowledgement. Before shipping it cancels the order through Cancel
// (the stock goes back there): a paid order's withdrawal is then received
// at once, to refund; an unpaid one's is cancelled, with nothing to refund.
func Withdraw(ctx context.Context, tx pgx.Tx, r WithdrawalRequest) (db.Withdrawal, error) {
	q := db.New(tx)
	order, err := q.GetOrderForUpdate(ctx, r.OrderID)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && r.OwnerID != 0 && order.UserID != r.OwnerID) {
		return db.Withdrawal{}, fmt.Errorf("%w: %d", ErrOrderNotFound, r.OrderID)
	}
	if err != nil {
		return db.Withdrawal{}, fmt.Errorf("shop: lock order %d: %w", r.OrderID, err)
	}
	v, err := LoadWithdrawalView(ctx, q, order, r.Now)
	if err != nil {
		return db.Withdrawal{}, err
	}
	lines, err := CheckWithdrawal(v.Window, v.Bought(), r.Asked)
	if err != nil {
		return db.Withdrawal{}, err
	}
	status, lineStatus := WithdrawalRequested, WithdrawalRequested
	var receivedAt *time.Time
	if v.Window.CancelsOrder {
		if status, lineStatus, err = cancelForWithdrawal(ctx, tx, q, order, r.Mailer); err != nil {
			return db.Withdrawal{}, err
		}
		if status == WithdrawalReceived {
			receivedAt = &r.Now
		}
	}
	w, err := q.InsertWithdrawal(ctx, db.InsertWithdrawalParams{
		OrderID: order.ID, Status: status, Channel: r.Channel, CancelledOrder: v.Window.CancelsOrder, ReceivedAt: receivedAt,
	})
	if err != nil {
		return db.Withdrawal{}, fmt.Errorf("shop: record withdrawal of order %d: %w", order.ID, err)
	}
	for _, l := range lines {
		if err := q.InsertWithdrawalLine(ctx, db.InsertWithdrawalLineParams{
			WithdrawalID: w.ID, OrderID: order.ID, LineNo: l.LineNo, Quantity: l.Quantity, Status: lineStatus,
		}); err != nil {
			return db.Withdrawal{}, fmt.Errorf("shop: record withdrawn line %d: %w", l.LineNo, err)
		}
	}
	if r.WMailer != nil {
		if err := r.WMailer.WithdrawalEmail(ctx, tx, order.ID, w.ID, MailWithdrawalReceived, order.DeliveryEmail); err != nil {
			return db.Withdrawal{}, err
		}
	}
	return w, nil
}

// cancelForWithdrawal cancels a withdrawn order that has not shipped: the
// shopper's own cancellation while placed, the system's on their behalf
// once it is being prepared (the lifecycle allows both).
func cancelForWithdrawal(ctx context.Context, tx pgx.Tx, q *db.Queries, order db.Order, mailer Mailer) (status, lineStatus string, err error) {
	who := ShopperActor
	if Fulfilment(order.Status) != Placed {
		who = SystemActor
	}
	cancelled, _, err := Cancel(ctx, q, Cancellation{
		OrderID: order.ID, Who: who, ActorUserID: 0, Note: localNote(order.Language, "Desistimiento del contrato", "Desistência do contrato"),
	})
	if err != nil {
		return "", "", err
	}
	if err := Notify(ctx, tx, mailer, cancelled, "cancelled"); err != nil {
		return "", "", err
	}
	switch Payment(cancelled.PaymentStatus) {
	case Paid, PartiallyRefunded:
		return WithdrawalReceived, WithdrawalReceived, nil
	}
	return WithdrawalCancelled, WithdrawalRequested, nil
}

// Receipt records the goods of a withdrawal received back.
type Receipt struct {
	WithdrawalID int64
	// Rejected are the sealed hygiene lines that came back opened, with why.
	Rejected    map[int32]string
	Note        string
	ActorUserID int64
}

// ReceiveWithdrawal records r in q's transaction: accepted lines return to
// stock through the ledger (an adjustment of reason "return" naming the
// order), rejected ones are kept with their reason. Only sealed hygiene
// lines may be rejected; a withdrawal with every line rejected is rejected.
func ReceiveWithdrawal(ctx context.Context, q *db.Queries, r Receipt) (before, after db.Withdrawal, err error) {
	before, err = q.GetWithdrawalForUpdate(ctx, r.WithdrawalID)
	if err != nil {
		return before, before, fmt.Errorf("shop: withdrawal %d: %w", r.WithdrawalID, err)
	}
	if before.Status != WithdrawalRequested {
		return before, before, refuseWithdrawal(ReasonWithdrawalNotRequested, "the withdrawal is not waiting for its goods",
			map[string]string{"status": before.Status})
	}
	lines, err := q.WithdrawalLinesOf(ctx, []int64{before.ID})
	if err != nil {
		return before, before, fmt.Errorf("shop: lines of withdrawal %d: %w", before.ID, err)
	}
	sealed := map[int32]bool{}
	for _, l := range lines {
		sealed[l.LineNo] = l.SealedHygiene
	}
	for no := range r.Rejected {
		if !sealed[no] {
			return before, before, refuseWithdrawal(ReasonWithdrawalRejectNotHyg,
				fmt.Sprintf("line %d is not a sealed hygiene product: it cannot be refused for being opened", no),
				map[string]string{"line_no": strconv.Itoa(int(no))})
		}
	}
	accepted := 0
	for _, l := range lines {
		status, reason := WithdrawalReceived, ""
		if why, ok := r.Rejected[l.LineNo]; ok {
			status, reason = WithdrawalRejected, why
		} else {
			accepted++
		}
		if err := q.SetWithdrawalLineStatus(ctx, db.SetWithdrawalLineStatusParams{
			WithdrawalID: before.ID, LineNo: l.LineNo, Status: status, RejectReason: reason,
		}); err != nil {
			return before, before, fmt.Errorf("shop: line %d of withdrawal %d: %w", l.LineNo, before.ID, err)
		}
	}
	status := WithdrawalReceived
	if accepted == 0 {
		status = WithdrawalRejected
	}
	after, err = q.MarkWithdrawalReceived(ctx, db.MarkWithdrawalReceivedParams{ID: before.ID, Status: status, Note: r.Note})
	if err != nil {
		return before, before, fmt.Errorf("shop: receive withdrawal %d: %w", before.ID, err)
	}
	if accepted > 0 {
		if err := returnStock(ctx, q, before, r.ActorUserID); err != nil {
			return before, before, err
		}
	}
	return before, after, nil
}

// returnStock puts a withdrawal's accepted units back on the shelf, locking
// the products in id order as checkout does.
func returnStock(ctx context.Context, q *db.Queries, w db.Withdrawal, actorUserID int64) error {
	actor := ""
	if actorUserID != 0 {
		actor = strconv.FormatInt(actorUserID, 10)
	}
	if err := q.SetStockMovement(ctx, db.SetStockMovementParams{
		Kind: "adjustment", Reason: "return", OrderID: strconv.FormatInt(w.OrderID, 10), ActorUserID: actor,
		Note: fmt.Sprintf("withdrawal %d", w.ID),
	}); err != nil {
		return fmt.Errorf("shop: book the return of withdrawal %d: %w", w.ID, err)
	}
	ids, err := q.WithdrawalProductIDs(ctx, w.ID)
	if err != nil {
		return fmt.Errorf("shop: products of withdrawal %d: %w", w.ID, err)
	}
	if _, err := q.LockProducts(ctx, ids); err != nil {
		return fmt.Errorf("shop: lock products of withdrawal %d: %w", w.ID, err)
	}
	if _, err := q.ReturnWithdrawnStock(ctx, w.ID); err != nil {
		return fmt.Errorf("shop: return the stock of withdrawal %d: %w", w.ID, err)
	}
	return nil
}
