package shipping

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/deliveryarea"
	"github.com/sabores/sabores/backend/internal/fault"
)

// Service runs the back office's use cases on the rates. Each opens its
// own transaction, holds the method's row lock while it checks and writes
// (so two admins editing zones of one method cannot both pass the overlap
// check), writes its audit row and answers with the method as saved. The
// change feed's triggers tell every replica's Snapshot at commit.
type Service struct {
	pool *pgxpool.Pool
}

// New returns the module on pool.
func New(pool *pgxpool.Pool) *Service {
	return &Service{pool: pool}
}

// Overview is the desk's page: every method and the settings.
type Overview struct {
	Rates Rates
	// ProductsWithoutWeight counts the products sold online priced by the
	// default weight.
	ProductsWithoutWeight int64
}

// List reads every method, the default weight and how many products lack
// a weight.
func (s *Service) List(ctx context.Context) (Overview, error) {
	q := db.New(s.pool)
	rates, err := Load(ctx, q, deliveryarea.Dispatch{})
	if err != nil {
		return Overview{}, err
	}
	n, err := q.CountProductsWithoutWeight(ctx)
	if err != nil {
		return Overview{}, fmt.Errorf("shipping: count products without a weight: %w", err)
	}
	return Overview{Rates: rates, ProductsWithoutWeight: n}, nil
}

func methodEntity(id int64) string { return "shipping_method:" + strconv.FormatInt(id, 10) }

// CreateMethod adds a method without zones (shipping.method.create).
func (s *Service) CreateMethod(ctx context.Context, by audit.Caller, in MethodInput) (Method, error) {
	m, err := CheckMethod(in)
	if err != nil {
		return Method{}, err
	}
	var out Method
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if err := codeFree(ctx, q, m.Code, 0); err != nil {
			return err
		}
		id, err := q.InsertShippingMethod(ctx, methodParams(m))
		if err != nil {
			return fmt.Errorf("shipping: create method: %w", err)
		}
		if out, err = readMethod(ctx, q, id); err != nil {
			return err
		}
		return audit.Record(ctx, q, by, "shipping.method.create", methodEntity(id), nil, m)
	})
	return out, err
}

// UpdateMethod changes method id's terms (shipping.method.update). A
// method with zones cannot become a pickup, which has none.
func (s *Service) UpdateMethod(ctx context.Context, by audit.Caller, id int64, in MethodInput) (Method, error) {
	m, err := CheckMethod(in)
	if err != nil {
		return Method{}, err
	}
	return s.withMethodAudit(ctx, by, id, func(q *db.Queries, before Method) (string, any, any, error) {
		if m.Kind == Pickup && len(before.Zones) > 0 {
			return "", nil, nil, refused(ReasonPickupHasNoZones, "method.kind", "delete the method's zones before making it a pickup", nil)
		}
		if err := codeFree(ctx, q, m.Code, id); err != nil {
			return "", nil, nil, err
		}
		p := methodParams(m)
		if err := q.UpdateShippingMethod(ctx, db.UpdateShippingMethodParams{
			Code: p.Code, NameEs: p.NameEs, NamePt: p.NamePt, Kind: p.Kind, FreeAboveCents: p.FreeAboveCents,
			DispatchWeekdays: p.DispatchWeekdays, SurchargeCents: p.SurchargeCents,
			LabelOutsidePlatform: p.LabelOutsidePlatform, Active: p.Active, Position: p.Position, ID: id,
		}); err != nil {
			return "", nil, nil, fmt.Errorf("shipping: update method %d: %w", id, err)
		}
		return "shipping.method.update", inputOf(before), m, nil
	}, true)
}

// DeleteMethod removes method id with its zones and bands
// (shipping.method.delete); orders keep its code.
func (s *Service) DeleteMethod(ctx context.Context, by audit.Caller, id int64) error {
	_, err := s.withMethodAudit(ctx, by, id, func(q *db.Queries, before Method) (string, any, any, error) {
		if err := q.DeleteShippingMethod(ctx, id); err != nil {
			return "", nil, nil, fmt.Errorf("shipping: delete method %d: %w", id, err)
		}
		return "shipping.method.delete", inputOf(before), nil, nil
	}, false)
	return err
}

// CreateZone adds a zone to method methodID (shipping.zone.create).
func (s *Service) CreateZone(ctx context.Context, by audit.Caller, methodID int64, in ZoneInput) (Method, error) {
	return s.withMethodAudit(ctx, by, methodID, func(q *db.Queries, m Method) (string, any, any, error) {
		z, err := CheckZone(in, m.Kind, m.Zones)
		if err != nil {
			return "", nil, nil, err
		}
		if _, err := q.InsertShippingZone(ctx, db.InsertShippingZoneParams{MethodID: methodID, Name: z.Name, PostalPrefixes: z.Prefixes}); err != nil {
			return "", nil, nil, fmt.Errorf("shipping: create zone of method %d: %w", methodID, err)
		}
		return "shipping.zone.create", nil, z, nil
	}, true)
}

// UpdateZone renames zone id or changes its prefixes (shipping.zone.update).
func (s *Service) UpdateZone(ctx context.Context, by audit.Caller, id int64, in ZoneInput) (Method, error) {
	return s.withZone(ctx, by, id, func(q *db.Queries, m Method, z Zone) (string, any, any, error) {
		others := slices.DeleteFunc(slices.Clone(m.Zones), func(o Zone) bool { return o.ID == id })
		checked, err := CheckZone(in, m.Kind, others)
		if err != nil {
			return "", nil, nil, err
		}
		if err := q.UpdateShippingZone(ctx, db.UpdateShippingZoneParams{Name: checked.Name, PostalPrefixes: checked.Prefixes, ID: id}); err != nil {
			return "", nil, nil, fmt.Errorf("shipping: update zone %d: %w", id, err)
		}
		return "shipping.zone.update", ZoneInput{Name: z.Name, Prefixes: z.Prefixes}, checked, nil
	})
}

// DeleteZone removes zone id with its bands (shipping.zone.delete).
func (s *Service) DeleteZone(ctx context.Context, by audit.Caller, id int64) (Method, error) {
	return s.withZone(ctx, by, id, func(q *db.Queries, _ Method, z Zone) (string, any, any, error) {
		if err := q.DeleteShippingZone(ctx, id); err != nil {
			return "", nil, nil, fmt.Errorf("shipping: delete zone %d: %w", id, err)
		}
		return "shipping.zone.delete", ZoneInput{Name: z.Name, Prefixes: z.Prefixes}, nil, nil
	})
}

// CreateBand adds a band to zone zoneID (shipping.band.create).
func (s *Service) CreateBand(ctx context.Context, by audit.Caller, zoneID int64, in BandInput) (Method, error) {
	return s.withZone(ctx, by, zoneID, func(q *db.Queries, _ Method, z Zone) (string, any, any, error) {
		if err := CheckBand(in, z.Bands); err != nil {
			return "", nil, nil, err
		}
		if _, err := q.InsertShippingBand(ctx, db.InsertShippingBandParams{ZoneID: zoneID, UpToGrams: in.UpToGrams, PriceCents: in.PriceCents}); err != nil {
			return "", nil, nil, fmt.Errorf("shipping: create band of zone %d: %w", zoneID, err)
		}
		return "shipping.band.create", nil, bandAudit{ZoneID: zoneID, BandInput: in}, nil
	})
}

// UpdateBand changes band id (shipping.band.update).
func (s *Service) UpdateBand(ctx context.Context, by audit.Caller, id int64, in BandInput) (Method, error) {
	return s.withBand(ctx, by, id, func(q *db.Queries, z Zone, b Band) (string, any, any, error) {
		others := slices.DeleteFunc(slices.Clone(z.Bands), func(o Band) bool { return o.ID == id })
		if err := CheckBand(in, others); err != nil {
			return "", nil, nil, err
		}
		if err := q.UpdateShippingBand(ctx, db.UpdateShippingBandParams{UpToGrams: in.UpToGrams, PriceCents: in.PriceCents, ID: id}); err != nil {
			return "", nil, nil, fmt.Errorf("shipping: update band %d: %w", id, err)
		}
		return "shipping.band.update", bandAudit{ZoneID: z.ID, BandInput: BandInput{b.UpToGrams, b.PriceCents}},
			bandAudit{ZoneID: z.ID, BandInput: in}, nil
	})
}

// DeleteBand removes band id (shipping.band.delete).
func (s *Service) DeleteBand(ctx context.Context, by audit.Caller, id int64) (Method, error) {
	return s.withBand(ctx, by, id, func(q *db.Queries, z Zone, b Band) (string, any, any, error) {
		if err := q.DeleteShippingBand(ctx, id); err != nil {
			return "", nil, nil, fmt.Errorf("shipping: delete band %d: %w", id, err)
		}
		return "shipping.band.delete", bandAudit{ZoneID: z.ID, BandInput: BandInput{b.UpToGrams, b.PriceCents}}, nil, nil
	})
}

// UpdateSettings sets the weight counted for a product without one
// (shipping.settings.update).
func (s *Service) UpdateSettings(ctx context.Context, by audit.Caller, defaultWeightGrams int32) (int32, error) {
	if err := CheckWeight("default_weight_grams", defaultWeightGrams); err != nil {
		return 0, err
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		before, err := q.ShippingSettings(ctx)
		if err != nil {
			return fmt.Errorf("shipping: read settings: %w", err)
		}
		if err := q.UpdateShippingSettings(ctx, defaultWeightGrams); err != nil {
			return fmt.Errorf("shipping: update settings: %w", err)
		}
		type settings struct {
			DefaultWeightGrams int32 `json:"default_weight_grams"`
		}
		return audit.Record(ctx, q, by, "shipping.settings.update", "shipping_settings", settings{before}, settings{defaultWeightGrams})
	})
	return defaultWeightGrams, err
}

// bandAudit is a band as the audit trail records it.
type bandAudit struct {
	ZoneID int64 `json:"zone_id"`
	BandInput
}

// change is one use case's work under the method's lock: it returns the
// audit action and the values before and after.
type change func(q *db.Queries, m Method) (action string, before, after any, err error)

// withMethodAudit locks method id, runs fn, writes its audit row naming by
// (the method's entity) and, when read, reads the method back.
func (s *Service) withMethodAudit(ctx context.Context, by audit.Caller, id int64, fn change, read bool) (Method, error) {
	var out Method
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if _, err := q.LockShippingMethod(ctx, id); err != nil {
			return notFound("method", id, err)
		}
		m, err := readMethod(ctx, q, id)
		if err != nil {
			return err
		}
		action, before, after, err := fn(q, m)
		if err != nil {
			return err
		}
		if read {
			if out, err = readMethod(ctx, q, id); err != nil {
				return err
			}
		}
		return audit.Record(ctx, q, by, action, methodEntity(id), before, after)
	})
	return out, err
}

// withZone runs fn on zone id under its method's row lock.
func (s *Service) withZone(ctx context.Context, by audit.Caller, id int64, fn func(q *db.Queries, m Method, z Zone) (string, any, any, error)) (Method, error) {
	methodID, err := db.New(s.pool).ShippingZoneMethod(ctx, id)
	if err != nil {
		return Method{}, notFound("zone", id, err)
	}
	return s.withMethodAudit(ctx, by, methodID, func(q *db.Queries, m Method) (string, any, any, error) {
		i := slices.IndexFunc(m.Zones, func(z Zone) bool { return z.ID == id })
		if i < 0 { // deleted, or moved, since it was looked up
			return "", nil, nil, fmt.Errorf("shipping: zone %d: %w", id, fault.ErrNotFound)
		}
		return fn(q, m, m.Zones[i])
	}, true)
}

// withBand runs fn on band id under its method's row lock.
func (s *Service) withBand(ctx context.Context, by audit.Caller, id int64, fn func(q *db.Queries, z Zone, b Band) (string, any, any, error)) (Method, error) {
	methodID, err := db.New(s.pool).ShippingBandMethod(ctx, id)
	if err != nil {
		return Method{}, notFound("band", id, err)
	}
	return s.withMethodAudit(ctx, by, methodID, func(q *db.Queries, m Method) (string, any, any, error) {
		for _, z := range m.Zones {
			if i := slices.IndexFunc(z.Bands, func(b Band) bool { return b.ID == id }); i >= 0 {
				return fn(q, z, z.Bands[i])
			}
		}
		return "", nil, nil, fmt.Errorf("shipping: band %d: %w", id, fault.ErrNotFound)
	}, true)
}

// readMethod reads method id with its zones and bands.
func readMethod(ctx context.Context, q *db.Queries, id int64) (Method, error) {
	rates, err := Load(ctx, q, deliveryarea.Dispatch{})
	if err != nil {
		return Method{}, err
	}
	for _, m := range rates.Methods {
		if m.ID == id {
			return m, nil
		}
	}
	return Method{}, fmt.Errorf("shipping: method %d: %w", id, fault.ErrNotFound)
}

func notFound(what string, id int64, err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("shipping: %s %d: %w", what, id, fault.ErrNotFound)
	}
	return fmt.Errorf("shipping: %s %d: %w", what, id, err)
}

// codeFree refuses a code another method (not self) holds: orders keep
// the code, so two methods sharing one could not be told apart.
func codeFree(ctx context.Context, q *db.Queries, code string, self int64) error {
	taken, err := q.ShippingMethodCodeTaken(ctx, db.ShippingMethodCodeTakenParams{Code: code, ID: self})
	if err != nil {
		return fmt.Errorf("shipping: is code %q taken: %w", code, err)
	}
	if taken {
		return &fault.Error{Kind: fault.Conflict, Reason: ReasonCodeTaken, Field: "method.code",
			Message: fmt.Sprintf("method.code: another method is %q already", code), Metadata: map[string]string{"code": code}}
	}
	return nil
}

func methodParams(m MethodInput) db.InsertShippingMethodParams {
	p := db.InsertShippingMethodParams{
		Code: m.Code, NameEs: m.NameES, NamePt: m.NamePT, Kind: string(m.Kind), SurchargeCents: m.SurchargeCents,
		LabelOutsidePlatform: m.LabelOutsidePlatform, Active: m.Active, Position: m.Position,
		DispatchWeekdays: make([]int16, len(m.DispatchDays)),
	}
	for i, d := range m.DispatchDays {
		p.DispatchWeekdays[i] = int16(d)
	}
	if m.FreeAboveCents > 0 {
		free := m.FreeAboveCents
		p.FreeAboveCents = &free
	}
	return p
}

// inputOf is a stored method's terms, for the audit trail.
func inputOf(m Method) MethodInput {
	return MethodInput{
		Code: m.Code, NameES: m.NameES, NamePT: m.NamePT, Kind: m.Kind, FreeAboveCents: m.FreeAboveCents,
		DispatchDays: ISOWeekdays(m.DispatchDays), SurchargeCents: m.SurchargeCents,
		LabelOutsidePlatform: m.LabelOutsidePlatform, Active: m.Active, Position: m.Position,
	}
}
