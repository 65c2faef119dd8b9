package withdrawal

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/order"
)

// This file runs the rules of rules.go against the database: reading an
// order's options, recording a withdrawal and the goods received back. Each
// takes the use case's transaction.

// Mailer queues a withdrawal's e-mail (kind as in outbound_emails.kind) in
// the caller's transaction.
type Mailer interface {
	WithdrawalEmail(ctx context.Context, tx pgx.Tx, orderID, withdrawalID int64, kind, to string) error
}

// The withdrawal e-mails.
const (
	MailWithdrawalReceived      = "withdrawal_received"
	MailWithdrawalGoodsReceived = "withdrawal_goods_received"
	MailWithdrawalRefunded      = "withdrawal_refunded"
)

// View is an order as the withdrawal function shows it.
type View struct {
	Order       db.Order
	Window      Window
	DeliveredAt time.Time // zero until delivered
	Lines       []db.WithdrawableLinesRow
	Withdrawals []db.Withdrawal
	// WithdrawalLines are the lines of Withdrawals, by withdrawal then line.
	WithdrawalLines []db.WithdrawalLinesOfRow
}

// Bought is the view's lines for the rules.
func (v View) Bought() []BoughtLine {
	out := make([]BoughtLine, len(v.Lines))
	for i, l := range v.Lines {
		out[i] = BoughtLine{
			LineNo: l.LineNo, Quantity: l.Quantity, Withdrawn: l.Withdrawn,
			Perishable: l.Perishable, Frozen: l.Frozen, SealedHygiene: l.SealedHygiene,
		}
	}
	return out
}

// loadView reads what the withdrawal function shows of order at now.
func loadView(ctx context.Context, q *db.Queries, ord db.Order, now time.Time) (View, error) {
	v := View{Order: ord}
	delivered, err := q.OrderDeliveredAt(ctx, ord.ID)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return v, fmt.Errorf("withdrawal: delivery of order %d: %w", ord.ID, err)
	}
	v.DeliveredAt = delivered
	v.Window = WindowAt(order.Fulfilment(ord.Status), delivered, now)
	if v.Lines, err = q.WithdrawableLines(ctx, ord.ID); err != nil {
		return v, fmt.Errorf("withdrawal: lines of order %d: %w", ord.ID, err)
	}
	if v.Withdrawals, err = q.ListWithdrawalsOfOrder(ctx, ord.ID); err != nil {
		return v, fmt.Errorf("withdrawal: withdrawals of order %d: %w", ord.ID, err)
	}
	ids := make([]int64, len(v.Withdrawals))
	for i, w := range v.Withdrawals {
		ids[i] = w.ID
	}
	if v.WithdrawalLines, err = q.WithdrawalLinesOf(ctx, ids); err != nil {
		return v, fmt.Errorf("withdrawal: withdrawn lines of order %d: %w", ord.ID, err)
	}
	return v, nil
}

// record records a withdrawal of asked from order orderID in tx with the
// order row locked, so two at once for one order queue and the second sees
// the first's lines; it queues the acknowledgement. ownerID, when not 0, is
// the shopper the order must belong to (a signed link has already proved
// the order). Before shipping it cancels the order through order.Cancel (the
// stock goes back there): a paid order's withdrawal is then received at
// once, to refund; an unpaid one's is cancelled, with nothing to refund.
func (s *Service) record(ctx context.Context, tx pgx.Tx, orderID, ownerID int64, channel string, asked []Ask) (db.Withdrawal, error) {
	q := db.New(tx)
	ord, err := q.GetOrderForUpdate(ctx, orderID)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && ownerID != 0 && ord.UserID != ownerID) {
		return db.Withdrawal{}, fmt.Errorf("%w: %d", order.ErrOrderNotFound, orderID)
	}
	if err != nil {
		return db.Withdrawal{}, fmt.Errorf("withdrawal: lock order %d: %w", orderID, err)
	}
	now := s.now()
	v, err := loadView(ctx, q, ord, now)
	if err != nil {
		return db.Withdrawal{}, err
	}
	lines, err := Check(v.Window, v.Bought(), asked)
	if err != nil {
		return db.Withdrawal{}, err
	}
	status, lineStatus := WithdrawalRequested, WithdrawalRequested
	var receivedAt *time.Time
	if v.Window.CancelsOrder {
		if status, lineStatus, err = cancelForWithdrawal(ctx, tx, q, ord, s.mailer); err != nil {
			return db.Withdrawal{}, err
		}
		if status == WithdrawalReceived {
			receivedAt = &now
		}
	}
	w, err := q.InsertWithdrawal(ctx, db.InsertWithdrawalParams{
		OrderID: ord.ID, Status: status, Channel: channel, CancelledOrder: v.Window.CancelsOrder, ReceivedAt: receivedAt,
	})
	if err != nil {
		return db.Withdrawal{}, fmt.Errorf("withdrawal: record withdrawal of order %d: %w", ord.ID, err)
	}
	for _, l := range lines {
		if err := q.InsertWithdrawalLine(ctx, db.InsertWithdrawalLineParams{
			WithdrawalID: w.ID, OrderID: ord.ID, LineNo: l.LineNo, Quantity: l.Quantity, Status: lineStatus,
		}); err != nil {
			return db.Withdrawal{}, fmt.Errorf("withdrawal: record withdrawn line %d: %w", l.LineNo, err)
		}
	}
	if s.wmailer != nil {
		if err := s.wmailer.WithdrawalEmail(ctx, tx, ord.ID, w.ID, MailWithdrawalReceived, ord.DeliveryEmail); err != nil {
			return db.Withdrawal{}, err
		}
	}
	return w, nil
}

// cancelForWithdrawal cancels a withdrawn order that has not shipped: the
// shopper's own cancellation while placed, the system's on their behalf
// once it is being prepared (the lifecycle allows both).
func cancelForWithdrawal(ctx context.Context, tx pgx.Tx, q *db.Queries, ord db.Order, mailer order.Mailer) (status, lineStatus string, err error) {
	who := order.ShopperActor
	if order.Fulfilment(ord.Status) != order.Placed {
		who = order.SystemActor
	}
	cancelled, _, err := order.Cancel(ctx, q, order.Cancellation{
		OrderID: ord.ID, Who: who, ActorUserID: 0, Note: order.LocalNote(ord.Language, "Desistimiento del contrato", "Desistência do contrato"),
	})
	if err != nil {
		return "", "", err
	}
	if err := order.Notify(ctx, tx, mailer, cancelled, "cancelled"); err != nil {
		return "", "", err
	}
	switch order.Payment(cancelled.PaymentStatus) {
	case order.Paid, order.PartiallyRefunded:
		return WithdrawalReceived, WithdrawalReceived, nil
	}
	return WithdrawalCancelled, WithdrawalRequested, nil
}

// receiveGoods records r in q's transaction: accepted lines return to
// stock through the ledger (an adjustment of reason "return" naming the
// order), rejected ones are kept with their reason. Only sealed hygiene
// lines may be rejected; a withdrawal with every line rejected is rejected.
func receiveGoods(ctx context.Context, q *db.Queries, r GoodsReceipt) (before, after db.Withdrawal, err error) {
	before, err = q.GetWithdrawalForUpdate(ctx, r.ID)
	if err != nil {
		return before, before, fmt.Errorf("withdrawal: withdrawal %d: %w", r.ID, err)
	}
	if before.Status != WithdrawalRequested {
		return before, before, refuse(ReasonWithdrawalNotRequested, "the withdrawal is not waiting for its goods",
			map[string]string{"status": before.Status})
	}
	lines, err := q.WithdrawalLinesOf(ctx, []int64{before.ID})
	if err != nil {
		return before, before, fmt.Errorf("withdrawal: lines of withdrawal %d: %w", before.ID, err)
	}
	sealed := map[int32]bool{}
	for _, l := range lines {
		sealed[l.LineNo] = l.SealedHygiene
	}
	for no := range r.Rejected {
		if !sealed[no] {
			return before, before, refuse(ReasonWithdrawalRejectNotHyg,
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
			return before, before, fmt.Errorf("withdrawal: line %d of withdrawal %d: %w", l.LineNo, before.ID, err)
		}
	}
	status := WithdrawalReceived
	if accepted == 0 {
		status = WithdrawalRejected
	}
	after, err = q.MarkWithdrawalReceived(ctx, db.MarkWithdrawalReceivedParams{ID: before.ID, Status: status, Note: r.Note})
	if err != nil {
		return before, before, fmt.Errorf("withdrawal: receive withdrawal %d: %w", before.ID, err)
	}
	if accepted > 0 {
		if err := returnStock(ctx, q, before, r.By.UserID); err != nil {
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
		return fmt.Errorf("withdrawal: book the return of withdrawal %d: %w", w.ID, err)
	}
	ids, err := q.WithdrawalProductIDs(ctx, w.ID)
	if err != nil {
		return fmt.Errorf("withdrawal: products of withdrawal %d: %w", w.ID, err)
	}
	if _, err := q.LockProducts(ctx, ids); err != nil {
		return fmt.Errorf("withdrawal: lock products of withdrawal %d: %w", w.ID, err)
	}
	if _, err := q.ReturnWithdrawnStock(ctx, w.ID); err != nil {
		return fmt.Errorf("withdrawal: return the stock of withdrawal %d: %w", w.ID, err)
	}
	return nil
}
