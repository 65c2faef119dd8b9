package cart

import (
	"strconv"

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

// ColdChainLines says a line travels frozen or chilled, so the whole cart
// ships in the cold chain.
func (law CartLaw) ColdChainLines(lines []pricing.LineInput) bool {
	for _, l := range lines {
		if law.ColdChain[l.ProductID] {
			return true
		}
	}
	return false
}

// CheckOrder refuses an order of lines worth subtotalCents that holds
// frozen goods below the frozen minimum (a *deliveryarea.MinimumRefusal;
// not for a pickup at the shop: the minimum pays for the insulated box) or
// an age-restricted product without ageDeclared (an *AgeRefusal); idCheck
// says the carrier must check the recipient's ID on delivery. Where the
// order may go is its shipping method's (package shipping).
func (law CartLaw) CheckOrder(lines []pricing.LineInput, subtotalCents int64, areas deliveryarea.Policy, pickup, ageDeclared bool) (idCheck bool, err error) {
	if !pickup {
		if err := areas.CheckFrozenMinimum(subtotalCents, law.FirstFrozen(lines)); err != nil {
			return false, err
		}
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
