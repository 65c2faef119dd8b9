package catalogueapi_test

import (
	"context"
	"slices"
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/catalogueapi"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/dbtest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// fixtures is a small catalogue whose every row a test below relies on.
// 1003 is visible in brasil but hidden in colombia; 1004 is physical only;
// 12001 has no visibility rows (a general product, sold online).
const fixtures = `
	INSERT INTO countries (slug, name, sort_order, show_on_home, aliases) VALUES
		('brasil', 'Brasil', 1, true, '{}'),
		('colombia', 'Colombia', 2, true, '{}'),
		('republica-dominicana', 'República Dominicana', 7, true, '{"Republica Dominicana","Rep. Dominicana","República Dominicana"}'),
		('angola', 'Angola', 4, false, '{}'),
		('senegal', 'Senegal', 10, true, '{}');
	INSERT INTO products (id, name, code, sku, category, online_categories, price_cents, vat_basis_points, stock, country_slug, created_at) VALUES
		(1001, 'Guaraná Antarctica', 'BR-GUA', 'SKU-1001', 'bebidas', '{populares}', 250, 1000, 40, 'brasil', now() - interval '5 days'),
		(1002, 'Pão de Queijo', 'BR-PDQ', 'SKU-1002', 'congelados', '{lanzamientos}', 599, 1000, 12, 'brasil', now() - interval '1 day'),
		(1003, 'Açaí na Tigela', 'BR-ACA', 'SKU-1003', 'congelados', '{lanzamientos,populares}', 850, 1000, 8, 'brasil', now() - interval '2 days'),
		(1004, 'Farofa Yoki', 'BR-FAR', 'SKU-1004', 'alimentos', '{}', 400, 1000, 9, 'brasil', now() - interval '3 days'),
		(1005, 'Paçoca 50% Rolha', 'BR-PAC', 'SKU-1005', 'doces', '{}', 300, 1000, 0, 'brasil', now() - interval '4 days'),
		(1006, 'Queijo Minas', 'BR-QMI', 'SKU-1006', 'alimentos', '{}', 700, 400, 3, 'brasil', now() - interval '6 days'),
		(2001, 'Arepa Harina', 'CO-ARE', 'SKU-2001', 'alimentos', '{}', 350, 400, 20, 'colombia', now() - interval '7 days'),
		(7001, 'Mamajuana', 'DO-MAM', 'SKU-7001', 'bebidas', '{}', 1500, 2100, 5, 'republica-dominicana', now() - interval '8 days'),
		(12001, 'Perfume Flor', 'PF-FLO', 'SKU-12001', 'perfumes', '{}', 2900, 2100, 7, NULL, now() - interval '9 days');
	INSERT INTO product_country_visibility (product_id, country_slug, is_visible, sales_channel) VALUES
		(1001, 'brasil', true, 'both'), (1002, 'brasil', true, 'online'), (1003, 'brasil', true, 'both'),
		(1003, 'colombia', false, 'both'), (1004, 'brasil', true, 'physical'), (1005, 'brasil', true, 'both'),
		(1006, 'brasil', true, 'online'), (2001, 'colombia', true, 'both'), (7001, 'republica-dominicana', true, 'online');
	INSERT INTO product_promotions (product_id, promotion_type, discount_basis_points, starts_at, ends_at) VALUES
		(1001, 'percentage', 2000, now() - interval '1 day', now() + interval '2 days'),
		(1002, 'percentage', 5000, now() - interval '9 days', now() - interval '1 day');`

func newHandler(t *testing.T) *catalogueapi.Handler {
	t.Helper()
	pool := dbtest.New(t)
	if _, err := pool.Exec(context.Background(), fixtures); err != nil {
		t.Fatalf("fixtures: %v", err)
	}
	return catalogueapi.New(pool, nil)
}

func ids(products []*saboresv1.Product) []int64 {
	out := make([]int64, len(products))
	for i, p := range products {
		out[i] = p.GetId()
	}
	return out
}

func list(t *testing.T, svc *catalogueapi.Handler, req *saboresv1.ListProductsRequest) *saboresv1.ListProductsResponse {
	t.Helper()
	res, err := svc.ListProducts(context.Background(), connect.NewRequest(req))
	if err != nil {
		t.Fatalf("ListProducts(%v): %v", req, err)
	}
	return res.Msg
}

func TestListProductsFilters(t *testing.T) {
	t.Parallel()
	svc := newHandler(t)
	tests := []struct {
		name string
		req  *saboresv1.ListProductsRequest
		want []int64
	}{
		{"all by name, physical-only absent", &saboresv1.ListProductsRequest{},
			[]int64{1003, 2001, 1001, 7001, 1005, 1002, 12001, 1006}},
		{"todos is all", &saboresv1.ListProductsRequest{Category: "todos"},
			[]int64{1003, 2001, 1001, 7001, 1005, 1002, 12001, 1006}},
		{"category", &saboresv1.ListProductsRequest{Category: "alimentos"}, []int64{2001, 1006}},
		{"unknown category", &saboresv1.ListProductsRequest{Category: "juguetes"}, []int64{}},
		{"section newest first", &saboresv1.ListProductsRequest{OnlineCategory: "lanzamientos"}, []int64{1002, 1003}},
		{"section sorted by name when asked", &saboresv1.ListProductsRequest{OnlineCategory: "lanzamientos", Sort: saboresv1.ProductSort_PRODUCT_SORT_NAME}, []int64{1003, 1002}},
		{"brasil page", &saboresv1.ListProductsRequest{Country: "brasil"}, []int64{1003, 1001, 1005, 1002, 1006}},
		{"hidden row hides from colombia", &saboresv1.ListProductsRequest{Country: "colombia"}, []int64{2001}},
		{"country and category", &saboresv1.ListProductsRequest{Country: "brasil", Category: "congelados"}, []int64{1003, 1002}},
		{"dominican slug", &saboresv1.ListProductsRequest{Country: "republica-dominicana"}, []int64{7001}},
		{"dominican alias", &saboresv1.ListProductsRequest{Country: "rep-dominicana"}, []int64{7001}},
		{"country without products", &saboresv1.ListProductsRequest{Country: "senegal"}, []int64{}},
		{"unknown country", &saboresv1.ListProductsRequest{Country: "narnia"}, []int64{}},
		{"price ascending", &saboresv1.ListProductsRequest{Category: "bebidas", Sort: saboresv1.ProductSort_PRODUCT_SORT_PRICE_ASC}, []int64{1001, 7001}},
		{"price descending", &saboresv1.ListProductsRequest{Country: "brasil", Sort: saboresv1.ProductSort_PRODUCT_SORT_PRICE_DESC}, []int64{1003, 1006, 1002, 1005, 1001}},
		{"newest", &saboresv1.ListProductsRequest{Country: "brasil", Sort: saboresv1.ProductSort_PRODUCT_SORT_NEWEST}, []int64{1002, 1003, 1005, 1001, 1006}},
		{"country price ascending", &saboresv1.ListProductsRequest{Country: "brasil", Sort: saboresv1.ProductSort_PRODUCT_SORT_PRICE_ASC}, []int64{1001, 1005, 1002, 1006, 1003}},
		{"country section", &saboresv1.ListProductsRequest{Country: "brasil", OnlineCategory: "populares"}, []int64{1003, 1001}},
	}
	for _, tt := range tests {
		got := list(t, svc, tt.req)
		if !slices.Equal(ids(got.GetProducts()), tt.want) || got.GetTotalSize() != int32(len(tt.want)) {
			t.Errorf("%s: ids %v total %d, want %v", tt.name, ids(got.GetProducts()), got.GetTotalSize(), tt.want)
		}
	}
}

func TestListProductsPaging(t *testing.T) {
	t.Parallel()
	svc := newHandler(t)
	var seen []int64
	for page := int32(1); page <= 3; page++ {
		got := list(t, svc, &saboresv1.ListProductsRequest{Page: page, PageSize: 3})
		if got.GetTotalSize() != 8 || got.GetPage() != page || got.GetPageSize() != 3 {
			t.Errorf("page %d: total %d page %d size %d", page, got.GetTotalSize(), got.GetPage(), got.GetPageSize())
		}
		seen = append(seen, ids(got.GetProducts())...)
	}
	if want := []int64{1003, 2001, 1001, 7001, 1005, 1002, 12001, 1006}; !slices.Equal(seen, want) {
		t.Errorf("pages 1-3 = %v, want %v", seen, want)
	}
	beyond := list(t, svc, &saboresv1.ListProductsRequest{Page: 9, PageSize: 3})
	if len(beyond.GetProducts()) != 0 || beyond.GetTotalSize() != 8 {
		t.Errorf("page beyond the end = %v", beyond)
	}
	defaults := list(t, svc, &saboresv1.ListProductsRequest{})
	if defaults.GetPage() != 1 || defaults.GetPageSize() != catalogueapi.DefaultPageSize {
		t.Errorf("defaults: page %d size %d", defaults.GetPage(), defaults.GetPageSize())
	}
	coerced := list(t, svc, &saboresv1.ListProductsRequest{PageSize: 5000})
	if coerced.GetPageSize() != catalogueapi.MaxPageSize || len(coerced.GetProducts()) != 8 {
		t.Errorf("page_size 5000 coerced to %d", coerced.GetPageSize())
	}
	for _, bad := range []*saboresv1.ListProductsRequest{{PageSize: -1}, {Page: -2}} {
		if _, err := svc.ListProducts(context.Background(), connect.NewRequest(bad)); connecttest.Code(err) != connect.CodeInvalidArgument {
			t.Errorf("ListProducts(%v) = %v, want InvalidArgument", bad, err)
		}
	}
}

func TestListProductsCarriesPromotions(t *testing.T) {
	t.Parallel()
	svc := newHandler(t)
	got := list(t, svc, &saboresv1.ListProductsRequest{Category: "bebidas"})
	guarana := got.GetProducts()[0]
	promo := guarana.GetPromotion()
	if promo.GetPriceCents() != 200 || promo.GetOriginalPriceCents() != 250 || promo.GetLabel() != "-20%" ||
		promo.GetType() != saboresv1.PromotionType_PROMOTION_TYPE_PERCENTAGE || promo.GetEndTime() == nil {
		t.Errorf("guaraná promotion = %v", promo)
	}
	if got.GetProducts()[1].GetPromotion() != nil {
		t.Errorf("mamajuana has a promotion: %v", got.GetProducts()[1].GetPromotion())
	}
	// 1002's promotion expired yesterday.
	if p := list(t, svc, &saboresv1.ListProductsRequest{OnlineCategory: "lanzamientos"}).GetProducts()[0]; p.GetId() != 1002 || p.GetPromotion() != nil {
		t.Errorf("expired promotion shown on %v", p)
	}
}

func TestGetProduct(t *testing.T) {
	t.Parallel()
	svc := newHandler(t)
	res, err := svc.GetProduct(context.Background(), connect.NewRequest(&saboresv1.GetProductRequest{Id: 1006}))
	if err != nil {
		t.Fatalf("GetProduct: %v", err)
	}
	p := res.Msg.GetProduct()
	if p.GetName() != "Queijo Minas" || p.GetCode() != "BR-QMI" || p.GetSku() != "SKU-1006" || p.GetCategory() != "alimentos" ||
		p.GetPriceCents() != 700 || p.GetVatBasisPoints() != 400 || p.GetStock() != 3 || p.GetCountry() != "brasil" || p.GetCreateTime() == nil {
		t.Errorf("product = %v", p)
	}
	if res, err := svc.GetProduct(context.Background(), connect.NewRequest(&saboresv1.GetProductRequest{Id: 12001})); err != nil || res.Msg.GetProduct().GetCountry() != "" {
		t.Errorf("general product: %v, %v", res, err)
	}
	for _, id := range []int64{1004, 424242} {
		_, err := svc.GetProduct(context.Background(), connect.NewRequest(&saboresv1.GetProductRequest{Id: id}))
		if connecttest.Code(err) != connect.CodeNotFound {
			t.Errorf("GetProduct(%d) = %v, want NotFound", id, err)
		}
	}
}

func TestSearchProducts(t *testing.T) {
	t.Parallel()
	svc := newHandler(t)
	tests := []struct {
		query string
		limit int32
		want  []int64
	}{
		{"acai", 0, []int64{1003}},
		{"AÇAÍ", 0, []int64{1003}},
		{"pao de queijo", 0, []int64{1002}},
		{"  pao   de  QUEIJO ", 0, []int64{1002}},
		{"queijo", 0, []int64{1006, 1002}}, // the name starting with it first
		{"sku-2001", 0, []int64{2001}},
		{"br-gua", 0, []int64{1001}},
		{"50%", 0, []int64{1005}}, // % is a character, not a wildcard
		{"_", 0, []int64{}},
		{"farofa", 0, []int64{}},      // physical only
		{"a", 2, []int64{1003, 2001}}, // prefix matches, then A–Z
		{"", 0, []int64{}},
		{" \t\n ", 0, []int64{}},
	}
	for _, tt := range tests {
		res, err := svc.SearchProducts(context.Background(), connect.NewRequest(&saboresv1.SearchProductsRequest{Query: tt.query, Limit: tt.limit}))
		if err != nil {
			t.Fatalf("SearchProducts(%q): %v", tt.query, err)
		}
		if got := ids(res.Msg.GetProducts()); !slices.Equal(got, tt.want) {
			t.Errorf("SearchProducts(%q, %d) = %v, want %v", tt.query, tt.limit, got, tt.want)
		}
	}
}

// TestBlankSearchSkipsTheDatabase closes the pool first: a blank query
// still answers, a real one cannot.
func TestBlankSearchSkipsTheDatabase(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	svc := catalogueapi.New(pool, nil)
	pool.Close()
	res, err := svc.SearchProducts(context.Background(), connect.NewRequest(&saboresv1.SearchProductsRequest{Query: "   "}))
	if err != nil || len(res.Msg.GetProducts()) != 0 {
		t.Errorf("blank search = %v, %v", res, err)
	}
	if _, err := svc.SearchProducts(context.Background(), connect.NewRequest(&saboresv1.SearchProductsRequest{Query: "acai"})); err == nil {
		t.Error("a real search on a closed pool succeeded: the test proves nothing")
	}
}

func TestListCountries(t *testing.T) {
	t.Parallel()
	svc := newHandler(t)
	res, err := svc.ListCountries(context.Background(), connect.NewRequest(&saboresv1.ListCountriesRequest{}))
	if err != nil {
		t.Fatalf("ListCountries: %v", err)
	}
	var slugs []string
	for _, c := range res.Msg.GetCountries() {
		slugs = append(slugs, c.GetSlug())
	}
	if want := []string{"brasil", "colombia", "republica-dominicana", "senegal"}; !slices.Equal(slugs, want) {
		t.Errorf("countries = %v, want %v (angola is not a home tile)", slugs, want)
	}
	if dr := res.Msg.GetCountries()[2]; dr.GetName() != "República Dominicana" || len(dr.GetAliases()) != 3 || !dr.GetShowOnHome() {
		t.Errorf("dominican republic = %v", dr)
	}
}
