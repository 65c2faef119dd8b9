package shipping

import (
	"context"
	"fmt"
	"sync"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/deliveryarea"
)

// Source gives the rates a quote uses.
type Source interface {
	Rates(ctx context.Context) (Rates, error)
}

// Stored reads the rates from the database at each call (four small
// queries): the tests' source, and the snapshot's while the change feed is
// not live. Dispatch is the configuration's cut-off hour and closed days.
type Stored struct {
	Queries  *db.Queries
	Dispatch deliveryarea.Dispatch
}

var _ Source = Stored{}

// Rates reads every method with its zones and bands, and the settings.
func (s Stored) Rates(ctx context.Context) (Rates, error) {
	return Load(ctx, s.Queries, s.Dispatch)
}

// Load reads the rates through q; dispatch completes the cold-chain
// methods' weekdays.
func Load(ctx context.Context, q *db.Queries, dispatch deliveryarea.Dispatch) (Rates, error) {
	methods, err := q.ShippingMethods(ctx)
	if err != nil {
		return Rates{}, fmt.Errorf("shipping: read methods: %w", err)
	}
	zones, err := q.ShippingZones(ctx)
	if err != nil {
		return Rates{}, fmt.Errorf("shipping: read zones: %w", err)
	}
	bands, err := q.ShippingBands(ctx)
	if err != nil {
		return Rates{}, fmt.Errorf("shipping: read bands: %w", err)
	}
	weight, err := q.ShippingSettings(ctx)
	if err != nil {
		return Rates{}, fmt.Errorf("shipping: read settings: %w", err)
	}
	return assemble(methods, zones, bands, weight, dispatch), nil
}

// assemble puts stored rows together: zones under their method, bands
// under their zone, in the order read.
func assemble(methods []db.ShippingMethod, zones []db.ShippingZone, bands []db.ShippingBand, defaultWeight int32, dispatch deliveryarea.Dispatch) Rates {
	bandsOf := map[int64][]Band{}
	for _, b := range bands {
		bandsOf[b.ZoneID] = append(bandsOf[b.ZoneID], Band{ID: b.ID, UpToGrams: b.UpToGrams, PriceCents: b.PriceCents})
	}
	zonesOf := map[int64][]Zone{}
	for _, z := range zones {
		zonesOf[z.MethodID] = append(zonesOf[z.MethodID], Zone{
			ID: z.ID, MethodID: z.MethodID, Name: z.Name, Prefixes: z.PostalPrefixes, Bands: bandsOf[z.ID],
		})
	}
	r := Rates{DefaultWeightGrams: defaultWeight, Dispatch: dispatch, Methods: make([]Method, len(methods))}
	for i, m := range methods {
		r.Methods[i] = methodOf(m, zonesOf[m.ID])
	}
	return r
}

func methodOf(m db.ShippingMethod, zones []Zone) Method {
	out := Method{
		ID: m.ID, Code: m.Code, NameES: m.NameEs, NamePT: m.NamePt, Kind: Kind(m.Kind),
		DispatchDays: weekdays(m.DispatchWeekdays), SurchargeCents: m.SurchargeCents,
		LabelOutsidePlatform: m.LabelOutsidePlatform, Active: m.Active, Position: m.Position, Zones: zones,
	}
	if m.FreeAboveCents != nil {
		out.FreeAboveCents = *m.FreeAboveCents
	}
	return out
}

// Feed tells a snapshot when the rates may have changed: the catalogue's
// change feed, which the rates' tables notify (migration 00380).
type Feed interface {
	// Generation moves on every change.
	Generation() uint64
	// Live says changes are being heard, so a copy may be kept.
	Live() bool
}

// Snapshot keeps the rates in memory, so ValidateCart and checkout quote
// without a query: loaded on first use and again after every change the
// feed announces, on every replica (the owner's edit in the back office
// reaches all of them through PostgreSQL's notification). While the feed
// is not live it reads through to the database, as the catalogue cache
// does.
type Snapshot struct {
	feed   Feed
	stored Stored

	mu     sync.RWMutex
	rates  Rates
	gen    uint64
	loaded bool

	// loading makes concurrent callers after a change wait for one load.
	loading sync.Mutex
}

var _ Source = (*Snapshot)(nil)

// NewSnapshot returns a snapshot of the rates stored reads, kept current
// by feed. stored should read the primary: a change is announced from
// there, and a replica may not have it yet.
func NewSnapshot(feed Feed, stored Stored) *Snapshot {
	return &Snapshot{feed: feed, stored: stored}
}

// Rates returns the rates from memory, loading them when they changed
// since. The methods are shared: callers must not change them.
func (s *Snapshot) Rates(ctx context.Context) (Rates, error) {
	if !s.feed.Live() {
		return s.stored.Rates(ctx)
	}
	if r, ok := s.fresh(); ok {
		return r, nil
	}
	s.loading.Lock()
	defer s.loading.Unlock()
	if r, ok := s.fresh(); ok {
		return r, nil
	}
	// Read before loading: a change announced during the load leaves the
	// snapshot stale, and the next call loads again.
	gen := s.feed.Generation()
	r, err := s.stored.Rates(ctx)
	if err != nil {
		return Rates{}, err
	}
	s.mu.Lock()
	s.rates, s.gen, s.loaded = r, gen, true
	s.mu.Unlock()
	return r, nil
}

func (s *Snapshot) fresh() (Rates, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.rates, s.loaded && s.gen == s.feed.Generation()
}
