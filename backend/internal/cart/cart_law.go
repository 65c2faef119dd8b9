package cart

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/sabores/sabores/backend/internal/fault"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/deliveryarea"
	"github.com/sabores/sabores/backend/internal/pricing"
)

// ReasonAgeDeclarationRequired refuses an order holding age-restricted
// products (alcohol; energy drinks) without the shopper's declaration of
// being 18 or over.
const ReasonAgeDeclarationRequired = "AGE_DECLARATION_REQUIRED"

// AgeRefusal is an order refused for want of the age declaration;
// FailedPrecondition at the edge.
type AgeRefusal struct{ ProductID int64 }

func (r *AgeRefusal) Error() string {
	return "product " + strconv.FormatInt(r.ProductID, 10) + " is for adults only: declare being 18 or over"
}

// Fault names the first age-restricted product.
func (r *AgeRefusal) Fault() *fault.Error {
	return &fault.Error{Kind: fault.Refused, Reason: ReasonAgeDeclarationRequired, Message: r.Error(), Metadata: map[string]string{"product_id": strconv.FormatInt(r.ProductID, 10)}}
}

// CartLaw is what the law asks of a cart's products: which are for adults
// only, which travel in the cold chain (frozen or chilled) and which of
// those are frozen (the frozen-goods minimum).
type CartLaw struct {
	AgeRestricted map[int64]bool
	ColdChain     map[int64]bool
	Frozen        map[int64]bool
}

// ReadCartLaw reads the flags of the lines' products through q.
func ReadCartLaw(ctx context.Context, q *db.Queries, lines []pricing.LineInput) (CartLaw, error) {
	products, err := q.GetProductsByIDs(ctx, LineProductIDs(lines))
	if err != nil {
		return CartLaw{}, fmt.Errorf("shop: product flags: %w", err)
	}
	return CartLawOf(products), nil
}

// CartLawOf is the law's flags of products, read already. Only products a
// shopper may buy have flags: a hidden one is only "not for sale"
// (pricing's rule), and says nothing of itself through a cart.
func CartLawOf(products []db.Product) CartLaw {
	law := CartLaw{AgeRestricted: map[int64]bool{}, ColdChain: map[int64]bool{}, Frozen: map[int64]bool{}}
	for _, p := range products {
		if !p.SoldOnline {
			continue
		}
		law.AgeRestricted[p.ID] = p.AgeRestricted
		law.ColdChain[p.ID] = deliveryarea.ColdChain(p.Frozen, p.Perishable)
		law.Frozen[p.ID] = p.Frozen
	}
	return law
}

// FirstFrozen is the first line's product that is frozen; 0 for none.
func (law CartLaw) FirstFrozen(lines []pricing.LineInput) int64 {
	for _, l := range lines {
		if law.Frozen[l.ProductID] {
			return l.ProductID
		}
	}
	return 0
}

// coldChain says a line travels frozen or chilled.
func (law CartLaw) coldChain(lines []pricing.LineInput) bool {
	for _, l := range lines {
		if law.ColdChain[l.ProductID] {
			return true
		}
	}
	return false
}

// DispatchDay is the day an order of lines placed at now leaves the shop
// when it holds frozen or chilled goods (areas' dispatch days); zero when it
// holds none.
func (law CartLaw) DispatchDay(lines []pricing.LineInput, areas deliveryarea.Policy, now time.Time) time.Time {
	if !law.coldChain(lines) {
		return time.Time{}
	}
	return areas.Dispatch.Next(now)
}

// CheckOrder refuses an order of lines worth subtotalCents to postalCode
// that the areas do not serve (a *deliveryarea.Refusal), that holds frozen
// goods below the frozen minimum (a *deliveryarea.MinimumRefusal) or that
// holds an age-restricted product without ageDeclared (an *AgeRefusal);
// idCheck says the carrier must check the recipient's ID on delivery.
func (law CartLaw) CheckOrder(lines []pricing.LineInput, subtotalCents int64, areas deliveryarea.Policy, postalCode string, ageDeclared bool) (idCheck bool, err error) {
	for _, l := range lines {
		if err := areas.Check(postalCode, l.ProductID, law.ColdChain[l.ProductID]); err != nil {
			return false, err
		}
	}
	if err := areas.CheckFrozenMinimum(subtotalCents, law.FirstFrozen(lines)); err != nil {
		return false, err
	}
	for _, l := range lines {
		if law.AgeRestricted[l.ProductID] {
			if !ageDeclared {
				return false, &AgeRefusal{ProductID: l.ProductID}
			}
			idCheck = true
		}
	}
	return idCheck, nil
}
