package order

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
)

// ERPOrder is an order as an ERP books it (ListOrderChanges): with its
// lines, its account's e-mail, when it was paid (nil: never), each line's
// product codes, and the parcel's carrier and tracking when a label was
// bought for it.
type ERPOrder struct {
	Order
	CustomerEmail string
	PaidAt        *time.Time
	// Codes are the SKU and EAN of the lines' products, by product id, as
	// the products hold them now (lines keep no codes of their own).
	Codes  map[int64]ProductCodes
	Parcel *ERPParcel
}

// ProductCodes are a product's SKU and EAN.
type ProductCodes struct{ SKU, EAN string }

// ERPParcel is an order's parcel: its first with a tracking number.
type ERPParcel struct{ Carrier, TrackingNumber, TrackingURL string }

// ForERP reads the orders ids in that order, skipping those erased since
// (data rights), with what an ERP books them by, in one read-only
// transaction: the orders, their lines, payments, codes and parcels are
// one moment's state, never an order paid after its lines were read.
func (s *Service) ForERP(ctx context.Context, ids []int64) ([]ERPOrder, error) {
	if len(ids) == 0 {
		return []ERPOrder{}, nil
	}
	var out []ERPOrder
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		var err error
		out, err = forERP(ctx, db.New(tx), ids)
		return err
	})
	return out, err
}

func forERP(ctx context.Context, q *db.Queries, ids []int64) ([]ERPOrder, error) {
	rows, err := q.OrdersByIDs(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("order: read orders for the ERP: %w", err)
	}
	stored := make([]db.Order, len(rows))
	emails := make(map[int64]string, len(rows))
	for i, r := range rows {
		stored[i] = r.Order
		emails[r.Order.ID] = r.CustomerEmail
	}
	orders, err := WithLines(ctx, q, stored)
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]*ERPOrder, len(orders))
	for _, o := range orders {
		if o.Discount, err = SoldDiscount(ctx, q, o.Row.ID); err != nil {
			return nil, err
		}
		byID[o.Row.ID] = &ERPOrder{Order: o, CustomerEmail: emails[o.Row.ID]}
	}
	paid, err := q.OrderPaidTimes(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("order: read paid times: %w", err)
	}
	for _, p := range paid {
		if o := byID[p.OrderID]; o != nil {
			o.PaidAt = &p.PaidAt
		}
	}
	codes, err := q.OrderLineCodes(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("order: read line codes: %w", err)
	}
	byProduct := make(map[int64]ProductCodes, len(codes))
	for _, c := range codes {
		byProduct[c.ID] = ProductCodes{SKU: c.SKU, EAN: c.Ean}
	}
	parcels, err := q.ParcelsOfOrders(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("order: read parcels: %w", err)
	}
	for _, p := range parcels {
		if o := byID[p.OrderID]; o != nil && (o.Parcel == nil || o.Parcel.TrackingNumber == "") {
			o.Parcel = &ERPParcel{Carrier: p.Carrier, TrackingNumber: p.TrackingNumber, TrackingURL: p.TrackingURL}
		}
	}
	out := make([]ERPOrder, 0, len(ids))
	for _, id := range ids {
		if o := byID[id]; o != nil {
			o.Codes = byProduct
			out = append(out, *o)
		}
	}
	return out, nil
}
