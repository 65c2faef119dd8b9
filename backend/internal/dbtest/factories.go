package dbtest

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/db"
)

// The factories insert one row each with defaults for what the test does
// not care about, as river's testfactory does, so a fixture names only the
// fields its assertions read. Set-based fixtures (hundreds of products from
// generate_series) stay SQL: one statement beats hundreds of calls.

// serial makes default codes and SKUs unique within a test binary.
var serial atomic.Int64

// ProductOpts are a product's fields; zero values take the defaults.
type ProductOpts struct {
	ID               int64  // 0: the database numbers it
	Name             string // default "Producto N"
	Code, SKU        string // default unique codes
	Category         string // default "alimentos"
	OnlineCategories []string
	PriceCents       int64 // default 100
	VATBasisPoints   int32 // default 1000 (10 %)
	Stock            int32
	ImageURL         string
	Country          string    // the product's country of origin; "" for none
	CreatedAt        time.Time // zero: now
	// SoldIn makes the product visible in each country, in the channel
	// given ("online", "physical" or "both").
	SoldIn map[string]string
}

// Product inserts a product (and its visibility) and returns its id.
func Product(t testing.TB, q db.DBTX, o ProductOpts) int64 {
	t.Helper()
	n := serial.Add(1)
	if o.Name == "" {
		o.Name = fmt.Sprintf("Producto %d", n)
	}
	if o.Code == "" {
		o.Code = fmt.Sprintf("T-%d", n)
	}
	if o.SKU == "" {
		o.SKU = fmt.Sprintf("SKU-T-%d", n)
	}
	if o.Category == "" {
		o.Category = "alimentos"
	}
	if o.OnlineCategories == nil {
		o.OnlineCategories = []string{}
	}
	if o.PriceCents == 0 {
		o.PriceCents = 100
	}
	if o.VATBasisPoints == 0 {
		o.VATBasisPoints = 1000
	}
	if o.CreatedAt.IsZero() {
		o.CreatedAt = time.Now()
	}
	var country *string
	if o.Country != "" {
		country = &o.Country
	}
	ctx := context.Background()
	var id int64
	err := q.QueryRow(ctx, `INSERT INTO products (id, name, code, sku, category, online_categories, price_cents,
			vat_basis_points, stock, image_url, country_slug, created_at)
		VALUES (COALESCE($1, nextval(pg_get_serial_sequence('products', 'id'))), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
		RETURNING id`,
		nilIfZero(o.ID), o.Name, o.Code, o.SKU, o.Category, o.OnlineCategories, o.PriceCents,
		o.VATBasisPoints, o.Stock, o.ImageURL, country, o.CreatedAt).Scan(&id)
	if err != nil {
		t.Fatalf("dbtest: product %q: %v", o.Name, err)
	}
	for slug, channel := range o.SoldIn {
		if _, err := q.Exec(ctx, `INSERT INTO product_country_visibility (product_id, country_slug, is_visible, sales_channel)
			VALUES ($1, $2, true, $3)`, id, slug, channel); err != nil {
			t.Fatalf("dbtest: product %d in %s: %v", id, slug, err)
		}
	}
	return id
}

func nilIfZero(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}

// CountryOpts are a country's fields; zero values take the defaults.
type CountryOpts struct {
	Slug      string // required
	Name      string // default the slug
	SortOrder int32
	FlagEmoji string
	Href      string
}

// Country inserts a country.
func Country(t testing.TB, q db.DBTX, o CountryOpts) {
	t.Helper()
	if o.Name == "" {
		o.Name = o.Slug
	}
	if _, err := q.Exec(context.Background(), `INSERT INTO countries (slug, name, sort_order, flag_emoji, href)
		VALUES ($1, $2, $3, $4, $5)`, o.Slug, o.Name, o.SortOrder, o.FlagEmoji, o.Href); err != nil {
		t.Fatalf("dbtest: country %q: %v", o.Slug, err)
	}
}

// PersonOpts are a signed-up person's fields; zero values take the defaults.
type PersonOpts struct {
	Issuer  string // default "https://test"
	Subject string // required
	Email   string // default subject@example.com
	Name    string
}

// Shopper inserts a user, as signing in for the first time does, and
// returns its id.
func Shopper(t testing.TB, q db.DBTX, o PersonOpts) int64 {
	t.Helper()
	if o.Issuer == "" {
		o.Issuer = "https://test"
	}
	if o.Email == "" {
		o.Email = o.Subject + "@example.com"
	}
	var id int64
	if err := q.QueryRow(context.Background(), `INSERT INTO users (issuer, subject, email, full_name)
		VALUES ($1, $2, $3, $4) RETURNING id`, o.Issuer, o.Subject, o.Email, o.Name).Scan(&id); err != nil {
		t.Fatalf("dbtest: user %q: %v", o.Subject, err)
	}
	return id
}

// Admin inserts a user who is an active admin of company (created when
// missing) and returns its id.
func Admin(t testing.TB, q db.DBTX, company string, o PersonOpts) int64 {
	t.Helper()
	id := Shopper(t, q, o)
	if _, err := q.Exec(context.Background(), `
		WITH c AS (INSERT INTO companies (name) VALUES ($2) ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id)
		INSERT INTO company_users (user_id, company_id, role) SELECT $1, id, 'admin' FROM c`, id, company); err != nil {
		t.Fatalf("dbtest: admin %q: %v", o.Subject, err)
	}
	return id
}
