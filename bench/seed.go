package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
)

// seedSQL is the fallback catalogue generator, used when this shopd's
// `seed` command has no --products flag. It is deterministic: product i
// always gets the same name, price, country and visibility. 5 % of the
// products are sold only in physical stores, 2 % carry a promotion.
// Triggers are off while it runs (one UPDATE sets sold_online for all), and
// the products' secondary indexes are dropped and rebuilt around the insert,
// which is several times faster than growing a trigram index row by row.
const seedSQL = `
SET session_replication_role = replica;
SET maintenance_work_mem = '256MB';
CREATE TEMP TABLE bench_indexes ON COMMIT DROP AS
  SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS def
  FROM pg_index WHERE indrelid = 'products'::regclass AND NOT indisprimary AND NOT indisunique;
DO $$ DECLARE r record; BEGIN FOR r IN SELECT name FROM bench_indexes LOOP EXECUTE 'DROP INDEX ' || r.name; END LOOP; END $$;
INSERT INTO countries (slug, name, sort_order, aliases) VALUES
  ('brasil', 'Brasil', 1, '{}'), ('colombia', 'Colombia', 2, '{}'), ('cabo-verde', 'Cabo Verde', 3, '{}'),
  ('angola', 'Angola', 4, '{}'), ('peru', 'Perú', 5, '{}'), ('argentina', 'Argentina', 6, '{}'),
  ('republica-dominicana', 'República Dominicana', 7, '{"Rep. Dominicana","Republica Dominicana"}'),
  ('venezuela', 'Venezuela', 8, '{}'), ('uruguai', 'Uruguai', 9, '{}'), ('cuba', 'Cuba', 10, '{}'),
  ('senegal', 'Senegal', 11, '{}')
ON CONFLICT (slug) DO NOTHING;

WITH names(n, name) AS (
  SELECT ordinality - 1, name FROM unnest(ARRAY[
    'Pão de Queijo', 'Guaraná Antarctica', 'Açaí en polvo', 'Farofa de mandioca', 'Doce de leite',
    'Harina P.A.N.', 'Arepa de maíz', 'Café Águila Roja', 'Panela orgánica', 'Bocadillo veleño',
    'Cachupa', 'Grogue', 'Funge', 'Muamba de galinha', 'Ají amarillo', 'Chicha morada', 'Quinua',
    'Alfajores', 'Yerba mate', 'Dulce de leche', 'Mamajuana', 'Habichuelas con dulce', 'Malta Morena',
    'Harina de yuca', 'Papelón', 'Chimichurri', 'Guayaba en pasta', 'Café Pilón', 'Bissap',
    'Thiakry', 'Mafé', 'Fonio', 'Crème de karité', 'Perfume de cumarú', 'Jabón de açaí',
    'Tapioca granulada', 'Mandioca frita', 'Maracuyá', 'Plátano verde', 'Maní tostado'
  ]) WITH ORDINALITY AS t(name, ordinality)
), countries AS (
  SELECT ordinality - 1 AS n, slug FROM unnest(ARRAY['brasil', 'colombia', 'cabo-verde', 'angola', 'peru',
    'argentina', 'republica-dominicana', 'venezuela', 'uruguai', 'cuba', 'senegal']) WITH ORDINALITY AS t(slug, ordinality)
)
INSERT INTO products (id, name, code, sku, brand, description, category, online_categories, price_cents,
  vat_basis_points, stock, rating, image_url, country_slug, created_at)
SELECT 100000 + i,
  names.name || ' ' || (i / 40 + 1),
  'B' || lpad(i::text, 7, '0'),
  'SKU-B' || lpad(i::text, 7, '0'),
  'Marca ' || (i % 97),
  'Producto de prueba número ' || i || ': descripción de un producto típico de la tienda.',
  (ARRAY['bebidas', 'snacks', 'harinas', 'dulces', 'conservas', 'belleza'])[i % 6 + 1],
  CASE i % 10 WHEN 0 THEN '{lanzamientos}'::text[] WHEN 1 THEN '{populares}'::text[] ELSE '{}'::text[] END,
  99 + (i * 37) % 2000,
  CASE WHEN i % 6 = 5 THEN 2100 ELSE 1000 END,
  10 + i % 90,
  (i % 50) / 10.0,
  '/images/products/' || i || '.svg',
  countries.slug,
  now() - make_interval(secs => i)
FROM generate_series(1, $1::int) AS i
JOIN names ON names.n = i % 40
JOIN countries ON countries.n = i % 11;

INSERT INTO product_country_visibility (product_id, country_slug, is_visible, sales_channel)
SELECT id, country_slug, true, CASE WHEN id % 20 = 0 THEN 'physical' WHEN id % 2 = 0 THEN 'online' ELSE 'both' END
FROM products WHERE id > 100000 AND id % 7 <> 0;
UPDATE products SET sold_online = (id % 20 <> 0 OR id % 7 = 0) WHERE id > 100000;

INSERT INTO product_promotions (product_id, promotion_type, discount_basis_points, starts_at, ends_at)
SELECT id, 'percentage', 1000 + (id % 4) * 500, now() - interval '1 day', now() + interval '30 days'
FROM products WHERE id > 100000 AND id % 50 = 3;
DO $$ DECLARE r record; BEGIN FOR r IN SELECT def FROM bench_indexes LOOP EXECUTE r.def; END LOOP; END $$;
SET session_replication_role = origin;
`

// seedFallback loads n generated products into the database at dsn.
func splitStatements(script string) []string {
	var out []string
	for _, s := range strings.Split(script, ";\n") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

func containsParam(stmt string) bool { return strings.Contains(stmt, "$1") }

func seedFallback(ctx context.Context, dsn string, n int) error {
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return err
	}
	defer func() { _ = conn.Close(ctx) }()
	tx, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	for _, stmt := range splitStatements(seedSQL) {
		var args []any
		if containsParam(stmt) {
			args = []any{n}
		}
		if _, err := tx.Exec(ctx, stmt, args...); err != nil {
			return fmt.Errorf("seed: %w\n%s", err, stmt)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	// VACUUM sets the visibility map, so counts can be index-only scans as
	// on a database autovacuum has visited.
	_, err = conn.Exec(ctx, "VACUUM ANALYZE")
	return err
}

// prepareShoppers creates the signed-in shoppers of the PlaceOrder scenario
// (a user and a session each, the session token being "bench-<i>", stored
// as its SHA-256 like the auth package does) and stocks the products they buy.
// Sessions last almost the default SESSION_TTL: one in the second half of
// its life would be renewed (an UPDATE and a commit) on every request.
func prepareShoppers(ctx context.Context, dsn string, shoppers int, productIDs []int64) error {
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return err
	}
	defer func() { _ = conn.Close(ctx) }()
	stmts := []string{
		`INSERT INTO users (issuer, subject, email, full_name)
		 SELECT 'https://bench.sabores.local', 'shopper-' || i, 'shopper' || i || '@bench.example', 'Shopper ' || i
		 FROM generate_series(1, $1::int) i ON CONFLICT (issuer, subject) DO NOTHING`,
		`INSERT INTO sessions (token_hash, user_id, expires_at)
		 SELECT sha256(convert_to('bench-' || split_part(u.subject, '-', 2), 'UTF8')), u.id, now() + interval '719 hours'
		 FROM users u WHERE u.issuer = 'https://bench.sabores.local' ON CONFLICT (token_hash) DO NOTHING`,
	}
	for _, s := range stmts {
		var args []any
		if containsParam(s) {
			args = []any{shoppers}
		}
		if _, err := conn.Exec(ctx, s, args...); err != nil {
			return fmt.Errorf("shoppers: %w", err)
		}
	}
	_, err = conn.Exec(ctx, `UPDATE products SET stock = 1000000 WHERE id = ANY($1)`, productIDs)
	return err
}
