package lots

import (
	"errors"
	"slices"
	"time"

	"github.com/sabores/sabores/backend/internal/shoptime"
)

// DateType is what a lot's date means: a best-before may be sold past it
// if the owner chooses, a use-by never (Reg. 1169/2011 art. 24).
type DateType string

// The date types a delivery line gives.
const (
	BestBefore DateType = "best_before"
	UseBy      DateType = "use_by"
)

// Lot is a lot as the rules see it. The unknown lot (Known false) has no
// code and no date: the stock received before lots, or found by a count.
type Lot struct {
	ID        int64
	Known     bool
	Expires   time.Time // a civil date at midnight UTC; zero for the unknown lot
	Type      DateType
	Remaining int32
	// Blocked: the lot is off sale (its date, or a recall).
	Blocked bool
	// SellPast: the owner sells this best-before lot past its date.
	SellPast bool
}

// Take is units taken from one lot. Quarantine says units given back to
// a blocked lot: kept off sale, out of the stock.
type Take struct {
	LotID      int64
	Units      int32
	Quarantine bool
}

// ErrShort is a take of more units than the lots hold: never a take from
// nothing.
var ErrShort = errors.New("lots: not enough units in the lots")

// FEFO orders lots first-expired-first-out: the unknown lot first, then
// by date, then the lot created first. The unknown lot goes first because
// its units are the oldest the shop has (the stock before it used lots)
// and its date is unknown: selling them first drains the one bucket a
// recall cannot trace, and a shop that does not use lots sees no change.
// apply_stock_to_lots (migration 00530) orders them the same way.
func FEFO(lots []Lot) []Lot {
	out := slices.Clone(lots)
	slices.SortStableFunc(out, func(a, b Lot) int {
		switch {
		case a.Known != b.Known:
			if !a.Known {
				return -1
			}
			return 1
		case !a.Expires.Equal(b.Expires):
			return a.Expires.Compare(b.Expires)
		case a.ID < b.ID:
			return -1
		case a.ID > b.ID:
			return 1
		}
		return 0
	})
	return out
}

// Allocate takes units from lots first-expired-first-out, from as many
// lots as it needs; more than they hold is ErrShort and takes nothing.
func Allocate(lots []Lot, units int32) ([]Take, error) {
	var out []Take
	for _, l := range FEFO(lots) {
		if units == 0 {
			break
		}
		n := min(l.Remaining, units)
		if n <= 0 {
			continue
		}
		out = append(out, Take{LotID: l.ID, Units: n})
		units -= n
	}
	if units > 0 {
		return nil, ErrShort
	}
	return out, nil
}

// ApplyDelta is how a change of stock that names no lot (a count, the
// stock screen's delta, an integrator's stock by SKU, a till sale) moves
// the lots: a decrease takes first-expired-first-out, an increase goes to
// the unknown lot. A decrease past every lot (the till sells the unit in
// the customer's hand when the count says none is left) takes the rest
// from the unknown lot, which goes negative as the stock does. It returns
// each lot's change.
func ApplyDelta(lots []Lot, delta int32) ([]Take, error) {
	unknown := slices.IndexFunc(lots, func(l Lot) bool { return !l.Known })
	if unknown < 0 {
		return nil, errors.New("lots: the product has no unknown lot")
	}
	if delta == 0 {
		return nil, nil
	}
	if delta > 0 {
		return []Take{{LotID: lots[unknown].ID, Units: delta}}, nil
	}
	want := -delta
	var out []Take
	for _, l := range FEFO(lots) {
		if n := min(max(l.Remaining, 0), want); n > 0 {
			out = append(out, Take{LotID: l.ID, Units: -n})
			want -= n
		}
	}
	if want > 0 {
		out = append(out, Take{LotID: lots[unknown].ID, Units: -want})
	}
	return out, nil
}

// GiveBack is where units coming back from an order (a cancellation, a
// return) go: to the lots the order took (taken), as far as it took from
// each, and the rest to the unknown lot (unknownID). The order's units
// cannot be told apart in the parcel, so its blocked lots are assumed back
// first, into quarantine: a unit that may be of a recalled lot is treated
// as one. Then the lot expiring latest: it leaves the earlier lots, which
// the shop sells first, as the order left them. apply_stock_to_lots
// (migration 00700) gives back the same way.
func GiveBack(taken []Lot, units int32, unknownID int64) []Take {
	var out []Take
	order := FEFO(taken)
	slices.Reverse(order)
	slices.SortStableFunc(order, func(a, b Lot) int {
		switch {
		case a.Blocked == b.Blocked:
			return 0
		case a.Blocked:
			return -1
		}
		return 1
	})
	for _, l := range order {
		if units == 0 {
			break
		}
		n := min(l.Remaining, units)
		if n <= 0 {
			continue
		}
		out = append(out, Take{LotID: l.ID, Units: n, Quarantine: l.Blocked})
		units -= n
	}
	if units > 0 {
		out = append(out, Take{LotID: unknownID, Units: units})
	}
	return out
}

// Line is an order line's product and units, in line order.
type Line struct {
	No        int32
	ProductID int64
	Units     int32
}

// LineTake is units of one lot an order line took.
type LineTake struct {
	LineNo int32
	LotID  int64
	Units  int32
}

// SplitLines shares what an order took of each product's lots (taken, by
// product) among its lines in line order, each line taking
// first-expired-first-out, so the packing slip names, line by line, the
// lots to pick. Lines asking more than the order took are ErrShort.
func SplitLines(lines []Line, taken map[int64][]Lot) ([]LineTake, error) {
	left := map[int64][]Lot{}
	for p, ls := range taken {
		left[p] = FEFO(ls)
	}
	var out []LineTake
	for _, l := range lines {
		takes, err := Allocate(left[l.ProductID], l.Units)
		if err != nil {
			return nil, err
		}
		for _, t := range takes {
			out = append(out, LineTake{LineNo: l.No, LotID: t.LotID, Units: t.Units})
		}
		Withdraw(left[l.ProductID], takes)
	}
	return out, nil
}

// Withdraw takes what Allocate gave out of lots, so the next allocation
// from them sees what is left.
func Withdraw(lots []Lot, takes []Take) {
	for _, t := range takes {
		for i := range lots {
			if lots[i].ID == t.LotID {
				lots[i].Remaining -= t.Units
			}
		}
	}
}

// BlockReason says why a lot may not be sold online; "" when it may.
type BlockReason string

// The rules' reasons; a recall (issue 40's next part) is the third.
const (
	BlockedUseBy      BlockReason = "use_by"
	BlockedBestBefore BlockReason = "best_before"
)

// Rules are the owner's settings the blocking reads.
type Rules struct {
	// DeliveryDays is the longest a parcel takes to reach a shopper from
	// the day its order is placed (preparation and transit).
	DeliveryDays int
	// MarginDays is the days a use-by lot must still have left when the
	// parcel arrives: the shopper must be able to eat it.
	MarginDays int
	// DigestDays is how far ahead the weekly expiry e-mail to the owner
	// looks (DefaultExpiringDays unless set).
	DigestDays int
	// DigestLanguage is that e-mail's language: es or pt.
	DigestLanguage string
}

// DefaultRules are the rules before the owner sets any: two days'
// delivery in the peninsula, two days' margin; the digest looks 30 days
// ahead, in Spanish.
var DefaultRules = Rules{DeliveryDays: 2, MarginDays: 2, DigestDays: DefaultExpiringDays, DigestLanguage: "es"}

// UseByLimit is the first use-by date still sold online on day today: a
// lot dated before it would arrive too close to (or past) its date.
func (r Rules) UseByLimit(today time.Time) time.Time {
	return today.AddDate(0, 0, r.DeliveryDays+r.MarginDays)
}

// Blocked says whether a lot may not be sold online on day today (a civil
// date): a use-by lot dated before the latest delivery date plus the
// margin, a best-before lot past its date unless the owner chose to sell
// it past (sellPast). The unknown lot is never blocked by date.
func (r Rules) Blocked(l Lot, today time.Time, sellPast bool) BlockReason {
	if !l.Known {
		return ""
	}
	switch l.Type {
	case UseBy:
		if l.Expires.Before(r.UseByLimit(today)) {
			return BlockedUseBy
		}
	case BestBefore:
		if l.Expires.Before(today) && !sellPast {
			return BlockedBestBefore
		}
	}
	return ""
}

// Due is the lots the rules block on day today that are still on sale
// (units left, not yet blocked), each with why: what a sale must take off
// sale before FEFO takes from its product's lots, so a sale made before
// the midnight job has run (or when it failed) never takes a use-by lot
// within the margin or past its date, nor a best-before lot past its date
// the owner does not sell.
func (r Rules) Due(lots []Lot, today time.Time) map[int64]BlockReason {
	out := map[int64]BlockReason{}
	for _, l := range lots {
		if l.Blocked || l.Remaining <= 0 {
			continue
		}
		if why := r.Blocked(l, today, l.SellPast); why != "" {
			out[l.ID] = why
		}
	}
	return out
}

// Today is t's civil date in Madrid, at midnight UTC (how lot dates are
// compared).
func Today(t time.Time) time.Time {
	y, m, d := t.In(shoptime.Madrid).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
