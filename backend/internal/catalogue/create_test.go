package catalogue_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/fault"
)

func count(t *testing.T, pool *pgxpool.Pool, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// A batch is created in its order in the caller's transaction, with the
// defaults a product starts with, its opening stock in the ledger and its
// first prices in the history; rolled back, it leaves nothing.
func TestCreateProductsInTheCallersTransaction(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.New(t)
	actor := dbtest.Admin(t, pool, "Sabores", dbtest.PersonOpts{Subject: "admin"})
	dbtest.Country(t, pool, dbtest.CountryOpts{Slug: "brasil"})
	notFood := false
	batch := []catalogue.NewProduct{
		{Details: catalogue.Details{Name: "Guaraná", Code: "C-1", SKU: "S-1", Category: "bebidas", Country: "brasil", PriceCents: 150,
			VatBasisPoints: 1000}, Stock: 12, HasFood: true, Contains: []string{"milk"}, MayContain: []string{"gluten", "milk"}},
		{Details: catalogue.Details{Name: "Colonia", Code: "C-2", SKU: "S-2", Category: "perfumes", PriceCents: 2500, VatBasisPoints: 2100}},
		{Details: catalogue.Details{Name: "Sal", Code: "C-3", SKU: "S-3", Category: "alimentos", PriceCents: 90, VatBasisPoints: 400,
			OnlineCategories: []string{"alimentos"}}, ImageURL: "/uploads/sal.jpg", IsFood: &notFood, NamePt: "Sal grosso", Frozen: true},
	}
	var created []db.Product
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var err error
		created, err = catalogue.CreateProducts(ctx, db.New(tx), &actor, "CSV import a.csv", batch)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(created) != 3 {
		t.Fatalf("created %d products, want 3", len(created))
	}
	for i, p := range created {
		if p.SKU != batch[i].SKU {
			t.Errorf("product %d is %s, want %s: not in the batch's order", i, p.SKU, batch[i].SKU)
		}
		if p.CreatedBy == nil || *p.CreatedBy != actor {
			t.Errorf("%s created by %v, want %d", p.SKU, p.CreatedBy, actor)
		}
	}
	g, c, s := created[0], created[1], created[2]
	if !g.IsFood || g.ImageURL != "/images/products/bebidas/guarana.jpg" || *g.CountrySlug != "brasil" ||
		len(g.OnlineCategories) != 0 || len(g.AllergenRisk) != 2 {
		t.Errorf("guaraná stored as %+v", g)
	}
	if c.IsFood || c.CountrySlug != nil || c.AllergenRisk != nil {
		t.Errorf("a perfume stored as %+v", c)
	}
	if s.IsFood || s.ImageURL != "/uploads/sal.jpg" || s.NamePt != "Sal grosso" || !s.Frozen {
		t.Errorf("sal stored as %+v", s)
	}
	if n := count(t, pool, `SELECT count(*) FROM stock_movements WHERE product_id = $1 AND delta = 12
		AND reason = 'receipt' AND actor_user_id = $2 AND note = 'CSV import a.csv'`, g.ID, actor); n != 1 {
		t.Errorf("%d receipts of the opening stock, want 1", n)
	}
	if n := count(t, pool, `SELECT count(*) FROM price_history WHERE changed_by = $1`, actor); n != 3 {
		t.Errorf("%d first prices, want 3", n)
	}

	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := catalogue.CreateProducts(ctx, db.New(tx), nil, "", []catalogue.NewProduct{
			{Details: catalogue.Details{Name: "Otro", Code: "C-4", SKU: "S-4", Category: "alimentos"}, Stock: 1},
		}); err != nil {
			return err
		}
		return errors.New("the caller gives up")
	})
	if err == nil {
		t.Fatal("the caller's error was lost")
	}
	if n := count(t, pool, `SELECT count(*) FROM products WHERE sku = 'S-4'`); n != 0 {
		t.Error("a product outlived its caller's rollback")
	}
}

// The form's product is refused when another product holds one of its
// codes, naming the field; created, it is audited with its actor.
func TestCreateChecksCodesAndAudits(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.New(t)
	actor := dbtest.Admin(t, pool, "Sabores", dbtest.PersonOpts{Subject: "admin"})
	dbtest.Product(t, pool, dbtest.ProductOpts{Code: "TAKEN", SKU: "SKU-TAKEN"})
	svc := catalogue.New(pool)
	who := audit.Caller{UserID: actor, Name: "admin@example.com"}
	for _, tc := range []struct {
		code, sku, reason, field string
	}{
		{"TAKEN", "SKU-NEW", "PRODUCT_CODE_TAKEN", "details.code"},
		{"NEW", "SKU-TAKEN", "PRODUCT_SKU_TAKEN", "details.sku"},
	} {
		_, err := svc.Create(ctx, who, catalogue.DetailsForm{Name: "X", Code: tc.code, SKU: tc.sku, Category: "alimentos",
			Price: "0", VatRate: "0"}, 0)
		f, ok := fault.As(err)
		if !ok || f.Kind != fault.Conflict || f.Reason != tc.reason || f.Metadata["field"] != tc.field {
			t.Errorf("code %s, SKU %s: %v, want %s on %s", tc.code, tc.sku, err, tc.reason, tc.field)
		}
	}
	p, err := svc.Create(ctx, who, catalogue.DetailsForm{Name: "Y", Code: "NEW", SKU: "SKU-NEW", Category: "alimentos",
		Price: "1", VatRate: "0"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	if n := count(t, pool, `SELECT count(*) FROM audit_events WHERE action = 'product.create' AND entity = 'product:' || $1::bigint
		AND actor = 'admin@example.com' AND actor_user_id = $2 AND new_value->>'sku' = 'SKU-NEW'
		AND (new_value->>'stock')::int = 3 AND NOT new_value ? 'image_url'`, p.ID, actor); n != 1 {
		t.Errorf("%d creation audit rows, want 1", n)
	}
	if n := count(t, pool, `SELECT count(*) FROM stock_movements WHERE product_id = $1 AND note = 'initial stock'`, p.ID); n != 1 {
		t.Errorf("%d receipts of the initial stock, want 1", n)
	}
}

func TestIsFoodCategory(t *testing.T) {
	t.Parallel()
	for category, want := range map[string]bool{
		"alimentos": true, "bebidas": true, "beleza": false, "perfumes": false, "": true,
	} {
		if got := catalogue.IsFoodCategory(category); got != want {
			t.Errorf("IsFoodCategory(%q) = %v, want %v", category, got, want)
		}
	}
}
