// Package carrier is the business module of parcels: buying an order's
// label through a carrier platform (Sendcloud's API v3, spoken by package
// sendcloud, or the development stand-in devcarrier), its packing slip,
// and following the parcel to the door. Tracking events (the platform's
// webhooks, or the poll when they do not come) move a parcel only forward,
// announced → in transit → delivered, e-mail the shopper once per step and,
// on delivery, deliver the order through the order lifecycle, which starts
// its 14-day withdrawal period at the carrier's delivery time. Each use
// case opens its own transaction and queues its e-mails in it; nothing
// here speaks Connect or the platform's wire format.
package carrier

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/money"
	"github.com/sabores/sabores/backend/internal/shipping"
)

// State is where a parcel stands, as parcels.state stores it.
type State string

// The parcel states, in the order a parcel passes them.
const (
	// Announced: the label is bought and the order shipped; the carrier
	// has not scanned the parcel yet.
	Announced State = "announced"
	// InTransit: the carrier has the parcel.
	InTransit State = "in_transit"
	// Delivered: the parcel reached the shopper (or they collected it).
	Delivered State = "delivered"
)

// States lists every state, in the order a parcel passes them.
var States = []State{Announced, InTransit, Delivered}

func (s State) rank() int {
	for i, st := range States {
		if st == s {
			return i
		}
	}
	return -1
}

// Moves reports whether a parcel at from moves to to: only forward, so a
// webhook repeated, arriving late or out of order (the platform says its
// order is not guaranteed) changes nothing.
func Moves(from, to State) bool {
	return to.rank() > from.rank() && from.rank() >= 0
}

// Email is the shopper's e-mail of a parcel reaching state, "" for none:
// the "shipped" e-mail goes with the label (the order's move to shipped).
func Email(s State) string {
	switch s {
	case InTransit:
		return "in_transit"
	case Delivered:
		return "delivered"
	}
	return ""
}

// Address is a parcel's sender or recipient.
type Address struct {
	Name, Company, Line1, PostalCode, City, CountryCode, Email, Phone string
}

// Shipment is the parcel of one order, as the platform is asked to
// announce it.
type Shipment struct {
	// Reference is the platform's idempotency key: asked again with it,
	// the platform answers the shipment it made instead of a second one.
	Reference   string
	OrderNumber string
	From, To    Address
	// ServiceCode is the platform's shipping option (carrier and service).
	ServiceCode string
	WeightGrams int32
	// TotalCents is what the order cost the shopper; CODCents what the
	// carrier collects at the door (0: nothing).
	TotalCents, CODCents int64
	// Notes are printed on the label where the carrier prints notes.
	Notes []string
}

// Label is the platform's answer to an announced shipment.
type Label struct {
	ShipmentID string
	ParcelID   int64
	// Carrier is the carrier's name as the platform gives it.
	Carrier                     string
	TrackingNumber, TrackingURL string
	// Status is the parcel's status as the platform words it.
	Status string
	// PDF is the label when the answer carried it; nil asks Platform.Label.
	PDF []byte
}

// Status is a parcel's tracking status as the platform reports it.
type Status struct {
	// ParcelID is the platform's parcel id.
	ParcelID int64
	// State is where the status puts the parcel; "" when it moves nothing
	// (a status the shop does not act on: a failed attempt, an unknown one).
	State State
	// Message is the platform's wording, kept for the desk.
	Message string
	// At is when it happened at the carrier; zero when not said.
	At time.Time
}

// Platform is the carrier platform as the shop uses it.
type Platform interface {
	// Name is the platform as parcels.platform stores it.
	Name() string
	// Announce buys the label of a shipment.
	Announce(ctx context.Context, s Shipment) (Label, error)
	// Label downloads a parcel's label as a PDF.
	Label(ctx context.Context, parcelID int64) ([]byte, error)
	// Status asks where the parcels of a shipment stand (the poll).
	Status(ctx context.Context, shipmentID string) ([]Status, error)
}

// ReasonPlatformRefused is a label the platform would not make (a field it
// rejects, the carrier's announcement failing), with its own words.
const ReasonPlatformRefused = "CARRIER_PLATFORM_REFUSED"

// Refusal is the platform refusing a request; its Detail is the
// platform's message, shown to the desk as is.
type Refusal struct {
	Detail string
}

func (r *Refusal) Error() string { return "carrier platform refused: " + r.Detail }

// Fault shows the platform's words to the desk.
func (r *Refusal) Fault() *fault.Error {
	return &fault.Error{Kind: fault.Refused, Reason: ReasonPlatformRefused, Message: r.Error(), Metadata: map[string]string{"detail": r.Detail}}
}

// ErrUnknownParcel is a tracking event for no parcel of the shop's.
var ErrUnknownParcel = errors.New("carrier: no such parcel")

// Services are the platform's shipping options the labels are bought with
// (the configuration's SENDCLOUD_*SHIPPING_OPTION): how each order goes is
// a plain rule (For), table-tested.
type Services struct {
	// Standard is the option of every parcel not otherwise served.
	Standard string
	// AgeCheck is an option whose carrier checks the recipient's age or ID
	// at the door, for orders with age-restricted goods; "" when the
	// platform offers none: the label and packing slip then carry the note.
	AgeCheck string
	// ColdChain is the option of parcels with frozen or chilled goods; ""
	// when the cold chain is booked with the carrier directly (label
	// outside the platform: the desk types the carrier and number).
	ColdChain string
}

// Route is how one parcel goes.
type Route struct {
	// Code is the platform's shipping option; "" with Outside.
	Code string
	// AgeCheck: the option checks the recipient's age at the door.
	AgeCheck bool
	// Outside: the label is not bought through the platform.
	Outside bool
}

// For is how an order's parcel goes: cold-chain goods (coldChain) by the
// cold-chain option or outside the platform, age-restricted goods
// (idCheck) by the age-check option when there is one, anything else by
// the standard option.
func (s Services) For(coldChain, idCheck bool) Route {
	switch {
	case coldChain && s.ColdChain == "":
		return Route{Outside: true}
	case coldChain:
		return Route{Code: s.ColdChain}
	case idCheck && s.AgeCheck != "":
		return Route{Code: s.AgeCheck, AgeCheck: true}
	}
	return Route{Code: s.Standard}
}

// ReasonPickup refuses buying a label for an order the shopper collects at
// the store.
const ReasonPickup = "PICKUP_ORDER"

// ReasonLabelOutside refuses buying a label for an order whose parcel goes
// outside the platform: the desk ships it with the carrier and number.
const ReasonLabelOutside = "LABEL_OUTSIDE_PLATFORM"

// ParcelWeight is a label's weight in grams: the lines weighed as checkout
// weighs a cart (shipping.ParcelOf: a unit of unknown weight at
// defaultGrams), within what one package may weigh.
func ParcelWeight(lines []shipping.ParcelLine, defaultGrams int32) int32 {
	total := shipping.ParcelOf(lines, 0, defaultGrams).WeightGrams
	return int32(min(max(total, 1), MaxWeightGrams)) //nolint:gosec // bounded just above
}

// MaxWeightGrams bounds a parcel's weight: what the desk may type and what
// ParcelWeight answers (a parcel carriers take as one package).
const MaxWeightGrams = 70_000

// ageNote is what the label and packing slip say when the carrier does
// not check the recipient's age itself: alcohol (and, under Galicia's Lei
// 6/2025, energy drinks) may not be sold to under-18s, and the shopper's
// declaration alone is weak, so the check follows the parcel to the door
// (docs/shipping-labels.md).
const ageNote = "Entrega solo a mayores de 18: comprobar DNI"

// AgeNote is the note of an order with age-restricted goods whose carrier
// does not check the age itself; "" otherwise.
func AgeNote(idCheck, platformChecks bool) string {
	if idCheck && !platformChecks {
		return ageNote
	}
	return ""
}

// codNote is the label's line of the amount to collect at the door.
func codNote(cents int64) string {
	return fmt.Sprintf("Contra reembolso: %s", money.Format(cents, "es"))
}
