package carrier

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/deliveryarea"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/paging"
	"github.com/sabores/sabores/backend/internal/shipping"
	"github.com/sabores/sabores/backend/internal/shopsettings"
)

// Options configure the module.
type Options struct {
	// Platform buys the labels; nil when the shop buys none (every label
	// is then outside the platform, as before).
	Platform Platform
	// Services are the platform's shipping options.
	Services Services
	// DefaultLineGrams is a unit's weight when its product has none.
	DefaultLineGrams int32
	// Dispatch is the cut-off hour and closed days; the weekdays a
	// cold-chain parcel leaves on are its shipping method's (order.DispatchOf).
	Dispatch deliveryarea.Dispatch
	Logger   *slog.Logger
	// Now is the clock; time.Now by default. Tests move it.
	Now func() time.Time
}

// Service holds the parcel use cases over the shop's database.
type Service struct {
	pool *pgxpool.Pool
	q    *db.Queries
	opts Options
	fx   order.Effects
}

// New returns the parcel module on pool.
func New(pool *pgxpool.Pool, opts Options) *Service {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.DefaultLineGrams <= 0 {
		opts.DefaultLineGrams = DefaultLineGrams
	}
	return &Service{pool: pool, q: db.New(pool), opts: opts}
}

// DefaultLineGrams is a unit's weight, packed, when nothing says better:
// a jar or a bottle with its share of the box.
const DefaultLineGrams = 500

// Labels says labels are bought through a platform.
func (s *Service) Labels() bool { return s.opts.Platform != nil }

// WithEffects returns s queueing the shopper's e-mails through fx.Mailer
// and issuing through fx.Invoicer the invoice of a cash-on-delivery order
// its delivery pays: the order module's effects. The job queue the mailer
// needs is built after the module (its poll is one of the queue's jobs).
func (s *Service) WithEffects(fx order.Effects) *Service {
	s.fx = fx
	return s
}

// effects are what a delivery brings with it: the invoice of a
// cash-on-delivery order, paid at the door, and its e-mail.
func (s *Service) effects() order.Effects { return s.fx }

// The reasons of the module's refusals, as ErrorInfo reasons clients
// translate.
const (
	// ReasonLabelsOff: no carrier platform is configured.
	ReasonLabelsOff = "LABELS_OFF"
	// ReasonParcelDelivered: the parcel is delivered already.
	ReasonParcelDelivered = "PARCEL_DELIVERED"
)

// BuyInput is the desk buying an order's label.
type BuyInput struct {
	OrderID int64
	// WeightGrams is the weight the desk typed, 0 to count the lines'
	// (ParcelWeight).
	WeightGrams int32
	// ConfirmOffDay buys a cold-chain order's label on a day such parcels
	// do not leave, otherwise refused with a warning.
	ConfirmOffDay bool
	By            audit.Caller
}

// parcelAudit is what the audit trail keeps of a parcel.
type parcelAudit struct {
	OrderID        int64  `json:"order_id"`
	Carrier        string `json:"carrier"`
	TrackingNumber string `json:"tracking_number"`
	State          string `json:"state"`
	WeightGrams    int32  `json:"weight_grams,omitempty"`
	CODCents       int64  `json:"cod_cents,omitempty"`
	AgeCheck       bool   `json:"age_check,omitempty"`
	Note           string `json:"note,omitempty"`
}

func auditOf(p db.Parcel, note string) parcelAudit {
	return parcelAudit{
		OrderID: p.OrderID, Carrier: p.Carrier, TrackingNumber: p.TrackingNumber, State: p.State,
		WeightGrams: p.WeightGrams, CODCents: p.CodCents, AgeCheck: p.AgeCheck, Note: note,
	}
}

// BuyLabel buys an order being prepared its label through the platform
// and ships it: the parcel and its label stored, the order moved to shipped
// with the carrier and tracking number, the shopper's "shipped" e-mail
// queued and the purchase audited, in one transaction. The platform is
// asked outside it, with the order as its idempotency key, so a purchase
// retried after a failure gets the same label, never a second one. An
// order that has its parcel already answers it.
func (s *Service) BuyLabel(ctx context.Context, in BuyInput) (db.Parcel, error) {
	if s.opts.Platform == nil {
		return db.Parcel{}, &fault.Error{Kind: fault.Refused, Reason: ReasonLabelsOff, Message: "no carrier platform is configured: ship with the carrier and tracking number"}
	}
	if in.WeightGrams < 0 || in.WeightGrams > MaxWeightGrams {
		return db.Parcel{}, fault.InvalidField("weight_grams", fmt.Sprintf("must be from 1 to %d grams, or 0 to count the lines", MaxWeightGrams))
	}
	o, err := s.q.GetOrder(ctx, in.OrderID)
	if errors.Is(err, pgx.ErrNoRows) {
		return db.Parcel{}, fmt.Errorf("carrier: order %d: %w", in.OrderID, fault.ErrNotFound)
	}
	if err != nil {
		return db.Parcel{}, fmt.Errorf("carrier: read order %d: %w", in.OrderID, err)
	}
	if p, err := order.ParcelOf(ctx, s.q, o.ID); err != nil || p != nil {
		return deref(p), err
	}
	if err := order.CanFulfil(order.Fulfilment(o.Status), order.Shipped, order.Payment(o.PaymentStatus), order.AdminActor); err != nil {
		return db.Parcel{}, err
	}
	if o.ShippingKind != nil && *o.ShippingKind == string(shipping.Pickup) {
		return db.Parcel{}, &fault.Error{Kind: fault.Refused, Reason: ReasonPickup,
			Message: fmt.Sprintf("order %d is collected at the store: it has no parcel", o.ID)}
	}
	svc, dispatch, err := s.plan(ctx, o)
	if err != nil {
		return db.Parcel{}, err
	}
	if svc.Outside {
		return db.Parcel{}, &fault.Error{Kind: fault.Refused, Reason: ReasonLabelOutside,
			Message: fmt.Sprintf("order %d goes outside the carrier platform: ship it with the carrier and tracking number", o.ID)}
	}
	note := ""
	if err := order.CheckDispatchDay(o, dispatch, s.opts.Now()); err != nil {
		if !in.ConfirmOffDay {
			return db.Parcel{}, err
		}
		note = order.OffDayNote("")
	}
	shipment, err := s.shipment(ctx, o, svc, in.WeightGrams)
	if err != nil {
		return db.Parcel{}, err
	}
	label, err := s.opts.Platform.Announce(ctx, shipment)
	if err != nil {
		return db.Parcel{}, fmt.Errorf("carrier: label of order %d: %w", o.ID, err)
	}
	if len(label.PDF) == 0 {
		if label.PDF, err = s.opts.Platform.Label(ctx, label.ParcelID); err != nil {
			return db.Parcel{}, fmt.Errorf("carrier: download the label of order %d: %w", o.ID, err)
		}
	}
	var parcel db.Parcel
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		parcel, err = s.record(ctx, tx, o.ID, shipment, svc, label, in.By, note)
		return err
	})
	if err != nil {
		// The platform made the label: buying again finds it by the
		// order's reference, so nothing is paid twice.
		s.opts.Logger.ErrorContext(ctx, "carrier: label bought but not recorded; buying it again records it",
			"order", o.ID, "shipment", label.ShipmentID, "error", err)
		return db.Parcel{}, err
	}
	return parcel, nil
}

func deref(p *db.Parcel) db.Parcel {
	if p == nil {
		return db.Parcel{}
	}
	return *p
}

// record stores a label just bought and ships its order, in tx.
func (s *Service) record(ctx context.Context, tx pgx.Tx, orderID int64, sh Shipment, svc Route, label Label, by audit.Caller, note string) (db.Parcel, error) {
	q := db.New(tx)
	if _, err := q.GetOrderForUpdate(ctx, orderID); err != nil {
		return db.Parcel{}, fmt.Errorf("carrier: lock order %d: %w", orderID, err)
	}
	var boughtBy *int64
	if by.UserID != 0 {
		boughtBy = &by.UserID
	}
	p, err := q.InsertParcel(ctx, db.InsertParcelParams{
		OrderID: orderID, Platform: s.opts.Platform.Name(), ShipmentID: label.ShipmentID, PlatformParcelID: label.ParcelID,
		Carrier: label.Carrier, ServiceCode: sh.ServiceCode, TrackingNumber: label.TrackingNumber, TrackingURL: label.TrackingURL,
		PlatformStatus: label.Status, WeightGrams: sh.WeightGrams, CodCents: sh.CODCents, AgeCheck: svc.AgeCheck, BoughtBy: boughtBy,
	})
	if errors.Is(err, pgx.ErrNoRows) {
		// Recorded meanwhile by the same purchase retried.
		if p, err = q.ParcelOfOrder(ctx, orderID); err != nil {
			return db.Parcel{}, fmt.Errorf("carrier: parcel of order %d: %w", orderID, err)
		}
		return p, nil
	}
	if err != nil {
		return db.Parcel{}, fmt.Errorf("carrier: record the parcel of order %d: %w", orderID, err)
	}
	if err := q.InsertParcelLabel(ctx, db.InsertParcelLabelParams{ParcelID: p.ID, Pdf: label.PDF}); err != nil {
		return db.Parcel{}, fmt.Errorf("carrier: store the label of order %d: %w", orderID, err)
	}
	_, after, err := order.Advance(ctx, tx, order.Step{
		OrderID: orderID, Who: order.AdminActor, ActorUserID: by.UserID, Fulfil: order.Shipped,
		Carrier: label.Carrier, TrackingNumber: label.TrackingNumber, Note: note,
	}, s.effects())
	if err != nil {
		return db.Parcel{}, err
	}
	if err := audit.Record(ctx, q, by, "parcel.buy", fmt.Sprintf("order:%d", orderID), nil, auditOf(p, note)); err != nil {
		return db.Parcel{}, err
	}
	return p, order.Notify(ctx, tx, s.fx.Mailer, after, "shipped")
}

// shipment is order o's parcel as the platform is asked to announce it:
// from the shop's address in its settings, to the order's, weighing
// weightGrams (0: the lines' weight), with what the carrier must collect
// and check at the door.
func (s *Service) shipment(ctx context.Context, o db.Order, svc Route, weightGrams int32) (Shipment, error) {
	if weightGrams == 0 {
		var err error
		if weightGrams, err = s.weightOf(ctx, o); err != nil {
			return Shipment{}, err
		}
	}
	shop, _, err := shopsettings.Read(ctx, s.q)
	if err != nil {
		return Shipment{}, err
	}
	sh := Shipment{
		Reference: Reference(o.ID), OrderNumber: strconv.FormatInt(o.ID, 10),
		From: Address{
			Name: shop.LegalName, Line1: shop.Address.Street, PostalCode: shop.Address.PostalCode, City: shop.Address.City,
			CountryCode: "ES", Email: shop.Email, Phone: shop.Phone,
		},
		To: Address{
			Name: o.DeliveryName, Line1: o.DeliveryAddress, PostalCode: o.DeliveryPostalCode, City: o.DeliveryCity,
			CountryCode: "ES", Email: o.DeliveryEmail, Phone: o.DeliveryPhone,
		},
		ServiceCode: svc.Code, WeightGrams: weightGrams, TotalCents: o.TotalCents, CODCents: CODCents(o),
	}
	if sh.CODCents > 0 {
		sh.Notes = append(sh.Notes, codNote(sh.CODCents))
	}
	if n := AgeNote(o.IDCheckRequired, svc.AgeCheck); n != "" {
		sh.Notes = append(sh.Notes, n)
	}
	return sh, nil
}

// Reference is the platform's idempotency key of an order's parcel.
func Reference(orderID int64) string { return referencePrefix + strconv.FormatInt(orderID, 10) }

const referencePrefix = "sabores-order-"

// CODCents is what the carrier collects at the door: the whole order when
// it is paid on delivery, else nothing.
func CODCents(o db.Order) int64 {
	if o.PaymentMethod == "cash" && order.Payment(o.PaymentStatus) == order.OnDelivery {
		return o.TotalCents
	}
	return 0
}

// Weighed is an order's lines as ParcelWeight counts them, every unit at
// the default: what an order placed before products carried their weight
// has (weightOf).
func Weighed(lines []db.OrderLine) []shipping.ParcelLine {
	out := make([]shipping.ParcelLine, len(lines))
	for i, l := range lines {
		out[i] = shipping.ParcelLine{Quantity: l.Quantity}
	}
	return out
}

// Outcome is what a tracking event did.
type Outcome string

// The outcomes of a tracking event from the platform.
const (
	// Applied: the parcel moved forward.
	Applied Outcome = "applied"
	// Unchanged: a repeat, a late or out-of-order event, or a status the
	// shop does not act on.
	Unchanged Outcome = "unchanged"
)

// Record applies a tracking event the platform sent (a verified webhook),
// in its own transaction: the parcel moves forward, or nothing changes.
// A parcel the shop does not know is ErrUnknownParcel, and changes nothing.
func (s *Service) Record(ctx context.Context, platform string, st Status) (Outcome, error) {
	var out Outcome
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		p, err := db.New(tx).LockPlatformParcel(ctx, db.LockPlatformParcelParams{Platform: platform, PlatformParcelID: st.ParcelID})
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("%w: %s parcel %d", ErrUnknownParcel, platform, st.ParcelID)
		}
		if err != nil {
			return fmt.Errorf("carrier: lock parcel %d: %w", st.ParcelID, err)
		}
		out, err = s.apply(ctx, tx, p, st, order.SystemActor, nil)
		return err
	})
	return out, err
}

// MarkDelivered records, as the desk, that a parcel reached the shopper
// (the carrier's tracking lags, or the shopper says so): the parcel and
// its order delivered now, the withdrawal period started, the e-mail
// queued and the step audited, in one transaction.
func (s *Service) MarkDelivered(ctx context.Context, parcelID int64, by audit.Caller, note string) (db.Parcel, error) {
	var out db.Parcel
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		p, err := db.New(tx).LockParcel(ctx, parcelID)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("carrier: parcel %d: %w", parcelID, fault.ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("carrier: lock parcel %d: %w", parcelID, err)
		}
		if State(p.State) == Delivered {
			return &fault.Error{Kind: fault.Refused, Reason: ReasonParcelDelivered, Message: fmt.Sprintf("parcel %d is delivered already", p.ID)}
		}
		note = strings.TrimSpace(note)
		if _, err := s.apply(ctx, tx, p, Status{ParcelID: p.PlatformParcelID, State: Delivered, Message: "marked delivered by the desk"}, order.AdminActor, &by); err != nil {
			return err
		}
		if out, err = db.New(tx).GetParcel(ctx, p.ID); err != nil {
			return fmt.Errorf("carrier: read parcel %d: %w", p.ID, err)
		}
		return audit.Record(ctx, db.New(tx), by, "parcel.deliver", fmt.Sprintf("order:%d", p.OrderID), auditOf(p, ""), auditOf(out, note))
	})
	return out, err
}

// apply moves parcel p (locked in tx) to where status st puts it, only
// forward: the shopper's e-mail of the new state queued, and on delivery
// the order delivered at the carrier's time through the order lifecycle
// (who: the system for the platform, the admin by for the desk). A status
// that moves nothing leaves the parcel as it is, but for the platform's
// wording of a status the shop does not act on (a failed attempt), which
// the desk sees.
func (s *Service) apply(ctx context.Context, tx pgx.Tx, p db.Parcel, st Status, who order.Actor, by *audit.Caller) (Outcome, error) {
	q := db.New(tx)
	from := State(p.State)
	if st.State == "" && from != Delivered && st.Message != "" && st.Message != p.PlatformStatus {
		if _, err := q.SetParcelState(ctx, db.SetParcelStateParams{ID: p.ID, State: p.State, PlatformStatus: st.Message, DeliveredAt: p.DeliveredAt}); err != nil {
			return Unchanged, fmt.Errorf("carrier: record the status of parcel %d: %w", p.ID, err)
		}
	}
	if st.State == "" || !Moves(from, st.State) {
		return Unchanged, nil
	}
	var deliveredAt *time.Time
	if st.State == Delivered {
		at := s.deliveryTime(p, st.At)
		deliveredAt = &at
	}
	if _, err := q.SetParcelState(ctx, db.SetParcelStateParams{ID: p.ID, State: string(st.State), PlatformStatus: st.Message, DeliveredAt: deliveredAt}); err != nil {
		return Unchanged, fmt.Errorf("carrier: move parcel %d: %w", p.ID, err)
	}
	o, err := q.GetOrder(ctx, p.OrderID)
	if err != nil {
		return Unchanged, fmt.Errorf("carrier: read order %d: %w", p.OrderID, err)
	}
	// An order the desk marked delivered on the order desk already keeps
	// its delivery; the parcel catches up.
	if st.State == Delivered && order.Fulfilment(o.Status) == order.Shipped {
		step := order.Step{OrderID: o.ID, Who: who, Fulfil: order.Delivered, At: *deliveredAt, Note: st.Message}
		if by != nil {
			step.ActorUserID = by.UserID
		}
		if _, o, err = order.Advance(ctx, tx, step, s.effects()); err != nil {
			return Unchanged, err
		}
	}
	return Applied, order.Notify(ctx, tx, s.fx.Mailer, o, Email(st.State))
}

// deliveryTime is when parcel p was delivered by the carrier's word at:
// the withdrawal period starts then. A time the carrier does not give, or
// one before the label or after now (a wrong clock), is now.
func (s *Service) deliveryTime(p db.Parcel, at time.Time) time.Time {
	now := s.opts.Now()
	if at.IsZero() || at.After(now) || at.Before(p.CreatedAt) {
		return now
	}
	return at
}

// Poll asks the platform where the parcels on their way stand that it was
// not asked about for pollAge (the webhooks' fallback: a webhook lost for
// good, a shop unreachable for longer than the platform retries), a page
// at a time, and applies what moved. It returns how many parcels moved; a
// parcel the platform cannot answer for waits for the next pass.
func (s *Service) Poll(ctx context.Context) (int, error) {
	if s.opts.Platform == nil {
		return 0, nil
	}
	parcels, err := s.q.ParcelsToPoll(ctx, db.ParcelsToPollParams{PolledBefore: s.opts.Now().Add(-pollAge), PageSize: pollPage})
	if err != nil {
		return 0, fmt.Errorf("carrier: parcels to poll: %w", err)
	}
	moved := 0
	for _, p := range parcels {
		statuses, err := s.opts.Platform.Status(ctx, p.ShipmentID)
		if perr := s.q.MarkParcelPolled(ctx, p.ID); perr != nil {
			return moved, fmt.Errorf("carrier: mark parcel %d polled: %w", p.ID, perr)
		}
		if err != nil {
			s.opts.Logger.WarnContext(ctx, "carrier: poll a parcel", "parcel", p.ID, "shipment", p.ShipmentID, "error", err)
			continue
		}
		for _, st := range statuses {
			if st.ParcelID != p.PlatformParcelID {
				continue
			}
			var out Outcome
			err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
				locked, err := db.New(tx).LockParcel(ctx, p.ID)
				if err != nil {
					return fmt.Errorf("carrier: lock parcel %d: %w", p.ID, err)
				}
				out, err = s.apply(ctx, tx, locked, st, order.SystemActor, nil)
				return err
			})
			if err != nil {
				return moved, err
			}
			if out == Applied {
				moved++
			}
		}
	}
	return moved, nil
}

// The poll asks about a parcel at most once per pollAge, pollPage parcels
// per pass: the webhooks carry the news, the poll only mends what they
// missed.
const (
	pollAge  = time.Hour
	pollPage = 50
)

// parcelPageSizes are List's page sizes.
var parcelPageSizes = paging.Sizes{Default: 25, Max: 100}

// List lists the parcels in state ("" for all), newest first, a page of
// size after the page token (paging.ParseForwardKeyset).
func (s *Service) List(ctx context.Context, state State, pageToken string, size int32) (paging.KeysetPage[db.Parcel], error) {
	if state != "" && state.rank() < 0 {
		return paging.KeysetPage[db.Parcel]{}, fault.InvalidField("state", "must be a known parcel state")
	}
	k, err := paging.ParseForwardKeyset(pageToken, size, parcelPageSizes)
	if err != nil {
		return paging.KeysetPage[db.Parcel]{}, err
	}
	rows, err := s.q.ListParcels(ctx, db.ListParcelsParams{State: string(state), At: k.At, AtID: k.AtID, RowLimit: k.Limit})
	if err != nil {
		return paging.KeysetPage[db.Parcel]{}, fmt.Errorf("carrier: list parcels: %w", err)
	}
	return paging.Cut(k, rows, func(p db.Parcel) (time.Time, int64) { return p.CreatedAt, p.ID }), nil
}

// OrderParcel is an order's parcel, nil when its label was not bought
// through the platform.
func (s *Service) OrderParcel(ctx context.Context, orderID int64) (*db.Parcel, error) {
	return order.ParcelOf(ctx, s.q, orderID)
}

// Label is a parcel's label as the platform issued it, named for saving,
// its download audited.
func (s *Service) Label(ctx context.Context, parcelID int64, by audit.Caller) (pdf []byte, name string, err error) {
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		p, err := q.GetParcel(ctx, parcelID)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("carrier: parcel %d: %w", parcelID, fault.ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("carrier: read parcel %d: %w", parcelID, err)
		}
		if pdf, err = q.ParcelLabel(ctx, p.ID); err != nil {
			return fmt.Errorf("carrier: label of parcel %d: %w", p.ID, err)
		}
		name = fmt.Sprintf("etiqueta-pedido-%d.pdf", p.OrderID)
		return audit.Record(ctx, q, by, "parcel.label", fmt.Sprintf("order:%d", p.OrderID), nil, nil)
	})
	return pdf, name, err
}

// Desk is what the order desk shows of an order's parcel: the parcel, or
// what buying its label would do.
type Desk struct {
	// Parcel is the order's parcel; nil before its label is bought.
	Parcel *db.Parcel
	// Labels: a platform buys labels at all.
	Labels bool
	// Outside: this order's parcel goes outside the platform.
	Outside bool
	// WeightGrams is the weight counted from the lines.
	WeightGrams int32
	// AgeNote is the ID-check note of its label and slip, "" for none.
	AgeNote string
	// CODCents is what the carrier collects at the door.
	CODCents int64
	// OffDay: cold-chain goods, and today is no day they leave; they leave
	// next on NextDispatch.
	OffDay       bool
	NextDispatch time.Time
}

// OrderDesk reads what the order desk shows of an order's parcel.
func (s *Service) OrderDesk(ctx context.Context, orderID int64) (Desk, error) {
	o, err := s.q.GetOrder(ctx, orderID)
	if errors.Is(err, pgx.ErrNoRows) {
		return Desk{}, fmt.Errorf("carrier: order %d: %w", orderID, fault.ErrNotFound)
	}
	if err != nil {
		return Desk{}, fmt.Errorf("carrier: read order %d: %w", orderID, err)
	}
	d := Desk{Labels: s.opts.Platform != nil, CODCents: CODCents(o)}
	if d.Parcel, err = order.ParcelOf(ctx, s.q, orderID); err != nil {
		return Desk{}, err
	}
	route, dispatch, err := s.plan(ctx, o)
	if err != nil {
		return Desk{}, err
	}
	d.Outside = route.Outside || !d.Labels
	d.AgeNote = s.ageNote(o, d.Parcel)
	if d.WeightGrams, err = s.weightOf(ctx, o); err != nil {
		return Desk{}, err
	}
	now := s.opts.Now()
	if o.DispatchOn.Valid && !dispatch.LeavesOn(now) {
		d.OffDay, d.NextDispatch = true, dispatch.Next(now)
	}
	return d, nil
}

// plan is how order o's parcel goes and when, read from its shipping
// method as the owner set it in the rates (read once): outside the
// platform when the method says so, else by the platform's option for a
// cold-chain, ID-check or standard parcel; and, for a cold-chain parcel,
// the days it may leave.
func (s *Service) plan(ctx context.Context, o db.Order) (Route, deliveryarea.Dispatch, error) {
	rates, err := shipping.Load(ctx, s.q, s.opts.Dispatch)
	if err != nil {
		return Route{}, deliveryarea.Dispatch{}, err
	}
	dispatch := order.DispatchOf(rates, o)
	if m, ok := rates.Method(order.MethodOf(o)); ok && m.LabelOutsidePlatform {
		return Route{Outside: true}, dispatch, nil
	}
	return s.opts.Services.For(o.ColdChain || o.DispatchOn.Valid, o.IDCheckRequired), dispatch, nil
}

// weightOf is order o's parcel weight as checkout weighed it (each
// product's packed weight, the default for one without); an order placed
// before products had weights counts its lines at the default.
func (s *Service) weightOf(ctx context.Context, o db.Order) (int32, error) {
	if o.ShippingWeightGrams != nil && *o.ShippingWeightGrams > 0 {
		return *o.ShippingWeightGrams, nil
	}
	lines, err := s.q.ListOrderLines(ctx, []int64{o.ID})
	if err != nil {
		return 0, fmt.Errorf("carrier: lines of order %d: %w", o.ID, err)
	}
	return ParcelWeight(Weighed(lines), s.opts.DefaultLineGrams), nil
}

// ageNote is the ID-check note of order o's label and slip: none when the
// carrier checks the age itself, as the parcel p was bought (nil: as it
// would be bought now).
func (s *Service) ageNote(o db.Order, p *db.Parcel) string {
	platformChecks := s.opts.Platform != nil && s.opts.Services.For(o.DispatchOn.Valid, o.IDCheckRequired).AgeCheck
	if p != nil {
		platformChecks = p.AgeCheck
	}
	return AgeNote(o.IDCheckRequired, platformChecks)
}
