package till

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/gtin"
	"github.com/sabores/sabores/backend/internal/invoice"
)

// Refusal reasons of the till's lookups.
const (
	ReasonProductUnknown = "TILL_PRODUCT_UNKNOWN"
	ReasonNotInStore     = "TILL_NOT_IN_STORE"
)

// Service is the till's use cases over the shop's database.
type Service struct {
	pool *pgxpool.Pool
	// layout is what the shop's scales print under prefixes 20–29.
	layout gtin.Layout
	// invoices issues the sales' invoices in the shop's one chain.
	invoices invoice.Invoicer
	// mailer queues the tickets e-mailed to customers (WithMailer).
	mailer TicketMailer
	// now is the clock a sale reads the shop's day from (WithClock).
	now func() time.Time
}

// New returns the till of the shop in pool, whose scales print
// variable-measure codes with layout and whose sales invoices issues.
func New(pool *pgxpool.Pool, layout gtin.Layout, invoices invoice.Invoicer) *Service {
	return &Service{pool: pool, layout: layout, invoices: invoices, now: time.Now}
}

// WithClock returns s reading the shop's day, which the lots' dates are
// compared with, from now (a test's fixed clock).
func (s *Service) WithClock(now func() time.Time) *Service {
	s.now = now
	return s
}

// Product is a product as the till sells it.
type Product struct {
	ID             int64
	Name           string
	EAN            string
	UnitPriceCents int64
	VATBasisPoints int32
	// Stock is the live counted stock; Reserved what placed web orders hold.
	Stock    int64
	Reserved int64
	// ByWeight says its barcode is a scale's item code under a weight
	// prefix: UnitPriceCents is per kilogram and Stock counts grams.
	ByWeight bool
}

// Scan is what a scanned code names: the product and, for a
// variable-measure code, the weight or price its scale printed.
type Scan struct {
	Product     Product
	WeightGrams int32
	PriceCents  int64
}

// Lookup finds the product code names. A variable-measure EAN-13 names its
// item by the first seven digits (the catalogue keeps the item's code with
// zeros for the value) and carries the weight or price.
func (s *Service) Lookup(ctx context.Context, code string) (Scan, error) {
	ean, scan := code, Scan{}
	m, err := gtin.ParseMeasure(code, s.layout)
	switch {
	case err == nil:
		ean = m.ItemGTIN()
		if m.Kind == gtin.Weight {
			scan.WeightGrams = int32(m.Value) //nolint:gosec // five digits
		} else {
			scan.PriceCents = m.Value
		}
	case errors.Is(err, gtin.ErrNotMeasure):
	default:
		return Scan{}, fault.InvalidField("code", err.Error())
	}
	row, err := db.New(s.pool).TillProductByEAN(ctx, ean)
	if errors.Is(err, pgx.ErrNoRows) {
		return Scan{}, &fault.Error{Kind: fault.NotFound, Reason: ReasonProductUnknown, Field: "code",
			Message: "no product has this barcode", Metadata: map[string]string{"code": code}}
	}
	if err != nil {
		return Scan{}, fmt.Errorf("till: look up %s: %w", ean, err)
	}
	if !row.SoldInStore {
		return Scan{}, &fault.Error{Kind: fault.Refused, Reason: ReasonNotInStore,
			Message:  "this product is not sold in the shop",
			Metadata: map[string]string{"product_id": strconv.FormatInt(row.ID, 10)}}
	}
	scan.Product = Product{
		ID: row.ID, Name: row.Name, EAN: row.Ean, UnitPriceCents: row.PriceCents,
		VATBasisPoints: row.VatBasisPoints, Stock: row.Stock, Reserved: row.Reserved,
		ByWeight: s.layout.ItemKind(row.Ean) == gtin.Weight,
	}
	if scan.Product.ByWeight && scan.WeightGrams == 0 {
		return Scan{}, &fault.Error{Kind: fault.Refused, Reason: ReasonWeightNeeded, Field: "code",
			Message:  fmt.Sprintf("%s is sold by weight: scan its scale's label", row.Name),
			Metadata: map[string]string{"product_id": strconv.FormatInt(row.ID, 10)}}
	}
	return scan, nil
}

// Search finds at most ten products the shop sells whose name holds query,
// ignoring case, for an item whose barcode will not scan.
func (s *Service) Search(ctx context.Context, query string) ([]Product, error) {
	pattern := "%" + likeEscaper.Replace(strings.TrimSpace(query)) + "%"
	rows, err := db.New(s.pool).TillProductsByName(ctx, pattern)
	if err != nil {
		return nil, fmt.Errorf("till: search %q: %w", query, err)
	}
	out := make([]Product, 0, len(rows))
	for _, r := range rows {
		out = append(out, Product{
			ID: r.ID, Name: r.Name, EAN: r.Ean, UnitPriceCents: r.PriceCents,
			VATBasisPoints: r.VatBasisPoints, Stock: r.Stock, Reserved: r.Reserved,
			ByWeight: s.layout.ItemKind(r.Ean) == gtin.Weight,
		})
	}
	return out, nil
}

// likeEscaper makes a typed "%" or "_" match itself in a LIKE pattern.
var likeEscaper = strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`)
