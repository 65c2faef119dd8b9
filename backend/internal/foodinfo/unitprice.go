package foodinfo

// Unit is the unit a net quantity is declared in. Quantities are stored in
// grams, millilitres or pieces whatever the unit: the unit only says how to
// show them (1500 with Litre is "1,5 l").
type Unit string

// The units of a net quantity.
const (
	Gram       Unit = "g"
	Kilogram   Unit = "kg"
	Millilitre Unit = "ml"
	Litre      Unit = "l"
	Piece      Unit = "units"
)

// Basis is what a unit price is per.
type Basis int

// The bases of a unit price.
const (
	// NoUnitPrice: exempt or unknown, nothing is shown.
	NoUnitPrice Basis = iota
	// PerKilogram is € per kg.
	PerKilogram
	// PerLitre is € per litre.
	PerLitre
	// PerPiece is € per piece.
	PerPiece
)

// exemptBelow is the quantity, in g or ml, under which RD 3423/2000 art. 7
// exempts a product from showing its unit price.
const exemptBelow = 50

// UnitPrice is the price per kilogram, litre or piece of a product selling
// at priceCents, RD 3423/2000: quantity is the net quantity in grams,
// millilitres or pieces as stored, drainedGrams the net drained weight
// (frozen fish and seafood with an ice glaze are priced per kg of it) or 0.
//
// The division rounds half up to the cent in integer arithmetic:
// 279 cents for 350 ml is 279 000 / 350 = 797.14 → 797 cents per litre.
// Products under 50 g or 50 ml are exempt, and a single piece has no
// price per piece other than its price, so both return NoUnitPrice.
func UnitPrice(priceCents int64, quantity int64, unit Unit, drainedGrams int64) (int64, Basis) {
	if priceCents < 0 {
		return 0, NoUnitPrice
	}
	switch unit {
	case Gram, Kilogram:
		if drainedGrams > 0 {
			quantity = drainedGrams
		}
		if quantity < exemptBelow {
			return 0, NoUnitPrice
		}
		return divRoundHalfUp(priceCents*1000, quantity), PerKilogram
	case Millilitre, Litre:
		if quantity < exemptBelow {
			return 0, NoUnitPrice
		}
		return divRoundHalfUp(priceCents*1000, quantity), PerLitre
	case Piece:
		if quantity < 2 {
			return 0, NoUnitPrice
		}
		return divRoundHalfUp(priceCents, quantity), PerPiece
	}
	return 0, NoUnitPrice
}

// divRoundHalfUp divides non-negative n by positive d, rounding halves up.
func divRoundHalfUp(n, d int64) int64 {
	return (n + d/2) / d
}
