package admin

import (
	"context"
	"testing"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/shop"
)

// TestContactsKeyAsksForTheRarestTrigrams: the desk's search asks the
// contacts' trigram index for the two rarest plain trigrams of what was
// typed (AdminOrderContactsSearch's counts, contactsKey), joined where they overlap,
// and the pattern is implied by the text: every contact holding the text
// matches it.
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
		plan, err := db.New(pool).AdminOrderContactsSearch(ctx, shop.EscapeLike(tt.typed))
		if err != nil {
			t.Fatal(err)
		}
		key := contactsKey(plan.Normalized, trigramCounts(plan.Trigrams, plan.TrigramContacts))
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
