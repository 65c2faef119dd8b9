package cart_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/cart"
	"github.com/sabores/sabores/backend/internal/dbtest"
)

func TestMergeAndBound(t *testing.T) {
	t.Parallel()
	l := func(id int64, q int32) cart.SavedLine { return cart.SavedLine{ProductID: id, Quantity: q} }
	many := make([]cart.SavedLine, 0, cart.MaxSavedLines+5)
	for i := range cart.MaxSavedLines + 5 {
		many = append(many, l(int64(i+1), 1))
	}
	for _, tc := range []struct {
		name            string
		browser, server []cart.SavedLine
		want            []cart.SavedLine
	}{
		{"only the browser's", []cart.SavedLine{l(1, 2)}, nil, []cart.SavedLine{l(1, 2)}},
		{"only the server's", nil, []cart.SavedLine{l(1, 2)}, []cart.SavedLine{l(1, 2)}},
		{"both, browser first", []cart.SavedLine{l(2, 1)}, []cart.SavedLine{l(1, 3)}, []cart.SavedLine{l(2, 1), l(1, 3)}},
		{"same product: the larger quantity", []cart.SavedLine{l(1, 2)}, []cart.SavedLine{l(1, 5)}, []cart.SavedLine{l(1, 5)}},
		{"quantities capped", []cart.SavedLine{l(1, 500)}, nil, []cart.SavedLine{l(1, cart.MaxSavedQuantity)}},
		{"nonsense dropped", []cart.SavedLine{l(0, 1), l(3, 0), l(4, -1)}, nil, []cart.SavedLine{}},
		{"at most MaxSavedLines, the first ones", many, []cart.SavedLine{l(999, 1)}, many[:cart.MaxSavedLines]},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := cart.Merge(tc.browser, tc.server); !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("Merge = %v, want %v", got, tc.want)
			}
		})
	}
}

// reminders records the reminders queued instead of e-mailing them.
type reminders struct{ to []string }

func (r *reminders) CartReminder(_ context.Context, _ pgx.Tx, _, _ int64, to string) error {
	r.to = append(r.to, to)
	return nil
}

// TestRemindOnlyWithConsentOncePerCart: two shoppers leave a cart on a
// fixed clock; only the one with a confirmed newsletter subscription (the
// consent LSSI art. 21 asks) is reminded, once the cart has been idle for
// 24 hours and not before, and only once however often the pass runs or
// however the same cart changes after. An emptied cart's successor is a new
// cart with its own reminder; one who withdrew consent gets none.
func TestRemindOnlyWithConsentOncePerCart(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	t0 := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	now := t0
	saved := cart.NewSaved(pool, func() time.Time { return now })
	product := dbtest.Product(t, pool, dbtest.ProductOpts{Name: "Guaraná", PriceCents: 250, Stock: 10})
	other := dbtest.Product(t, pool, dbtest.ProductOpts{Name: "Açaí", PriceCents: 800, Stock: 10})
	consents := dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "ana", Email: "Ana@example.com"})
	silent := dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "bea", Email: "bea@example.com"})
	pending := dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "carla", Email: "carla@example.com"})
	if _, err := pool.Exec(ctx, `INSERT INTO newsletter_subscriptions (email, language, consent_version, confirmed_at)
		VALUES ('ana@example.com', 'pt', 'v1', now()), ('carla@example.com', 'es', 'v1', NULL)`); err != nil {
		t.Fatal(err)
	}
	for _, u := range []int64{consents, silent, pending} {
		if _, err := saved.Sync(ctx, u, []cart.SavedLine{{ProductID: product, Quantity: 2}}, true); err != nil {
			t.Fatal(err)
		}
	}
	r := &reminders{}
	pass := func(at time.Time) int {
		t.Helper()
		n, err := cart.RemindAbandoned(ctx, pool, r, cart.DefaultIdle, at)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := pass(t0.Add(23*time.Hour + 59*time.Minute)); n != 0 {
		t.Fatalf("%d reminders before the cart was idle for 24 hours", n)
	}
	if n := pass(t0.Add(24 * time.Hour)); n != 1 || !reflect.DeepEqual(r.to, []string{"ana@example.com"}) {
		t.Fatalf("at 24 hours: %d reminders to %v; want one, to ana@example.com only", n, r.to)
	}
	if n := pass(t0.Add(48 * time.Hour)); n != 0 {
		t.Fatalf("a second pass reminded %d carts again", n)
	}
	// The same cart, changed and left again: no second reminder.
	now = t0.Add(49 * time.Hour)
	if _, err := saved.Sync(ctx, consents, []cart.SavedLine{{ProductID: product, Quantity: 3}}, false); err != nil {
		t.Fatal(err)
	}
	if n := pass(t0.Add(96 * time.Hour)); n != 0 {
		t.Fatalf("the changed cart was reminded of again (%d)", n)
	}
	// Emptied (or ordered), then a new cart: a new reminder once idle.
	if got, err := saved.Sync(ctx, consents, nil, false); err != nil || len(got) != 0 {
		t.Fatalf("emptied cart = %v, %v", got, err)
	}
	now = t0.Add(100 * time.Hour)
	got, err := saved.Sync(ctx, consents, []cart.SavedLine{{ProductID: other, Quantity: 1}}, true)
	if err != nil || !reflect.DeepEqual(got, []cart.SavedLine{{ProductID: other, Quantity: 1}}) {
		t.Fatalf("new cart = %v, %v", got, err)
	}
	if n := pass(t0.Add(124 * time.Hour)); n != 1 || len(r.to) != 2 {
		t.Fatalf("the new cart: %d reminders (%v), want 1", n, r.to)
	}
	// Consent withdrawn: nothing, whatever the cart.
	if _, err := pool.Exec(ctx, `UPDATE newsletter_subscriptions SET unsubscribed_at = now()`); err != nil {
		t.Fatal(err)
	}
	if _, err := saved.Sync(ctx, consents, nil, false); err != nil {
		t.Fatal(err)
	}
	if _, err := saved.Sync(ctx, consents, []cart.SavedLine{{ProductID: product, Quantity: 1}}, false); err != nil {
		t.Fatal(err)
	}
	if n := pass(t0.Add(500 * time.Hour)); n != 0 || len(r.to) != 2 {
		t.Fatalf("after the consent was withdrawn: %d reminders (%v)", n, r.to)
	}
}

// TestSyncMergesOnSignInAndKeepsTheServerCart: the browser's cart at sign-in
// is merged with the one kept here; later saves replace it, and the same
// lines saved again do not restart the idle clock.
func TestSyncMergesOnSignInAndKeepsTheServerCart(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	t0 := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	now := t0
	saved := cart.NewSaved(pool, func() time.Time { return now })
	a := dbtest.Product(t, pool, dbtest.ProductOpts{Name: "Guaraná", PriceCents: 250, Stock: 10})
	b := dbtest.Product(t, pool, dbtest.ProductOpts{Name: "Açaí", PriceCents: 800, Stock: 10})
	user := dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "ana"})
	if _, err := saved.Sync(ctx, user, []cart.SavedLine{{ProductID: a, Quantity: 1}}, true); err != nil {
		t.Fatal(err)
	}
	// Another device signs in with açaí in its cart.
	got, err := saved.Sync(ctx, user, []cart.SavedLine{{ProductID: b, Quantity: 2}, {ProductID: 99999, Quantity: 1}}, true)
	if want := []cart.SavedLine{{ProductID: b, Quantity: 2}, {ProductID: a, Quantity: 1}}; err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("merged = %v, %v; want %v (an unknown product left out)", got, err, want)
	}
	now = t0.Add(time.Hour)
	if _, err := saved.Sync(ctx, user, got, false); err != nil {
		t.Fatal(err)
	}
	var updated time.Time
	if err := pool.QueryRow(ctx, `SELECT updated_at FROM saved_carts WHERE user_id = $1`, user).Scan(&updated); err != nil || !updated.Equal(t0) {
		t.Fatalf("idle clock = %v (%v), want %v: nothing changed", updated, err, t0)
	}
	if got, err = saved.Sync(ctx, user, []cart.SavedLine{{ProductID: a, Quantity: 4}}, false); err != nil || !reflect.DeepEqual(got, []cart.SavedLine{{ProductID: a, Quantity: 4}}) {
		t.Fatalf("replaced = %v, %v", got, err)
	}
}
