package lots_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/lots"
)

// TestDigestRules: the digest's days and language are saved with the
// blocking's rules (audited lots.rules); rules saved before the digest
// existed read as its defaults (30 days, Spanish); out-of-range days and
// other languages are refused by field.
func TestDigestRules(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	if _, err := s.pool.Exec(ctx, `INSERT INTO settings (key, value) VALUES ('lots', '{"deliveryDays": 3, "marginDays": 1}')`); err != nil {
		t.Fatal(err)
	}
	if r, err := s.lots.Rules(ctx); err != nil || r != (lots.Rules{DeliveryDays: 3, MarginDays: 1, DigestDays: 30, DigestLanguage: "es"}) {
		t.Errorf("rules saved before the digest read as %+v (%v), want its defaults", r, err)
	}
	for _, tc := range []struct {
		in    lots.Rules
		field string
	}{
		{lots.Rules{DeliveryDays: 2, MarginDays: 2, DigestDays: 91}, "digest_days"},
		{lots.Rules{DeliveryDays: 2, MarginDays: 2, DigestDays: -1}, "digest_days"},
		{lots.Rules{DeliveryDays: 2, MarginDays: 2, DigestLanguage: "fr"}, "digest_language"},
	} {
		_, err := s.lots.SetRules(ctx, s.admin, tc.in)
		var f *fault.Error
		if !errors.As(err, &f) || f.Field != tc.field {
			t.Errorf("SetRules(%+v) = %v, want refused on %s", tc.in, err, tc.field)
		}
	}
	got, err := s.lots.SetRules(ctx, s.admin, lots.Rules{DeliveryDays: 2, MarginDays: 2, DigestDays: 14, DigestLanguage: "pt"})
	if err != nil {
		t.Fatal(err)
	}
	if again, err := s.lots.Rules(ctx); err != nil || again != got || got.DigestDays != 14 || got.DigestLanguage != "pt" {
		t.Errorf("rules saved %+v, read %+v (%v)", got, again, err)
	}
	var audited int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM audit_events WHERE action = 'lots.rules'`).Scan(&audited); err != nil || audited != 1 {
		t.Errorf("%d lots.rules audit rows (%v), want 1", audited, err)
	}
}

// TestOrderLotsForPacking: the packing screen reads, line by line, the
// lots an order being prepared takes, and the lots on sale of its product
// to pick instead (not a blocked one, not an empty one), first-expired
// first; an order that is not there is NotFound.
func TestOrderLotsForPacking(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	p := dbtest.Product(t, s.pool, dbtest.ProductOpts{})
	s.receive(t, "AL-7", line(p, "L-A", "2027-06-01", lots.BestBefore, 2), line(p, "L-B", "2027-09-01", lots.BestBefore, 3),
		line(p, "L-U", "2027-03-11", lots.UseBy, 4))
	order := s.checkout(t, p, 1)
	if _, err := s.pool.Exec(ctx, `UPDATE orders SET status = 'preparing' WHERE id = $1`, order); err != nil {
		t.Fatal(err)
	}
	if err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error { return lots.RecordOrderLines(ctx, db.New(tx), order) }); err != nil {
		t.Fatal(err)
	}
	got, err := s.lots.OrderLots(ctx, order)
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != "preparing" || len(got.Lines) != 1 || len(got.Lines[0].Picks) != 1 || *got.Lines[0].Picks[0].Code != "L-A" || got.Lines[0].Picks[0].Quantity != 1 {
		t.Fatalf("order lots %+v, want its one line taking 1 of L-A", got)
	}
	var choices []string
	for _, c := range got.Choices {
		if c.Code != nil {
			choices = append(choices, *c.Code)
		}
	}
	if len(choices) != 2 || choices[0] != "L-A" || choices[1] != "L-B" {
		t.Errorf("lots to pick %v, want L-A then L-B (L-U is blocked within the delivery margin)", choices)
	}
	_, err = s.lots.OrderLots(ctx, order+1000)
	var f *fault.Error
	if !errors.As(err, &f) || f.Kind != fault.NotFound {
		t.Errorf("an order that is not there: %v, want NotFound", err)
	}
}
