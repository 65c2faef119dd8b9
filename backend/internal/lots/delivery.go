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
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
)

// MaxDeliveryLines bounds a delivery: a delivery note of a small shop's
// supplier, never a catalogue.
const MaxDeliveryLines = 200

// MaxLineUnits bounds a line's units.
const MaxLineUnits = 100_000

// DeliveryLine is one line of a delivery: units of a product of one lot.
type DeliveryLine struct {
	ProductID int64
	Units     int32
	LotCode   string
	Expires   time.Time // a civil date
	Type      DateType
}

// Delivery is goods received from a supplier under its document.
type Delivery struct {
	SupplierID     int64
	DocumentNumber string
	DeliveredOn    time.Time // a civil date
	Lines          []DeliveryLine
}

// Received is a delivery as stored: its id and the lot of each line, and
// the lots the rules blocked at once (a use-by lot already too close to
// its date to be sold online).
type Received struct {
	ID      int64
	LotIDs  []int64
	Blocked []int64
}

// ReasonDeliveryTaken refuses a supplier's document received twice.
const ReasonDeliveryTaken = "DELIVERY_ALREADY_RECEIVED"

// CheckDelivery trims a delivery and checks it line by line; a broken
// line's field is named lines[i].field.
func CheckDelivery(d Delivery) (Delivery, error) {
	d.DocumentNumber = strings.TrimSpace(d.DocumentNumber)
	switch {
	case d.SupplierID <= 0:
		return d, fault.InvalidField("supplier_id", "choose the supplier")
	case d.DocumentNumber == "" || len(d.DocumentNumber) > 60:
		return d, fault.InvalidField("document_number", "the delivery note's number, up to 60 characters")
	case d.DeliveredOn.IsZero():
		return d, fault.InvalidField("delivered_on", "the day the goods arrived")
	case len(d.Lines) == 0 || len(d.Lines) > MaxDeliveryLines:
		return d, fault.InvalidField("lines", fmt.Sprintf("from 1 to %d lines", MaxDeliveryLines))
	}
	d.Lines = slices.Clone(d.Lines)
	for i := range d.Lines {
		l := &d.Lines[i]
		l.LotCode = strings.TrimSpace(l.LotCode)
		field := func(f string) string { return fmt.Sprintf("lines[%d].%s", i, f) }
		switch {
		case l.ProductID <= 0:
			return d, fault.InvalidField(field("product_id"), "scan or choose the product")
		case l.Units <= 0 || l.Units > MaxLineUnits:
			return d, fault.InvalidField(field("units"), fmt.Sprintf("from 1 to %d units", MaxLineUnits))
		case l.LotCode == "" || len(l.LotCode) > 60:
			return d, fault.InvalidField(field("lot_code"), "the lot printed on the goods, up to 60 characters")
		case l.Expires.IsZero():
			return d, fault.InvalidField(field("expires_on"), "the date printed on the goods")
		case l.Type != BestBefore && l.Type != UseBy:
			return d, fault.InvalidField(field("date_type"), "best before or use by")
		}
	}
	return d, nil
}

// deliveryTrail is what the audit trail keeps of a delivery.
type deliveryTrail struct {
	Delivery
	ID     int64   `json:"id"`
	LotIDs []int64 `json:"lot_ids"`
}

// Receive books a delivery (goods-in) in one transaction: the delivery and
// its lines, each line's lot found or opened and its units received into
// the stock through the ledger as a receipt to that lot, a lot the rules
// block today blocked at once, and the audit row (delivery.receive).
func (s *Service) Receive(ctx context.Context, by audit.Caller, d Delivery) (Received, error) {
	d, err := CheckDelivery(d)
	if err != nil {
		return Received{}, err
	}
	rules, err := s.Rules(ctx)
	if err != nil {
		return Received{}, err
	}
	today := Today(s.now())
	var out Received
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		var actor *int64
		if by.UserID != 0 {
			actor = &by.UserID
		}
		dl, err := q.DeliveryInsert(ctx, db.DeliveryInsertParams{
			SupplierID: d.SupplierID, DocumentNumber: d.DocumentNumber, DeliveredOn: date(d.DeliveredOn), ReceivedBy: actor,
		})
		if errors.Is(err, pgx.ErrNoRows) {
			return &fault.Error{Kind: fault.Conflict, Reason: ReasonDeliveryTaken, Field: "document_number",
				Message: fmt.Sprintf("document %s of this supplier was received already", d.DocumentNumber)}
		}
		if pe := (*pgconn.PgError)(nil); errors.As(err, &pe) && pe.Code == "23503" {
			return &fault.Error{Kind: fault.NotFound, Reason: "SUPPLIER_NOT_FOUND", Field: "supplier_id", Message: "no such supplier"}
		}
		if err != nil {
			return fmt.Errorf("lots: store delivery: %w", err)
		}
		out.ID = dl.ID
		ids := make([]int64, 0, len(d.Lines))
		for _, l := range d.Lines {
			ids = append(ids, l.ProductID)
		}
		slices.Sort(ids)
		ids = slices.Compact(ids)
		locked, err := q.LockProducts(ctx, ids)
		if err != nil {
			return fmt.Errorf("lots: lock products: %w", err)
		}
		if len(locked) != len(ids) {
			return fault.InvalidField("lines", "a line names a product that does not exist")
		}
		actorText := ""
		if actor != nil {
			actorText = strconv.FormatInt(*actor, 10)
		}
		if err := q.SetStockMovement(ctx, db.SetStockMovementParams{
			Kind: "adjustment", Reason: "receipt", ActorUserID: actorText, Note: "delivery " + d.DocumentNumber,
		}); err != nil {
			return fmt.Errorf("lots: book delivery: %w", err)
		}
		for i, l := range d.Lines {
			lot, err := q.LotOpen(ctx, db.LotOpenParams{
				ProductID: l.ProductID, Code: l.LotCode, ExpiresOn: date(l.Expires), DateType: string(l.Type),
			})
			if err != nil {
				return fmt.Errorf("lots: open lot %q of product %d: %w", l.LotCode, l.ProductID, err)
			}
			if err := moveStock(ctx, q, lot.ID, l.ProductID, l.Units, actor); err != nil {
				return err
			}
			if err := q.DeliveryLineInsert(ctx, db.DeliveryLineInsertParams{
				DeliveryID: dl.ID, LineNo: int32(i + 1), ProductID: l.ProductID, LotID: lot.ID, Quantity: l.Units,
			}); err != nil {
				return fmt.Errorf("lots: store delivery line %d: %w", i+1, err)
			}
			out.LotIDs = append(out.LotIDs, lot.ID)
		}
		if out.Blocked, err = blockDue(ctx, q, rules, today, s.now(), func(l db.Lot) bool { return slices.Contains(out.LotIDs, l.ID) }); err != nil {
			return err
		}
		recalled, err := blockRecalled(ctx, q, out.LotIDs, s.now(), by)
		if err != nil {
			return err
		}
		out.Blocked = append(out.Blocked, recalled...)
		return audit.Record(ctx, q, by, "delivery.receive", fmt.Sprintf("delivery:%d", dl.ID),
			nil, deliveryTrail{Delivery: d, ID: dl.ID, LotIDs: out.LotIDs})
	})
	return out, err
}

// moveStock moves product's stock by units into (or out of) lot: the
// ledger records it with the movement the transaction set, and
// apply_stock_to_lots moves that lot alone.
func moveStock(ctx context.Context, q *db.Queries, lotID, productID int64, units int32, actor *int64) error {
	if err := q.LotTarget(ctx, strconv.FormatInt(lotID, 10)); err != nil {
		return fmt.Errorf("lots: name lot %d: %w", lotID, err)
	}
	if _, err := q.AdjustStock(ctx, db.AdjustStockParams{Delta: units, UpdatedBy: actor, ID: productID}); err != nil {
		return fmt.Errorf("lots: move %d units of product %d through lot %d: %w", units, productID, lotID, err)
	}
	if err := q.LotTarget(ctx, ""); err != nil {
		return fmt.Errorf("lots: leave lot %d: %w", lotID, err)
	}
	return nil
}

// date is a civil date as PostgreSQL's date.
func date(t time.Time) pgtype.Date {
	return pgtype.Date{Time: time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC), Valid: true}
}

// ProductByEAN is the product a goods-in scan names.
func (s *Service) ProductByEAN(ctx context.Context, ean string) (db.LotProductByEANRow, error) {
	p, err := db.New(s.pool).LotProductByEAN(ctx, strings.TrimSpace(ean))
	if errors.Is(err, pgx.ErrNoRows) {
		return p, &fault.Error{Kind: fault.NotFound, Reason: "PRODUCT_NOT_FOUND", Field: "ean", Message: "no product has this barcode"}
	}
	if err != nil {
		return p, fmt.Errorf("lots: product by barcode: %w", err)
	}
	return p, nil
}
