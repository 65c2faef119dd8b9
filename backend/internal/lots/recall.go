package lots

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
)

// BlockedRecall is a lot withdrawn by a recall (Reg. 178/2002 art. 19):
// blocked for good, whatever its date.
const BlockedRecall BlockReason = "recall"

// The recalls' refusals.
const (
	ReasonLotRecalled     = "LOT_ALREADY_RECALLED"
	ReasonRecallNotFound  = "RECALL_NOT_FOUND"
	ReasonProductNotFound = "PRODUCT_NOT_FOUND"
)

// MaxRecallLots bounds the lots of one recall.
const MaxRecallLots = 50

// RecallMailer queues, in the caller's transaction, the recall e-mail of
// recall to the shopper of an online order, once per recall and order
// (jobs.MailQueue: River, the outbound_emails row its key).
type RecallMailer interface {
	RecallEmail(ctx context.Context, tx pgx.Tx, recallID, orderID int64, to string) error
}

// Recalls are the module's recalls and traceability: the use cases that
// write to shoppers need the mailer.
type Recalls struct {
	*Service
	mail RecallMailer
}

// Recalls returns the recall use cases writing through m.
func (s *Service) Recalls(m RecallMailer) *Recalls {
	return &Recalls{Service: s, mail: m}
}

// RecallStart is a recall the owner starts: lots of one product, and why.
type RecallStart struct {
	ProductID int64
	LotIDs    []int64
	Reason    string
}

// Started is a recall started: its units blocked, the orders not yet
// shipped that held them, and the online orders written to.
type Started struct {
	ID           int64
	BlockedUnits int32
	Held         []HeldOrder
	// Swapped and Unserved count the held orders served from lots on
	// sale and those not.
	Swapped, Unserved int
	Emails            int
}

// HeldOrder is an order not yet shipped that held units of a recalled lot
// as the recall started: swapped to lots on sale (To), or, when they had
// not the units, not served (To empty).
type HeldOrder struct {
	OrderID   int64
	FromLotID int64
	Units     int32
	To        []Take
}

// recallTrail is what the audit trail keeps of a recall.
type recallTrail struct {
	ProductID    int64   `json:"product_id"`
	LotIDs       []int64 `json:"lot_ids"`
	Reason       string  `json:"reason"`
	BlockedUnits int32   `json:"blocked_units"`
	Orders       []int64 `json:"orders"`
	Swapped      []int64 `json:"swapped,omitempty"`
	Unserved     []int64 `json:"unserved,omitempty"`
	Emailed      []int64 `json:"emailed"`
}

// CheckRecall trims a recall and checks it.
func CheckRecall(in RecallStart) (RecallStart, error) {
	in.Reason = strings.TrimSpace(in.Reason)
	in.LotIDs = slices.Clone(in.LotIDs)
	slices.Sort(in.LotIDs)
	in.LotIDs = slices.Compact(in.LotIDs)
	switch {
	case in.ProductID <= 0:
		return in, fault.InvalidField("product_id", "choose the product")
	case len(in.LotIDs) == 0 || len(in.LotIDs) > MaxRecallLots:
		return in, fault.InvalidField("lot_ids", fmt.Sprintf("from 1 to %d lots", MaxRecallLots))
	case in.LotIDs[0] <= 0:
		return in, fault.InvalidField("lot_ids", "choose lots of the product")
	case in.Reason == "" || len([]rune(in.Reason)) > 2000:
		return in, fault.InvalidField("reason", "why, up to 2000 characters")
	}
	return in, nil
}

// Start recalls lots of a product, in one transaction: the units of those
// lots left on the shelf leave the stock through the ledger at once
// (lot_blocked, each block audited as lot.block), so the storefront, the
// checkout, the till and FEFO no longer see them; each online order
// holding units of them gets one recall e-mail (RecallMailer), in its
// language, and the recall is audited (recall.start). An order not yet
// shipped holding units of them is served from lots on sale instead
// (swapHeld): it holds none of the lot then, so it is not written to;
// one they cannot serve is, as it still holds them. A lot recalled before, the unknown lot or another product's lot is
// refused.
func (r *Recalls) Start(ctx context.Context, by audit.Caller, in RecallStart) (Started, error) {
	in, err := CheckRecall(in)
	if err != nil {
		return Started{}, err
	}
	var out Started
	err = pgx.BeginFunc(ctx, r.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		locked, err := q.LockProducts(ctx, []int64{in.ProductID})
		if err != nil {
			return fmt.Errorf("lots: lock product %d: %w", in.ProductID, err)
		}
		if len(locked) == 0 {
			return &fault.Error{Kind: fault.NotFound, Reason: ReasonProductNotFound, Field: "product_id", Message: "no such product"}
		}
		lotsOf := make([]db.Lot, 0, len(in.LotIDs))
		for _, id := range in.LotIDs {
			l, err := q.LotGetForUpdate(ctx, id)
			if errors.Is(err, pgx.ErrNoRows) || (err == nil && (l.ProductID != in.ProductID || l.Code == nil)) {
				return fault.InvalidField("lot_ids", fmt.Sprintf("lot %d is not a lot of this product with a code", id))
			}
			if err != nil {
				return fmt.Errorf("lots: lock lot %d: %w", id, err)
			}
			lotsOf = append(lotsOf, l)
		}
		var actor *int64
		if by.UserID != 0 {
			actor = &by.UserID
		}
		rec, err := q.RecallInsert(ctx, db.RecallInsertParams{ProductID: in.ProductID, Reason: in.Reason, StartedBy: actor})
		if err != nil {
			return fmt.Errorf("lots: store recall: %w", err)
		}
		out.ID = rec.ID
		now := r.now()
		for _, l := range lotsOf {
			if _, err := q.RecallLotInsert(ctx, db.RecallLotInsertParams{RecallID: rec.ID, LotID: l.ID, Blocked: l.Remaining}); errors.Is(err, pgx.ErrNoRows) {
				return &fault.Error{Kind: fault.Refused, Reason: ReasonLotRecalled, Field: "lot_ids",
					Message: fmt.Sprintf("lot %s was recalled before", *l.Code)}
			} else if err != nil {
				return fmt.Errorf("lots: recall lot %d: %w", l.ID, err)
			}
			if err := blockForRecall(ctx, q, l, now, by); err != nil {
				return err
			}
			out.BlockedUnits += l.Remaining
		}
		trail := recallTrail{ProductID: in.ProductID, LotIDs: in.LotIDs, Reason: in.Reason, BlockedUnits: out.BlockedUnits}
		if out.Held, err = swapHeld(ctx, q, rec.ID, in.ProductID, in.LotIDs, now, by); err != nil {
			return err
		}
		for _, h := range out.Held {
			switch {
			case len(h.To) == 0 && !slices.Contains(trail.Unserved, h.OrderID):
				trail.Unserved = append(trail.Unserved, h.OrderID)
			case len(h.To) > 0 && !slices.Contains(trail.Swapped, h.OrderID):
				trail.Swapped = append(trail.Swapped, h.OrderID)
			}
		}
		sales, err := q.LotSales(ctx, in.LotIDs)
		if err != nil {
			return fmt.Errorf("lots: sales of the recalled lots: %w", err)
		}
		for _, s := range sales {
			if slices.Contains(trail.Orders, s.OrderID) {
				continue
			}
			trail.Orders = append(trail.Orders, s.OrderID)
			if !WritesTo(s) {
				continue
			}
			if err := r.mail.RecallEmail(ctx, tx, rec.ID, s.OrderID, s.DeliveryEmail); err != nil {
				return err
			}
			trail.Emailed = append(trail.Emailed, s.OrderID)
		}
		out.Emails = len(trail.Emailed)
		out.Swapped, out.Unserved = len(trail.Swapped), len(trail.Unserved)
		return audit.Record(ctx, q, by, "recall.start", fmt.Sprintf("recall:%d", rec.ID), nil, trail)
	})
	return out, err
}

// swapHeld serves the online orders not yet shipped (placed or being
// prepared) that hold units of the recalled lots from the product's lots
// on sale with a code instead (SafeLotsForUpdate),
// first-expired-first-out, oldest order first, in the
// recall's transaction (the product locked, the lots blocked). The units
// the order held stay on the shelf, blocked with their lot; the lot on
// sale's units go to the order, so the stock falls by as many through the
// ledger (lot_blocked, naming the order). The order's lots, and its lines'
// if it is being prepared, name the new lots: the packing slip prints
// them. An order the lots on sale cannot serve in full keeps its units of
// the recalled lot and is recorded as not served, for the owner to decide.
func swapHeld(ctx context.Context, q *db.Queries, recallID, productID int64, lotIDs []int64, now time.Time, by audit.Caller) ([]HeldOrder, error) {
	rows, err := q.RecallHeldOrders(ctx, lotIDs)
	if err != nil {
		return nil, fmt.Errorf("lots: orders holding the recalled lots: %w", err)
	}
	if len(rows) == 0 {
		return nil, nil
	}
	onSale, err := q.SafeLotsForUpdate(ctx, productID)
	if err != nil {
		return nil, fmt.Errorf("lots: lots on sale of product %d: %w", productID, err)
	}
	shelf := make([]Lot, len(onSale))
	for i, l := range onSale {
		shelf[i] = asRule(l)
	}
	var actor *int64
	if by.UserID != 0 {
		actor = &by.UserID
	}
	out := make([]HeldOrder, 0, len(rows))
	for _, r := range rows {
		h := HeldOrder{OrderID: r.OrderID, FromLotID: r.LotID, Units: r.Quantity}
		takes, err := Allocate(shelf, r.Quantity)
		if errors.Is(err, ErrShort) {
			if err := q.RecallHeldOrderInsert(ctx, db.RecallHeldOrderInsertParams{
				RecallID: recallID, OrderID: r.OrderID, FromLotID: r.LotID, Units: r.Quantity,
			}); err != nil {
				return nil, fmt.Errorf("lots: record order %d not served: %w", r.OrderID, err)
			}
			out = append(out, h)
			continue
		}
		for _, t := range takes {
			if err := swapOrderLot(ctx, q, r.OrderID, r.LotID, productID, t, now, actor); err != nil {
				return nil, err
			}
			if err := q.RecallHeldOrderInsert(ctx, db.RecallHeldOrderInsertParams{
				RecallID: recallID, OrderID: r.OrderID, FromLotID: r.LotID, ToLotID: &t.LotID, Units: t.Units,
			}); err != nil {
				return nil, fmt.Errorf("lots: record order %d swapped: %w", r.OrderID, err)
			}
		}
		Withdraw(shelf, takes)
		h.To = takes
		out = append(out, h)
	}
	return out, nil
}

// swapOrderLot moves t.Units an order holds of the recalled lot from to
// t's lot on sale.
func swapOrderLot(ctx context.Context, q *db.Queries, orderID, from, productID int64, t Take, now time.Time, actor *int64) error {
	if err := q.SetStockMovement(ctx, db.SetStockMovementParams{
		Kind: "adjustment", Reason: "lot_blocked", OrderID: strconv.FormatInt(orderID, 10),
		Note: fmt.Sprintf("recalled lot %d held by the order: lot %d instead", from, t.LotID),
	}); err != nil {
		return fmt.Errorf("lots: book the swap of order %d: %w", orderID, err)
	}
	if err := moveStock(ctx, q, t.LotID, productID, -t.Units, actor); err != nil {
		return err
	}
	if _, err := q.LotBlock(ctx, db.LotBlockParams{ID: from, Units: t.Units, Reason: string(BlockedRecall), At: now}); err != nil {
		return fmt.Errorf("lots: block the units order %d held of lot %d: %w", orderID, from, err)
	}
	if n, err := q.OrderLotTake(ctx, db.OrderLotTakeParams{OrderID: orderID, LotID: from, Units: t.Units}); err != nil {
		return fmt.Errorf("lots: lots of order %d: %w", orderID, err)
	} else if n == 0 {
		return fmt.Errorf("lots: order %d holds fewer than %d units of lot %d", orderID, t.Units, from)
	}
	if err := q.OrderLotAdd(ctx, db.OrderLotAddParams{OrderID: orderID, LotID: t.LotID, Units: t.Units}); err != nil {
		return fmt.Errorf("lots: lots of order %d: %w", orderID, err)
	}
	lines, err := q.OrderLineLots(ctx, []int64{orderID})
	if err != nil {
		return fmt.Errorf("lots: lines' lots of order %d: %w", orderID, err)
	}
	left := t.Units
	for _, l := range lines {
		if l.LotID != from || left == 0 {
			continue
		}
		n := min(l.Quantity, left)
		if _, err := q.OrderLineLotTake(ctx, db.OrderLineLotTakeParams{OrderID: orderID, LineNo: l.LineNo, LotID: from, Units: n}); err != nil {
			return fmt.Errorf("lots: order %d line %d: %w", orderID, l.LineNo, err)
		}
		if err := q.OrderLineLotInsert(ctx, db.OrderLineLotInsertParams{OrderID: orderID, LineNo: l.LineNo, LotID: t.LotID, Quantity: n}); err != nil {
			return fmt.Errorf("lots: order %d line %d: %w", orderID, l.LineNo, err)
		}
		left -= n
	}
	if err := q.OrderLineLotsPrune(ctx, orderID); err != nil {
		return fmt.Errorf("lots: lots of order %d: %w", orderID, err)
	}
	return nil
}

// WritesTo says whether a sale's shopper gets the recall e-mail: an
// online order, not cancelled, with an address (a deleted account has
// none). A till sale's buyer left no address.
func WritesTo(s db.LotSale) bool {
	return s.Channel == "web" && s.Status != "cancelled" && s.DeliveryEmail != ""
}

// blockForRecall blocks a recalled lot: its units on the shelf leave the
// stock through the ledger as any block's do; a lot with none left (sold
// out, or blocked already for its date) is marked recalled all the same,
// so nothing received or given back to it is sold.
func blockForRecall(ctx context.Context, q *db.Queries, l db.Lot, now time.Time, by audit.Caller) error {
	if l.Remaining > 0 {
		return block(ctx, q, l, BlockedRecall, now, by)
	}
	after, err := q.LotBlock(ctx, db.LotBlockParams{ID: l.ID, Units: 0, Reason: string(BlockedRecall), At: now})
	if err != nil {
		return fmt.Errorf("lots: block lot %d: %w", l.ID, err)
	}
	before := ""
	if l.BlockedReason != nil {
		before = *l.BlockedReason
	}
	return audit.Record(ctx, q, by, "lot.block", fmt.Sprintf("lot:%d", l.ID),
		blockTrail{Remaining: l.Remaining, Blocked: l.Blocked, Reason: before},
		blockTrail{Remaining: after.Remaining, Blocked: after.Blocked, Reason: string(BlockedRecall)})
}

// blockRecalled blocks at once the units a delivery brought to lots that
// were recalled: a recalled lot never goes back on sale. It runs in the
// delivery's transaction, with its products locked.
func blockRecalled(ctx context.Context, q *db.Queries, lotIDs []int64, now time.Time, by audit.Caller) ([]int64, error) {
	recalled, err := q.LotRecallOf(ctx, lotIDs)
	if err != nil {
		return nil, fmt.Errorf("lots: recalls of lots: %w", err)
	}
	var out []int64
	for _, rl := range recalled {
		l, err := q.LotGetForUpdate(ctx, rl.LotID)
		if err != nil {
			return nil, fmt.Errorf("lots: lock lot %d: %w", rl.LotID, err)
		}
		if l.Remaining > 0 {
			if err := block(ctx, q, l, BlockedRecall, now, by); err != nil {
				return nil, err
			}
			out = append(out, l.ID)
		}
	}
	return out, nil
}

// Sale is an order or till sale holding units of a lot, with its recall
// e-mail's state when read for a recall.
type Sale struct {
	db.LotSale
	EmailQueued bool
	EmailSentAt *time.Time
}

// Shopper is the sale's contact as the screen shows it: a till sale's
// order carries the shop's own, which says nothing of the buyer.
func (s Sale) Shopper() (name, email, phone string) {
	if s.Channel != "web" {
		return "", "", ""
	}
	return s.DeliveryName, s.DeliveryEmail, s.DeliveryPhone
}

// Trace is a lot, where it came from and where it went.
type Trace struct {
	Lot        db.LotTraceHeadRow
	RecallID   int64
	Deliveries []db.LotDeliveriesRow
	// Sales are one page of the sales, in order id order.
	Sales []Sale
	// SaleCount and UnitsSold are of all the sales, every page.
	SaleCount, UnitsSold int32
	// More says sales follow the page: the next starts after its last
	// order.
	More bool
}

// The trace's pages of sales: a lot sold to thousands of orders is read a
// page at a time, so one request reads a bounded number of rows.
const (
	DefaultTracePage = 100
	MaxTracePage     = 500
)

// TraceLot reads a lot's trace (Reg. 178/2002 art. 18): its deliveries
// and their suppliers, one step back; one step forward, the page of at
// most size (0: DefaultTracePage) orders and till sales holding its units
// after order afterOrderID (0: from the first), and the count of them all.
// Indexed reads of one snapshot.
func (s *Service) TraceLot(ctx context.Context, lotID, afterOrderID int64, size int32) (Trace, error) {
	if size <= 0 {
		size = DefaultTracePage
	}
	size = min(size, MaxTracePage)
	var out Trace
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		q := db.New(tx)
		head, err := q.LotTraceHead(ctx, lotID)
		if err != nil {
			return lotNotFound(err, lotID)
		}
		out.Lot = head
		ids := []int64{lotID}
		if rec, err := q.LotRecallOf(ctx, ids); err != nil {
			return fmt.Errorf("lots: recall of lot %d: %w", lotID, err)
		} else if len(rec) > 0 {
			out.RecallID = rec[0].RecallID
		}
		if out.Deliveries, err = q.LotDeliveries(ctx, ids); err != nil {
			return fmt.Errorf("lots: deliveries of lot %d: %w", lotID, err)
		}
		totals, err := q.LotSalesTotals(ctx, lotID)
		if err != nil {
			return fmt.Errorf("lots: sales of lot %d: %w", lotID, err)
		}
		out.SaleCount, out.UnitsSold = totals.Orders, totals.Units
		// One row past the page says whether another follows.
		page, err := q.LotSalesPage(ctx, db.LotSalesPageParams{LotID: lotID, AfterOrderID: afterOrderID, MaxRows: size + 1})
		if err != nil {
			return fmt.Errorf("lots: sales of lot %d: %w", lotID, err)
		}
		if out.More = len(page) > int(size); out.More {
			page = page[:size]
		}
		out.Sales = asSales(page)
		return nil
	})
	return out, err
}

func asSales(rows []db.LotSale) []Sale {
	out := make([]Sale, len(rows))
	for i, r := range rows {
		out[i] = Sale{LotSale: r}
	}
	return out
}

// ProductLots are a product's lots with a code, latest date first, and
// each one's recall (0 for none).
type ProductLots struct {
	Product db.RecallProductRow
	Lots    []db.Lot
	Recalls map[int64]int64
}

// LotsOfProduct reads a product's lots for the recall and trace screens.
func (s *Service) LotsOfProduct(ctx context.Context, productID int64) (ProductLots, error) {
	q := db.New(s.pool)
	p, err := q.RecallProduct(ctx, productID)
	if errors.Is(err, pgx.ErrNoRows) {
		return ProductLots{}, &fault.Error{Kind: fault.NotFound, Reason: ReasonProductNotFound, Field: "product_id", Message: "no such product"}
	}
	if err != nil {
		return ProductLots{}, fmt.Errorf("lots: product %d: %w", productID, err)
	}
	all, err := q.LotsOfProducts(ctx, []int64{productID})
	if err != nil {
		return ProductLots{}, fmt.Errorf("lots: lots of product %d: %w", productID, err)
	}
	out := ProductLots{Product: p, Recalls: map[int64]int64{}}
	ids := []int64{}
	for _, l := range all {
		if l.Code != nil {
			out.Lots = append(out.Lots, l)
			ids = append(ids, l.ID)
		}
	}
	slices.Reverse(out.Lots)
	if len(out.Lots) > 500 {
		out.Lots = out.Lots[:500]
	}
	rec, err := q.LotRecallOf(ctx, ids)
	if err != nil {
		return ProductLots{}, fmt.Errorf("lots: recalls of product %d: %w", productID, err)
	}
	for _, r := range rec {
		out.Recalls[r.LotID] = r.RecallID
	}
	return out, nil
}

// RecallDetail is a recall with its lots, one step back and one forward.
type RecallDetail struct {
	Recall     db.RecallGetRow
	Lots       []db.RecallLotsRow
	Deliveries []db.LotDeliveriesRow
	Sales      []Sale
	// Held are the orders not yet shipped that held the lots as the
	// recall started, swapped or not served.
	Held []db.RecallHeldOrdersOfRow
}

// Recall reads a recall in full, each online sale with its e-mail.
func (s *Service) Recall(ctx context.Context, id int64) (RecallDetail, error) {
	var out RecallDetail
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		q := db.New(tx)
		rec, err := q.RecallGet(ctx, id)
		if errors.Is(err, pgx.ErrNoRows) {
			return &fault.Error{Kind: fault.NotFound, Reason: ReasonRecallNotFound, Message: fmt.Sprintf("no recall %d", id)}
		}
		if err != nil {
			return fmt.Errorf("lots: recall %d: %w", id, err)
		}
		out.Recall = rec
		if out.Lots, err = q.RecallLots(ctx, id); err != nil {
			return fmt.Errorf("lots: lots of recall %d: %w", id, err)
		}
		ids := make([]int64, len(out.Lots))
		for i, l := range out.Lots {
			ids[i] = l.ID
		}
		if out.Deliveries, err = q.LotDeliveries(ctx, ids); err != nil {
			return fmt.Errorf("lots: deliveries of recall %d: %w", id, err)
		}
		sales, err := q.LotSales(ctx, ids)
		if err != nil {
			return fmt.Errorf("lots: sales of recall %d: %w", id, err)
		}
		if out.Held, err = q.RecallHeldOrdersOf(ctx, id); err != nil {
			return fmt.Errorf("lots: held orders of recall %d: %w", id, err)
		}
		emails, err := q.RecallEmails(ctx, &id)
		if err != nil {
			return fmt.Errorf("lots: e-mails of recall %d: %w", id, err)
		}
		out.Sales = asSales(sales)
		for i := range out.Sales {
			for _, e := range emails {
				if e.OrderID != nil && *e.OrderID == out.Sales[i].OrderID {
					out.Sales[i].EmailQueued, out.Sales[i].EmailSentAt = true, e.SentAt
				}
			}
		}
		return nil
	})
	return out, err
}

// RecallList is the recalls, latest first.
func (s *Service) RecallList(ctx context.Context) ([]db.RecallListRow, error) {
	rows, err := db.New(s.pool).RecallList(ctx)
	if err != nil {
		return nil, fmt.Errorf("lots: recalls: %w", err)
	}
	return rows, nil
}
