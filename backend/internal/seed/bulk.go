package seed

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/productimage"
)

// BulkFirstID is the id of the first generated product: far above the
// sample catalogue's ranges (up to 12003) and above what the products
// identity hands out to admin-created products for a long time.
const BulkFirstID = 1_000_001

// bulkEpoch anchors the generated creation dates, so the same n always
// gives the same rows.
var bulkEpoch = time.Date(2025, time.January, 1, 0, 0, 0, 0, time.UTC)

// bulkCategory is what varies the generated products of one category.
type bulkCategory struct {
	slug    string
	vat     int32
	nouns   []string
	flavors []string
	sizes   []string
	brands  []string
	country bool // beauty and perfumes are general products, without a country
}

var bulkCategories = []bulkCategory{
	{"bebidas", 1000, []string{"Refresco", "Zumo", "Néctar", "Café", "Infusión", "Malta"},
		[]string{"de Mango", "de Maracuyá", "de Guayaba", "de Coco", "de Tamarindo", "de Guaraná", "de Lulo", "de Acerola"},
		[]string{"330 ml", "500 ml", "1 L", "250 g"}, []string{"Tropicana", "Del Valle", "Sol Andino", "Caribe"}, true},
	{"doces", 1000, []string{"Dulce", "Bombón", "Turrón", "Galleta", "Cocada", "Mermelada"},
		[]string{"de Leche", "de Guayaba", "de Coco", "de Cacahuete", "de Papaya", "de Batata"},
		[]string{"200 g", "400 g", "caja de 12"}, []string{"Dulces Nona", "La Abuela", "Doçuras"}, true},
	{"alimentos", 1000, []string{"Harina", "Frijoles", "Salsa", "Arroz", "Especias", "Aceite"},
		[]string{"de Maíz", "Negros", "de Ají", "Criollo", "para Arepas", "de Palma"},
		[]string{"500 g", "1 kg", "212 g"}, []string{"Campo Real", "Mercado Latino", "Terra"}, true},
	{"congelados", 1000, []string{"Empanadas", "Tequeños", "Yuca", "Pulpa", "Pastelitos", "Arepas"},
		[]string{"de Queso", "de Carne", "de Maracuyá", "de Pollo", "de Plátano"},
		[]string{"6 unidades", "12 unidades", "400 g", "1 kg"}, []string{"Frío Andino", "Congelados Sol"}, true},
	{"beleza", 2100, []string{"Crema", "Aceite", "Manteca", "Champú", "Jabón"},
		[]string{"de Karité", "de Coco", "de Argán", "de Murumuru", "de Açaí"},
		[]string{"100 ml", "200 ml", "250 g"}, []string{"Ekos", "Natural Brasil", "Africana"}, false},
	{"perfumes", 2100, []string{"Eau de Toilette", "Eau de Parfum", "Colonia", "Body Splash"},
		[]string{"Cítrica", "Amaderada", "Floral", "Tropical", "Oriental"},
		[]string{"50 ml", "100 ml"}, []string{"Natura", "O Boticário", "Lua"}, false},
}

// bulkCountries are the countries products are spread over, in turn.
var bulkCountries = []string{"brasil", "colombia", "cabo-verde", "angola", "peru", "argentina",
	"republica-dominicana", "venezuela", "uruguai", "cuba", "senegal"}

// bulkProduct is generated product i (0-based), with its single visibility
// row when it has a country.
type bulkProduct struct {
	id                   int64
	name, code, sku      string
	brand, description   string
	category             string
	online               []string
	priceCents           int64
	vat                  int32
	stock                int32
	imageURL             string
	country              *string
	created              time.Time
	visible              bool
	channel              string
	soldOnline           bool
	promotion            bool
	promotionPercentBP   int32
	promotionFixedCents  int64
	promotionEndsExpired bool
	namePT               string
	food                 *bulkFood
}

// generate returns product i; it depends on i alone.
func generate(i int) bulkProduct {
	c := bulkCategories[i%len(bulkCategories)]
	k := i / len(bulkCategories)
	noun, flavor := c.nouns[k%len(c.nouns)], c.flavors[(k/len(c.nouns))%len(c.flavors)]
	size := c.sizes[(i/7)%len(c.sizes)]
	id := int64(BulkFirstID + i)
	p := bulkProduct{
		id:          id,
		name:        fmt.Sprintf("%s %s %s", noun, flavor, size),
		code:        fmt.Sprintf("BLK-%07d", i+1),
		sku:         fmt.Sprintf("SAB-B%07d", i+1),
		brand:       c.brands[i%len(c.brands)],
		category:    c.slug,
		online:      []string{},
		priceCents:  99 + int64(i*7919%4900),
		vat:         c.vat,
		stock:       int32(i * 31 % 120),
		imageURL:    productimage.CategoryURL(c.slug),
		created:     bulkEpoch.Add(time.Duration(i) * time.Minute),
		soldOnline:  true,
		visible:     true,
		channel:     "both",
		promotion:   i%200 == 0,
		description: fmt.Sprintf("%s %s de %s: producto de catálogo generado para pruebas de carga.", noun, flavor, c.brands[i%len(c.brands)]),
	}
	if i%17 == 0 {
		p.stock = 0
	}
	if pt, ok := bulkNounsPT[noun]; ok {
		p.namePT = fmt.Sprintf("%s %s %s", pt, flavor, size)
	}
	if f, ok := foodOf(i, p); ok {
		p.food = &f
	}
	switch {
	case i%97 == 0:
		p.online = []string{launch}
	case i%89 == 0:
		p.online = []string{popular}
	}
	if c.country {
		slug := bulkCountries[k%len(bulkCountries)]
		p.country = &slug
		// Mostly both channels; some online only, some physical only, some hidden.
		switch i % 20 {
		case 14, 15, 16:
			p.channel = "online"
		case 17:
			p.channel = "physical"
			p.soldOnline = false
		case 18:
			p.visible = false
			p.soldOnline = false
		}
	}
	if p.promotion {
		if (i/200)%2 == 0 {
			p.promotionPercentBP = int32(500 + (i/200)%8*500)
		} else {
			p.promotionFixedCents = p.priceCents * 9 / 10
		}
		p.promotionEndsExpired = (i/200)%5 == 4
	}
	return p
}

// Bulk replaces the generated catalogue with n products (ids from
// BulkFirstID), spread over every country and category, with their price
// history, visibility rows and a promotion on one product in 200. The same
// n always gives the same rows. Progress goes to progress (nil for none).
// It loads with COPY inside one transaction and vacuums afterwards.
func Bulk(ctx context.Context, pool *pgxpool.Pool, n int, progress io.Writer) error {
	if n < 0 {
		return fmt.Errorf("seed: bulk: negative product count %d", n)
	}
	if progress == nil {
		progress = io.Discard
	}
	start := time.Now()
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		return bulk(ctx, tx, n, progress)
	})
	if err != nil {
		return fmt.Errorf("seed: bulk: %w", err)
	}
	// VACUUM merges the search index's pending entries (a search would
	// otherwise scan them one by one) and sets the visibility map for
	// index-only scans; ANALYZE tells the planner the new sizes at once.
	if _, err := pool.Exec(ctx, "VACUUM (ANALYZE) products, product_country_visibility, product_promotions, price_history, product_food_info"); err != nil {
		return fmt.Errorf("seed: bulk: vacuum: %w", err)
	}
	slog.InfoContext(ctx, "seed: bulk catalogue loaded", "products", n, "duration", time.Since(start).Round(time.Millisecond))
	return nil
}

func bulk(ctx context.Context, tx pgx.Tx, n int, progress io.Writer) error {
	q := db.New(tx)
	if err := q.SeedLock(ctx); err != nil {
		return fmt.Errorf("lock: %w", err)
	}
	// Products need their countries; seeding them is idempotent.
	if err := seedCountries(ctx, q); err != nil {
		return err
	}
	// sold_online is computed here for every row; the per-row trigger would
	// update each product a second time. Disabling it is transactional: other
	// sessions never see it off.
	for _, stmt := range []string{
		// A large pending list lets the trigram index take the rows in a
		// few big merges instead of many small ones.
		"SET LOCAL gin_pending_list_limit = '64MB'",
		"SET LOCAL work_mem = '64MB'",
		"ALTER TABLE product_country_visibility DISABLE TRIGGER visibility_sold_online",
		// allergen_risk is copied with each product, as sold_online is.
		"ALTER TABLE product_food_info DISABLE TRIGGER food_info_allergens_inserted",
		fmt.Sprintf("DELETE FROM products WHERE id >= %d", BulkFirstID),
	} {
		if _, err := tx.Exec(ctx, stmt); err != nil {
			return fmt.Errorf("prepare: %w", err)
		}
	}

	bar := newProgressBar(progress, "productos", n)
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{"products"},
		[]string{"id", "name", "code", "sku", "brand", "description", "category", "online_categories", "price_cents",
			"vat_basis_points", "stock", "image_url", "country_slug", "created_at", "updated_at", "sold_online",
			"name_pt", "is_food", "allergen_risk", "published_at"},
		&rowSource{n: n, bar: bar, row: func(p bulkProduct) ([]any, bool) {
			var risk []string
			if p.food != nil {
				risk = p.food.risk()
			}
			return []any{p.id, p.name, p.code, p.sku, p.brand, p.description, p.category, p.online, p.priceCents,
				p.vat, p.stock, p.imageURL, p.country, p.created, p.created, p.soldOnline,
				p.namePT, p.food != nil, risk, p.created}, true
		}}); err != nil {
		return fmt.Errorf("copy products: %w", err)
	}
	bar.done()

	bar = newProgressBar(progress, "historial", n)
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{"price_history"}, []string{"product_id", "price_cents", "valid_from"},
		&rowSource{n: n, bar: bar, row: func(p bulkProduct) ([]any, bool) {
			return []any{p.id, p.priceCents, p.created}, true
		}}); err != nil {
		return fmt.Errorf("copy price history: %w", err)
	}
	bar.done()

	bar = newProgressBar(progress, "visibilidad", n)
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{"product_country_visibility"},
		[]string{"product_id", "country_slug", "is_visible", "sales_channel", "created_at", "updated_at"},
		&rowSource{n: n, bar: bar, row: func(p bulkProduct) ([]any, bool) {
			return []any{p.id, p.country, p.visible, p.channel, p.created, p.created}, p.country != nil
		}}); err != nil {
		return fmt.Errorf("copy visibility: %w", err)
	}
	bar.done()

	if _, err := tx.CopyFrom(ctx, pgx.Identifier{"product_promotions"},
		[]string{"product_id", "is_active", "starts_at", "ends_at", "promotion_type", "discount_basis_points", "fixed_price_cents"},
		&rowSource{n: n, row: promotionRow}); err != nil {
		return fmt.Errorf("copy promotions: %w", err)
	}
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{"product_food_info"},
		[]string{"product_id", "ingredients_es", "ingredients_pt", "contains", "may_contain", "net_quantity", "net_unit",
			"storage_es", "storage_pt", "operator_name", "operator_address"},
		&rowSource{n: n, row: foodRow}); err != nil {
		return fmt.Errorf("copy food information: %w", err)
	}
	for _, stmt := range []string{
		"ALTER TABLE product_country_visibility ENABLE TRIGGER visibility_sold_online",
		"ALTER TABLE product_food_info ENABLE TRIGGER food_info_allergens_inserted",
	} {
		if _, err := tx.Exec(ctx, stmt); err != nil {
			return fmt.Errorf("enable trigger: %w", err)
		}
	}
	return nil
}

// promotionRow is the promotion of a generated product, if it has one:
// percentage or fixed price, started at the epoch, mostly open-ended and
// some already over.
func promotionRow(p bulkProduct) ([]any, bool) {
	if !p.promotion {
		return nil, false
	}
	var ends *time.Time
	if p.promotionEndsExpired {
		e := bulkEpoch.AddDate(0, 1, 0)
		ends = &e
	}
	if p.promotionPercentBP > 0 {
		return []any{p.id, true, bulkEpoch, ends, "percentage", p.promotionPercentBP, nil}, true
	}
	return []any{p.id, true, bulkEpoch, ends, "fixed_price", nil, p.promotionFixedCents}, true
}

// rowSource feeds COPY with the rows row makes of generated products
// 0..n-1, skipping those it declines, and advances bar as it goes.
type rowSource struct {
	n    int
	i    int
	row  func(bulkProduct) ([]any, bool)
	bar  *progressBar
	vals []any
}

func (s *rowSource) Next() bool {
	for s.i < s.n {
		vals, ok := s.row(generate(s.i))
		s.i++
		if s.bar != nil {
			s.bar.set(s.i)
		}
		if ok {
			s.vals = vals
			return true
		}
	}
	return false
}

func (s *rowSource) Values() ([]any, error) { return s.vals, nil }

func (s *rowSource) Err() error { return nil }
