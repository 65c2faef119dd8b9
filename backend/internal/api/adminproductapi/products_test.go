package adminproductapi_test

import (
	"context"
	"slices"
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/adminproductapi"
	"github.com/sabores/sabores/backend/internal/api/admintest"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/connecttest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

type fixture struct {
	admintest.Shop
	svc *adminproductapi.Handler
}

// setup makes admintest's small shop and the handler over it.
func setup(t *testing.T) fixture {
	t.Helper()
	s := admintest.NewShop(t)
	return fixture{Shop: s, svc: adminproductapi.New(catalogue.New(s.Pool), s.Pool)}
}

func TestUpdateProductValidation(t *testing.T) {
	t.Parallel()
	f := setup(t)
	tests := []struct {
		name, price, vat string
		categories       []string
		field            string
	}{
		{"price not a number", "ocho", "21", nil, "price"},
		{"negative price", "-1", "21", nil, "price"},
		{"three decimals", "8,505", "21", nil, "price"},
		{"thousands separator", "1.234,50", "21", nil, "price"},
		{"VAT over 100", "8,50", "100,01", nil, "vat_rate"},
		{"VAT not a number", "8,50", "IVA", nil, "vat_rate"},
		{"VAT three decimals", "8,50", "21,125", nil, "vat_rate"},
		{"unknown category", "8,50", "21", []string{"bebidas", "ofertas"}, "online_categories"},
	}
	for _, tt := range tests {
		_, err := f.svc.UpdateProduct(f.Ctx, connect.NewRequest(&saboresv1.UpdateProductRequest{
			Id: 1001, Price: tt.price, VatRate: tt.vat, OnlineCategories: tt.categories,
		}))
		if code, field := connecttest.Detail(t, err); code != connect.CodeInvalidArgument || field != tt.field {
			t.Errorf("%s: %v on %q, want InvalidArgument on %q", tt.name, code, field, tt.field)
		}
	}
	// Nothing was saved by any of them.
	var price int64
	var vat int32
	if err := f.Pool.QueryRow(context.Background(), `SELECT price_cents, vat_basis_points FROM products WHERE id = 1001`).Scan(&price, &vat); err != nil {
		t.Fatal(err)
	}
	if price != 250 || vat != 1000 {
		t.Errorf("product changed to %d cents, %d bp by invalid updates", price, vat)
	}
	if n := f.Count(t, `SELECT count(*) FROM audit_events`) + f.Count(t, `SELECT count(*) FROM price_history`); n != 0 {
		t.Errorf("invalid updates left %d audit or price history rows", n)
	}

	_, err := f.svc.UpdateProduct(f.Ctx, connect.NewRequest(&saboresv1.UpdateProductRequest{Id: 999, Price: "1", VatRate: "21"}))
	if code, reason := connecttest.Detail(t, err); code != connect.CodeNotFound || reason != "PRODUCT_NOT_FOUND" {
		t.Errorf("unknown product: %v %s, want NotFound PRODUCT_NOT_FOUND", code, reason)
	}
}

func TestUpdateProductSavesAndAudits(t *testing.T) {
	t.Parallel()
	f := setup(t)
	res, err := f.svc.UpdateProduct(f.Ctx, connect.NewRequest(&saboresv1.UpdateProductRequest{
		Id: 1001, Price: "2,75", VatRate: "21", OnlineCategories: []string{"bebidas", "populares"},
	}))
	if err != nil {
		t.Fatalf("UpdateProduct: %v", err)
	}
	p := res.Msg.Product
	if p.PriceCents != 275 || p.VatBasisPoints != 2100 || !slices.Equal(p.OnlineCategories, []string{"bebidas", "populares"}) {
		t.Errorf("saved %d cents, %d bp, %v", p.PriceCents, p.VatBasisPoints, p.OnlineCategories)
	}
	if len(p.Visibility) != 1 || p.Visibility[0].Country != "brasil" {
		t.Errorf("visibility = %v, want the brasil record", p.Visibility)
	}
	var updatedBy int64
	if err := f.Pool.QueryRow(context.Background(), `SELECT updated_by FROM products WHERE id = 1001`).Scan(&updatedBy); err != nil || updatedBy != f.Admin {
		t.Errorf("updated_by = %d (%v), want the admin %d", updatedBy, err, f.Admin)
	}
	if n := f.Count(t, `SELECT count(*) FROM price_history WHERE product_id = 1001 AND price_cents = 275 AND changed_by = $1`, f.Admin); n != 1 {
		t.Errorf("%d price history rows for the new price, want 1", n)
	}

	rows, err := f.Pool.Query(context.Background(), `
		SELECT actor, action, entity, old_value::text, new_value::text FROM audit_events ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got [][5]string
	for rows.Next() {
		var e [5]string
		if err := rows.Scan(&e[0], &e[1], &e[2], &e[3], &e[4]); err != nil {
			t.Fatal(err)
		}
		got = append(got, e)
	}
	want := [][5]string{
		{"admin@sabores.es", "product.price", "product:1001", `{"price_cents": 250}`, `{"price_cents": 275}`},
		{"admin@sabores.es", "product.vat", "product:1001", `{"vat_basis_points": 1000}`, `{"vat_basis_points": 2100}`},
		{"admin@sabores.es", "product.online_categories", "product:1001",
			`{"online_categories": ["populares"]}`, `{"online_categories": ["bebidas", "populares"]}`},
	}
	if !slices.Equal(got, want) {
		t.Errorf("audit rows:\n got %v\nwant %v", got, want)
	}

	// The same values again change nothing and record nothing.
	if _, err := f.svc.UpdateProduct(f.Ctx, connect.NewRequest(&saboresv1.UpdateProductRequest{
		Id: 1001, Price: "2.75", VatRate: "21,00", OnlineCategories: []string{"bebidas", "populares"},
	})); err != nil {
		t.Fatal(err)
	}
	if n := f.Count(t, `SELECT count(*) FROM audit_events`); n != 3 {
		t.Errorf("%d audit rows after a no-op update, want still 3", n)
	}
}

func TestListAdminProducts(t *testing.T) {
	t.Parallel()
	f := setup(t)
	list := func(q string, page, size int32) *saboresv1.ListAdminProductsResponse {
		t.Helper()
		res, err := f.svc.ListAdminProducts(f.Ctx, connect.NewRequest(&saboresv1.ListAdminProductsRequest{Query: q, Page: page, PageSize: size}))
		if err != nil {
			t.Fatal(err)
		}
		return res.Msg
	}
	all := list("", 0, 0)
	// Ordered as a Spanish reader expects: "Açaí" before "Arepa".
	if all.TotalSize != 3 || len(all.Products) != 3 || all.Products[0].Name != "Açaí congelado" ||
		all.Products[1].Name != "Arepa" || all.Products[2].Name != "Guaraná Antarctica" {
		t.Errorf("list: total %d, %v", all.TotalSize, all.Products)
	}
	if got := list("acai", 0, 0); got.TotalSize != 1 || got.Products[0].Id != 1002 {
		t.Errorf("search acai: %v", got)
	}
	if got := list("", 2, 2); got.TotalSize != 3 || len(got.Products) != 1 {
		t.Errorf("page 2 of 2: total %d, %d products", got.TotalSize, len(got.Products))
	}
	if got := list("", 1, 1000); len(got.Products) != 3 {
		t.Errorf("page size over the cap: %d products", len(got.Products))
	}
	// The one paging rule: a bad page is refused, as the contract says, not clamped.
	for _, bad := range []*saboresv1.ListAdminProductsRequest{{Page: -1}, {Page: 100001}, {PageSize: -1}} {
		if _, err := f.svc.ListAdminProducts(f.Ctx, connect.NewRequest(bad)); connecttest.Code(err) != connect.CodeInvalidArgument {
			t.Errorf("ListAdminProducts(%v) = %v, want InvalidArgument", bad, err)
		}
	}
	one, err := f.svc.GetAdminProduct(f.Ctx, connect.NewRequest(&saboresv1.GetAdminProductRequest{Id: 1001}))
	if err != nil || one.Msg.Product.Sku != "SKU-1001" || len(one.Msg.Product.Visibility) != 1 {
		t.Errorf("GetAdminProduct: %v, %v", one, err)
	}
}

// TestAPIKeyActsAsAuditActor: a change made with a key is recorded under
// the key's id, with no user: its name is free text that could pass for a
// person.
func TestAPIKeyActsAsAuditActor(t *testing.T) {
	t.Parallel()
	f := setup(t)
	ctx := auth.WithPrincipal(context.Background(), auth.Principal{Role: auth.RoleAdmin, APIKeyID: 7, Scopes: []string{auth.ScopeCatalogWrite}})
	if _, err := f.svc.UpdateProduct(ctx, connect.NewRequest(&saboresv1.UpdateProductRequest{Id: 1002, Price: "7", VatRate: "10"})); err != nil {
		t.Fatal(err)
	}
	if n := f.Count(t, `SELECT count(*) FROM audit_events WHERE actor = 'api-key:7' AND actor_user_id IS NULL`); n != 1 {
		t.Errorf("%d audit rows by the key, want 1", n)
	}
}
