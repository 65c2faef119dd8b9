package main

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// catalogueSample is what the scenarios ask for, read from the seeded
// database so the benchmark works whichever seeder filled it.
type catalogueSample struct {
	hotIDs      []int64 // 200 products sold online, spread over the catalogue
	coldIDs     []int64 // up to 20 000 of them, for reads the cache rarely holds
	minID       int64
	maxID       int64
	categories  []string
	countries   []string
	searchTerms []string // name prefixes, with and without accents
	coldSearch  []string // longer, mostly distinct prefixes
}

func sample(ctx context.Context, dsn string) (catalogueSample, error) {
	var s catalogueSample
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return s, err
	}
	defer func() { _ = conn.Close(ctx) }()
	ids := func(n int) ([]int64, error) {
		rows, err := conn.Query(ctx, `
			SELECT id FROM (SELECT id, row_number() OVER (ORDER BY id) AS rn,
			                       count(*) OVER () AS total FROM products WHERE sold_online) s
			WHERE rn % greatest(1, total / $1) = 0 ORDER BY (id * 2654435761) % 1000003 LIMIT $1`, n)
		if err != nil {
			return nil, err
		}
		return pgx.CollectRows(rows, pgx.RowTo[int64])
	}
	if s.hotIDs, err = ids(200); err != nil {
		return s, err
	}
	if s.coldIDs, err = ids(20000); err != nil {
		return s, err
	}
	// The id range pgbench's detail script draws from: the dense middle
	// (the sample catalogue's few low ids would make most draws misses).
	if err := conn.QueryRow(ctx, `SELECT percentile_disc(0.05) WITHIN GROUP (ORDER BY id), max(id)
		FROM products WHERE sold_online`).Scan(&s.minID, &s.maxID); err != nil {
		return s, err
	}
	strs := func(sql string, args ...any) ([]string, error) {
		rows, err := conn.Query(ctx, sql, args...)
		if err != nil {
			return nil, err
		}
		return pgx.CollectRows(rows, pgx.RowTo[string])
	}
	if s.categories, err = strs(`SELECT DISTINCT category FROM products WHERE sold_online ORDER BY 1`); err != nil {
		return s, err
	}
	if s.countries, err = strs(`SELECT DISTINCT country_slug FROM product_country_visibility
		WHERE is_visible AND sales_channel IN ('online', 'both') ORDER BY 1`); err != nil {
		return s, err
	}
	// Prefixes of real names as a shopper types them: the first word's
	// first letters as written ("Pão", "Açaí") and without accents ("pao").
	if s.searchTerms, err = strs(`
		WITH names AS (SELECT DISTINCT split_part(name, ' ', 1) AS w FROM products WHERE sold_online AND length(split_part(name, ' ', 1)) >= 3)
		SELECT t FROM (SELECT left(w, 4) AS t FROM names UNION SELECT search_normalize(left(w, 4)) FROM names
		               UNION SELECT left(w, 3) FROM names) s ORDER BY 1 LIMIT 120`); err != nil {
		return s, err
	}
	if s.coldSearch, err = strs(`
		SELECT DISTINCT t FROM (SELECT CASE WHEN id % 2 = 0 THEN search_normalize(left(name, length(name) - 1)) ELSE left(name, length(name) - 1) END AS t
		FROM products WHERE sold_online ORDER BY id DESC LIMIT 3000) s`); err != nil {
		return s, err
	}
	if len(s.hotIDs) == 0 || len(s.categories) == 0 || len(s.searchTerms) == 0 || len(s.countries) == 0 {
		return s, fmt.Errorf("the seeded catalogue is empty")
	}
	return s, nil
}

type m = map[string]any

// scenarios builds issue 7's scenarios from the sample.
func scenarios(s catalogueSample, base string, shoppers int, stocked []int64) []scenario {
	home := []request{
		connectGet("CatalogService/ListCountries", m{}),
		connectGet("PromotionService/ListActivePromotions", m{}),
		// The two sections as the home page asks for them (and as shopd's
		// index.html preloads them, backend/internal/server/preload.go).
		connectGet("CatalogService/ListProducts", m{"onlineCategory": "lanzamientos", "sort": "PRODUCT_SORT_NEWEST", "pageSize": 4}),
		connectGet("CatalogService/ListProducts", m{"onlineCategory": "populares", "sort": "PRODUCT_SORT_NEWEST", "pageSize": 4}),
	}
	var category, country, categoryCold []request
	for _, c := range s.categories {
		category = append(category, connectGet("CatalogService/ListProducts", m{"category": c}))
		for p := 1; p <= 40; p++ {
			categoryCold = append(categoryCold, connectGet("CatalogService/ListProducts", m{"category": c, "page": p}))
		}
	}
	for _, c := range s.countries {
		country = append(country, connectGet("CatalogService/ListProducts", m{"country": c}))
	}
	todos := []request{connectGet("CatalogService/ListProducts", m{"category": "todos", "page": 3, "sort": "PRODUCT_SORT_PRICE_ASC"})}
	var get, getCold, search, searchCold, cart, orders []request
	for _, id := range s.hotIDs {
		get = append(get, connectGet("CatalogService/GetProduct", m{"id": id}))
	}
	for _, id := range s.coldIDs {
		getCold = append(getCold, connectGet("CatalogService/GetProduct", m{"id": id}))
	}
	for _, t := range s.searchTerms {
		search = append(search, connectGet("CatalogService/SearchProducts", m{"query": t}))
	}
	for _, t := range s.coldSearch {
		searchCold = append(searchCold, connectGet("CatalogService/SearchProducts", m{"query": t}))
	}
	for i := range 50 {
		var lines []m
		for j := range 5 {
			lines = append(lines, m{"productId": s.hotIDs[(i*5+j)%len(s.hotIDs)], "quantity": 1 + j%3})
		}
		cart = append(cart, connectPost("CartService/ValidateCart", m{"lines": lines}, nil))
	}
	for i := 1; i <= shoppers; i++ {
		lines := []m{
			{"productId": stocked[i%len(stocked)], "quantity": 1},
			{"productId": stocked[(i*7+3)%len(stocked)], "quantity": 2},
		}
		if lines[0]["productId"] == lines[1]["productId"] {
			lines = lines[:1]
		}
		r := connectPost("OrderService/PlaceOrder", m{
			"idempotencyKey": "IDEMKEY",
			"lines":          lines,
			"delivery": m{"name": "Shopper", "email": fmt.Sprintf("shopper%d@bench.example", i), "phone": "+34 600 000 000",
				"address": "Calle Mayor 1", "city": "Madrid", "postalCode": "28013"},
			"paymentMethod": "PAYMENT_METHOD_CASH_ON_DELIVERY",
		}, map[string]string{"Cookie": fmt.Sprintf("sabores_session=bench-%d", i), "Origin": base})
		r.IdemKey = true
		orders = append(orders, r)
	}
	// A shopper's visit: home, a category, a country, three products, two
	// searches and the cart.
	var journey []request
	journey = append(journey, home...)
	for i := range 10 {
		journey = append(journey,
			category[i%len(category)], country[i%len(country)],
			get[(i*3)%len(get)], get[(i*3+1)%len(get)], get[(i*3+2)%len(get)],
			search[(i*2)%len(search)], search[(i*2+1)%len(search)], cart[i%len(cart)])
	}
	return []scenario{
		{Name: "list-home", Requests: home},
		{Name: "list-category", Requests: category},
		{Name: "list-country", Requests: country},
		{Name: "list-todos-p3-price", Requests: todos},
		{Name: "list-category-cold", Requests: categoryCold, Compare: "list"},
		{Name: "get-product", Requests: get},
		{Name: "get-product-cold", Requests: getCold, Compare: "detail"},
		{Name: "search", Requests: search},
		{Name: "search-cold", Requests: searchCold, Compare: "search"},
		{Name: "validate-cart", Requests: cart},
		{Name: "place-order", Requests: orders},
		{Name: "journey", Requests: journey},
	}
}
