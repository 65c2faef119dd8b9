package lots

import (
	"context"
	"fmt"
	"time"

	"github.com/sabores/sabores/backend/internal/db"
)

// DefaultExpiringDays is how far ahead the expiry list looks unless asked.
const DefaultExpiringDays = 30

// ExpiringLot is a dated lot and where it stands.
type ExpiringLot struct {
	ID, ProductID           int64
	ProductName, ProductEAN string
	Code                    string
	Expires                 time.Time
	Type                    DateType
	Remaining, Blocked      int32
	// Quarantined are units given back after the lot was blocked.
	Quarantined   int32
	BlockedReason string
	SupplierName  string
	// SellPast is the owner's choice to sell a best-before lot past its date.
	SellPast bool
}

// ExpiringPage is the lots dated before Until, soonest first.
type ExpiringPage struct {
	Lots  []ExpiringLot
	Until time.Time
}

// Expiring lists the dated lots with units (on sale or blocked) dated
// before today (Madrid) plus days (DefaultExpiringDays for 0), soonest
// first: what the owner must sell, mark down or take off the shelf.
func (s *Service) Expiring(ctx context.Context, days int) (ExpiringPage, error) {
	if days <= 0 {
		days = DefaultExpiringDays
	}
	until := Today(s.now()).AddDate(0, 0, days)
	rows, err := db.New(s.pool).LotsExpiring(ctx, date(until))
	if err != nil {
		return ExpiringPage{}, fmt.Errorf("lots: lots expiring: %w", err)
	}
	page := ExpiringPage{Until: until, Lots: make([]ExpiringLot, 0, len(rows))}
	for _, r := range rows {
		l := ExpiringLot{
			ID: r.ID, ProductID: r.ProductID, ProductName: r.ProductName, ProductEAN: r.ProductEan,
			Expires: r.ExpiresOn.Time, Remaining: r.Remaining, Blocked: r.Blocked, Quarantined: r.Quarantined, SupplierName: r.SupplierName,
			SellPast: r.SellPastBestBefore,
		}
		if r.Code != nil {
			l.Code = *r.Code
		}
		if r.DateType != nil {
			l.Type = DateType(*r.DateType)
		}
		if r.BlockedReason != nil {
			l.BlockedReason = *r.BlockedReason
		}
		page.Lots = append(page.Lots, l)
	}
	return page, nil
}
