package adminorderapi

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/paging"
)

// TestContactsKeyAsksForTheRarestTrigrams: the desk's search asks the
// contacts' trigram index for the two rarest plain trigrams of what was
// typed (AdminOrderContactsSearch's counts, contactsKey), joined where
// they overlap, and the pattern is implied by the text: every contact
// holding the text matches it.
func TestContactsKeyAsksForTheRarestTrigrams(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	if _, err := pool.Exec(ctx, `INSERT INTO order_contact_trigrams (trigram, contacts) VALUES
		('cli', 900), ('lie', 900), ('ien', 900), ('ent', 900), ('nte', 900), ('te1', 900), ('te7', 900), ('e12', 90), ('123', 40), ('234', 7), ('345', 6),
		('sof', 12), ('ofi', 30), ('fia', 30), ('dia', 40), ('iaz', 11),
		('e77', 20), ('777', 9), ('mar', 500), ('art', 300), ('rti', 200), ('tin', 250), ('ine', 400), ('nez', 300)`); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ typed, key string }{
		{"cliente12345", "%2345%"},  // 234 and 345 overlap: one substring
		{"sofia diaz", "%sof%iaz%"}, // apart, in the text's order
		{"cliente777@", "%e777%"},   // "77@" is no plain trigram
		{"Martínez", "%rtin%"},      // normalized first
		{"xyzw", "%xyzw%"},          // never counted: the rarest of all
		{"ab", "%ab%"},              // no trigram at all
		{"a b-c", "%a b-c%"},        // none of letters and digits only
		{"50% off", "%off%"},        // "0% " and "% o" are not plain
		{"mar_tin", "%mar%tin%"},    // the escape is never part of a trigram
	} {
		plan, err := db.New(pool).AdminOrderContactsSearch(ctx, paging.EscapeLike(tt.typed))
		if err != nil {
			t.Fatal(err)
		}
		key, _ := contactsKey(plan.Normalized, trigramCounts(plan.Trigrams, plan.TrigramContacts), plan.Contacts)
		var implied bool
		if err := pool.QueryRow(ctx, `SELECT search_normalize('x' || $2 || 'y') LIKE $1`, key, tt.typed).Scan(&implied); err != nil {
			t.Fatal(err)
		}
		if key != tt.key {
			t.Errorf("key of %q = %q, want %q", tt.typed, key, tt.key)
		}
		if !implied {
			t.Errorf("key of %q, %q, misses a contact holding the text", tt.typed, key)
		}
	}
}

// TestWalkOnlyWhereAPageIsNear: the desk walks the newest orders for a
// name when the trigram counts put a page within walkExpected orders, and
// never without an estimate.
func TestWalkOnlyWhereAPageIsNear(t *testing.T) {
	t.Parallel()
	counts := map[string]int32{"sof": 12500, "ofi": 12500, "fia": 12500, "dia": 23530, "iaz": 11766, "mar": 23530,
		"cli": 200000, "lie": 200000, "ien": 200000, "ent": 200000, "nte": 200000, "te1": 111111, "e12": 11111, "123": 1100, "234": 1100, "345": 1100}
	for _, tt := range []struct {
		typed string
		total float64
		share float64
		walk  int32
	}{
		{"sofia diaz", 200000, 12500.0 / 200000 * 11766 / 200000, 2 * walkExpected}, // a page ~3 000 orders down
		{"cliente12345", 200000, 1100.0 / 200000 * 1100 / 200000, 0},                // ~360 000 down: the contacts
		{"mar", 200000, 23530.0 / 200000, 2 * walkExpected},                         // one trigram
		{"sofia diaz", 0, 0, 0},            // never analyzed
		{"a b", 200000, 0, 0},              // no trigram to estimate with
		{"xyz", 200000, 0, 0},              // never counted: rarest
		{"mar", 1000, 1, 2 * walkExpected}, // counts above a stale total
	} {
		_, share := contactsKey(tt.typed, counts, tt.total)
		if math.Abs(share-tt.share) > 1e-12 {
			t.Errorf("%q of %v contacts: share %v, want %v", tt.typed, tt.total, share, tt.share)
		}
		if got := walkLimit(11, share); got != tt.walk {
			t.Errorf("%q: walk %d, want %d", tt.typed, got, tt.walk)
		}
	}
}

// TestWalkReadsWhatTheContactsRead pages a name search walking the newest
// orders, with a walk long enough to fill each page and one that stops
// short of it: every page is the one read through the contacts, which is
// a LIKE over every order.
func TestWalkReadsWhatTheContactsRead(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	user := dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "walk", Email: "walk@example.com", Name: "Walk"})
	if _, err := pool.Exec(ctx, `INSERT INTO orders (user_id, idempotency_key, status, payment_method,
			payment_status, subtotal_cents, vat_cents, total_cents, delivery_name, delivery_email, delivery_phone,
			delivery_address, delivery_city, delivery_postal_code, created_at)
		SELECT $1, gen_random_uuid(), 'delivered', 'card', 'paid', 100, 0, 100,
			CASE WHEN g % 3 = 0 THEN 'Sofía Díaz' ELSE 'Cliente ' || g END, 'c' || g || '@example.com',
			'600000000', 'Rúa 1', 'Burela', '27880', timestamptz '2026-01-01' + (g / 2) * interval '1 minute'
		FROM generate_series(1, 70) g`, user); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `SELECT order_contacts_fold()`); err != nil {
		t.Fatal(err)
	}
	var want []int64
	if err := pool.QueryRow(ctx, `SELECT array_agg(id ORDER BY created_at DESC, id DESC) FROM orders
		WHERE contact_search LIKE '%' || search_normalize('sofia diaz') || '%'`).Scan(&want); err != nil {
		t.Fatal(err)
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	d := desk{q: db.New(conn), planned: db.New(planEachCall{conn})}
	for _, walk := range []int32{0, 1000, 12} {
		f := deskSearch{contact: paging.EscapeLike("Sofía Díaz"), walk: walk}
		plan, err := d.q.AdminOrderContactsSearch(ctx, f.contact)
		if err != nil {
			t.Fatal(err)
		}
		f.foldedTo = plan.FoldedTo
		f.contactKey, _ = contactsKey(plan.Normalized, trigramCounts(plan.Trigrams, plan.TrigramContacts), plan.Contacts)
		var got []int64
		p := db.AdminListOrdersParams{PageLimit: 6}
		for {
			rows, err := d.page(ctx, f, p)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rows[:min(len(rows), 5)] {
				got = append(got, r.Order.ID)
			}
			if len(rows) < 6 {
				break
			}
			last := rows[4].Order
			p.AfterCreated, p.AfterID = ptr(last.CreatedAt), ptr(last.ID)
		}
		if !slices.Equal(got, want) {
			t.Errorf("walk %d: paged %v, want %v", walk, got, want)
		}
	}
}
