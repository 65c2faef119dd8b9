package lots

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
)

// RecordOrderLines records, when an order is prepared, which lots each of
// its lines takes: the units its checkout took of each lot (order_lots,
// first-expired-first-out under the product's lock) shared among its lines
// in line order (SplitLines). It runs in the caller's transaction (the
// order's move to preparing) and once: an order with its lines' lots
// recorded keeps them, overrides included. A product the order took no
// lots of (an order placed before lots existed) is left without.
func RecordOrderLines(ctx context.Context, q *db.Queries, orderID int64) error {
	n, err := q.OrderLineLotsCount(ctx, orderID)
	if err != nil {
		return fmt.Errorf("lots: lots of order %d: %w", orderID, err)
	}
	if n > 0 {
		return nil
	}
	lines, err := q.ListOrderLines(ctx, []int64{orderID})
	if err != nil {
		return fmt.Errorf("lots: lines of order %d: %w", orderID, err)
	}
	took, err := q.OrderLotsOf(ctx, orderID)
	if err != nil {
		return fmt.Errorf("lots: lots of order %d: %w", orderID, err)
	}
	taken := map[int64][]Lot{}
	held := map[int64]int32{}
	for _, t := range took {
		taken[t.ProductID] = append(taken[t.ProductID], asRule(db.Lot{
			ID: t.LotID, Code: t.Code, ExpiresOn: t.ExpiresOn, DateType: t.DateType, Remaining: t.Quantity,
		}))
		held[t.ProductID] += t.Quantity
	}
	wanted := map[int64]int32{}
	for _, l := range lines {
		wanted[l.ProductID] += l.Quantity
	}
	var split []Line
	for _, l := range lines {
		if held[l.ProductID] == wanted[l.ProductID] {
			split = append(split, Line{No: l.LineNo, ProductID: l.ProductID, Units: l.Quantity})
		}
	}
	takes, err := SplitLines(split, taken)
	if err != nil {
		return fmt.Errorf("lots: share the lots of order %d among its lines: %w", orderID, err)
	}
	for _, t := range takes {
		if err := q.OrderLineLotInsert(ctx, db.OrderLineLotInsertParams{
			OrderID: orderID, LineNo: t.LineNo, LotID: t.LotID, Quantity: t.Units,
		}); err != nil {
			return fmt.Errorf("lots: record lot %d of order %d line %d: %w", t.LotID, orderID, t.LineNo, err)
		}
	}
	return nil
}

// Override is the owner picking another lot for units of an order line at
// packing (the shelf had another).
type Override struct {
	OrderID   int64
	LineNo    int32
	FromLotID int64
	ToLotID   int64
	Units     int32
}

// The overrides' refusals.
const (
	ReasonNotPreparing = "ORDER_NOT_PREPARING"
	ReasonLineLot      = "LINE_DID_NOT_TAKE_LOT"
	ReasonLotShort     = "LOT_SHORT"
	ReasonLotBlocked   = "LOT_BLOCKED"
)

// overrideTrail is what the audit trail keeps of an override.
type overrideTrail struct {
	LineNo int32 `json:"line_no"`
	LotID  int64 `json:"lot_id"`
	Units  int32 `json:"units"`
}

// OverrideLot swaps units of an order line from one lot of its product to
// another at packing, in one transaction: the other lot's units go to the
// order, the first lot's back to the shelf (the stock does not change, so
// the ledger does not either), the line's lots and the order's record say
// so, with who, and the audit trail keeps it (order.lot_override). Only
// an order being prepared; never to a blocked lot or one without the units.
func (s *Service) OverrideLot(ctx context.Context, by audit.Caller, o Override) error {
	if o.Units <= 0 {
		return fault.InvalidField("units", "at least one unit")
	}
	if o.FromLotID == o.ToLotID {
		return fault.InvalidField("to_lot_id", "choose another lot")
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		ord, err := q.GetOrderForUpdate(ctx, o.OrderID)
		if errors.Is(err, pgx.ErrNoRows) {
			return &fault.Error{Kind: fault.NotFound, Reason: "ORDER_NOT_FOUND", Message: fmt.Sprintf("no order %d", o.OrderID)}
		}
		if err != nil {
			return fmt.Errorf("lots: lock order %d: %w", o.OrderID, err)
		}
		if ord.Status != "preparing" {
			return &fault.Error{Kind: fault.Refused, Reason: ReasonNotPreparing, Message: "the lot is chosen while the order is being prepared"}
		}
		// The product before its lots, as every stock change takes them (the
		// products_lots trigger runs under the product's row lock): a lot
		// locked first would deadlock against a sale taking from it.
		unlocked, err := q.LotGet(ctx, o.FromLotID)
		if err != nil {
			return lotNotFound(err, o.FromLotID)
		}
		if _, err := q.LockProducts(ctx, []int64{unlocked.ProductID}); err != nil {
			return fmt.Errorf("lots: lock product %d: %w", unlocked.ProductID, err)
		}
		from, err := q.LotGetForUpdate(ctx, o.FromLotID)
		if err != nil {
			return lotNotFound(err, o.FromLotID)
		}
		to, err := q.LotGetForUpdate(ctx, o.ToLotID)
		if err != nil {
			return lotNotFound(err, o.ToLotID)
		}
		switch {
		case to.ProductID != from.ProductID:
			return fault.InvalidField("to_lot_id", "a lot of the same product")
		case to.BlockedReason != nil:
			return &fault.Error{Kind: fault.Refused, Reason: ReasonLotBlocked, Field: "to_lot_id", Message: "that lot is blocked"}
		}
		taken, err := q.OrderLineLotTake(ctx, db.OrderLineLotTakeParams{OrderID: o.OrderID, LineNo: o.LineNo, LotID: o.FromLotID, Units: o.Units})
		if err != nil {
			return fmt.Errorf("lots: take lot %d off order %d line %d: %w", o.FromLotID, o.OrderID, o.LineNo, err)
		}
		if taken == 0 {
			return &fault.Error{Kind: fault.Refused, Reason: ReasonLineLot, Field: "from_lot_id",
				Message: fmt.Sprintf("line %d did not take %d units of that lot", o.LineNo, o.Units)}
		}
		if _, err := q.LotMove(ctx, db.LotMoveParams{ID: to.ID, RemainingDelta: -o.Units}); errors.Is(err, pgx.ErrNoRows) {
			return &fault.Error{Kind: fault.Refused, Reason: ReasonLotShort, Field: "to_lot_id",
				Message:  fmt.Sprintf("that lot has %d units left", to.Remaining),
				Metadata: map[string]string{"available": fmt.Sprint(to.Remaining)}}
		} else if err != nil {
			return fmt.Errorf("lots: take from lot %d: %w", to.ID, err)
		}
		if from.BlockedReason == nil {
			_, err = q.LotMove(ctx, db.LotMoveParams{ID: from.ID, RemainingDelta: o.Units})
		} else {
			// A blocked lot's units stay blocked: the sellable stock lost
			// what the order now takes of the other lot.
			err = s.blockHeld(ctx, q, from, to, o.Units, by)
		}
		if err != nil {
			return fmt.Errorf("lots: give back to lot %d: %w", from.ID, err)
		}
		var actor *int64
		if by.UserID != 0 {
			actor = &by.UserID
		}
		if err := q.OrderLineLotInsert(ctx, db.OrderLineLotInsertParams{
			OrderID: o.OrderID, LineNo: o.LineNo, LotID: to.ID, Quantity: o.Units, OverriddenBy: actor,
		}); err != nil {
			return fmt.Errorf("lots: record lot %d on order %d: %w", to.ID, o.OrderID, err)
		}
		if err := q.OrderLineLotsPrune(ctx, o.OrderID); err != nil {
			return fmt.Errorf("lots: lots of order %d: %w", o.OrderID, err)
		}
		if n, err := q.OrderLotTake(ctx, db.OrderLotTakeParams{OrderID: o.OrderID, LotID: from.ID, Units: o.Units}); err != nil {
			return fmt.Errorf("lots: lots of order %d: %w", o.OrderID, err)
		} else if n == 0 {
			return fmt.Errorf("lots: order %d holds fewer than %d units of lot %d", o.OrderID, o.Units, from.ID)
		}
		if err := q.OrderLotAdd(ctx, db.OrderLotAddParams{OrderID: o.OrderID, LotID: to.ID, Units: o.Units}); err != nil {
			return fmt.Errorf("lots: lots of order %d: %w", o.OrderID, err)
		}
		return audit.Record(ctx, q, by, "order.lot_override", fmt.Sprintf("order:%d", o.OrderID),
			overrideTrail{LineNo: o.LineNo, LotID: from.ID, Units: o.Units},
			overrideTrail{LineNo: o.LineNo, LotID: to.ID, Units: o.Units})
	})
}

// blockHeld keeps units an order gives back of a blocked lot as blocked:
// the other lot already gave the order its units, so the stock falls by
// as many, through the ledger, as if they were blocked now.
func (s *Service) blockHeld(ctx context.Context, q *db.Queries, from, to db.Lot, units int32, by audit.Caller) error {
	// The other lot's units moved to the order above; the stock follows.
	if _, err := q.LotMove(ctx, db.LotMoveParams{ID: to.ID, RemainingDelta: units}); err != nil {
		return err
	}
	var actor *int64
	if by.UserID != 0 {
		actor = &by.UserID
	}
	if err := q.SetStockMovement(ctx, db.SetStockMovementParams{
		Kind: "adjustment", Reason: "lot_blocked", Note: fmt.Sprintf("lot %d given back at packing", from.ID),
	}); err != nil {
		return err
	}
	if err := moveStock(ctx, q, to.ID, to.ProductID, -units, actor); err != nil {
		return err
	}
	_, err := q.LotBlock(ctx, db.LotBlockParams{ID: from.ID, Units: units, Reason: *from.BlockedReason, At: *from.BlockedAt})
	return err
}

// lotNotFound words a lot that is not there.
func lotNotFound(err error, id int64) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return &fault.Error{Kind: fault.NotFound, Reason: "LOT_NOT_FOUND", Message: fmt.Sprintf("no lot %d", id)}
	}
	return fmt.Errorf("lots: lock lot %d: %w", id, err)
}

// LineLots are orders' lots line by line, for the packing slip and the
// desk.
func LineLots(ctx context.Context, q *db.Queries, orderIDs []int64) ([]db.OrderLineLotsRow, error) {
	rows, err := q.OrderLineLots(ctx, orderIDs)
	if err != nil {
		return nil, fmt.Errorf("lots: lots of orders: %w", err)
	}
	return rows, nil
}
