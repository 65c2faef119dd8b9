package main

// Seeding the back office at scale's template database (backoffice.go).

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// boTemplateName names the template after the migrations and the seed, so
// a schema change seeds a new one rather than measuring an old schema.
func boTemplateName() (string, error) {
	files, err := filepath.Glob(filepath.Join("sql", "migrations", "*.sql"))
	if err != nil {
		return "", err
	}
	h := sha256.New()
	fmt.Fprint(h, boSeedVersion)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s %d\n", filepath.Base(f), len(b))
		h.Write(b)
	}
	return "sabores_bench_bo_tpl_" + hex.EncodeToString(h.Sum(nil))[:12], nil
}

// boTemplateSeconds says whether the template exists complete (its comment
// is written last) and how long it took to seed.
func boTemplateSeconds(ctx context.Context, adminURL, tpl string) (float64, bool, error) {
	conn, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		return 0, false, err
	}
	defer func() { _ = conn.Close(ctx) }()
	var comment *string
	err = conn.QueryRow(ctx, `SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = $1`, tpl).Scan(&comment)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && comment == nil) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	var secs float64
	if _, err := fmt.Sscanf(*comment, "seeded in %f s", &secs); err != nil {
		return 0, false, nil
	}
	return secs, true, nil
}

// boSeedTemplate creates the template: migrations and products through
// shopd, the rest in SQL. Older templates are dropped first (boDropStale).
func boSeedTemplate(ctx context.Context, adminURL, tplURL, tpl, shopd, work string) error {
	if err := boDropStale(ctx, adminURL, tpl); err != nil {
		return err
	}
	if err := adminExec(ctx, adminURL, "CREATE DATABASE "+tpl); err != nil {
		return err
	}
	step := time.Now()
	// shopd seed migrates, loads the sample catalogue and the generated
	// products with COPY, then vacuums them.
	if err := seedProducts(ctx, shopd, tplURL, work, boProducts); err != nil {
		return err
	}
	log.Printf("back office: products in %.0f s", time.Since(step).Seconds())
	c, err := pgx.Connect(ctx, tplURL)
	if err != nil {
		return err
	}
	defer func() { _ = c.Close(ctx) }()
	for _, s := range boSeedSQL {
		step := time.Now()
		if _, err := c.Exec(ctx, s.sql); err != nil {
			return fmt.Errorf("seed %s: %w", s.name, err)
		}
		log.Printf("back office: %s in %.1f s", s.name, time.Since(step).Seconds())
	}
	return nil
}

// boSeedSQL loads the customers, orders and audit trail. Triggers and
// foreign-key checks are off for the load (session_replication_role), the
// tables' secondary indexes are dropped and built again after it (faster
// than maintaining them row by row), and the migrations' backfills make the
// dashboard's rollups, the counts and the desk's contacts. Every value is a
// function of the row number, so each template holds the same shop.
var boSeedSQL = []struct{ name, sql string }{
	{"prepare", `
SET maintenance_work_mem = '256MB';
SET session_replication_role = replica;
CREATE TEMP TABLE bench_indexes AS
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
    FROM pg_index i
    WHERE i.indrelid IN ('orders'::regclass, 'order_lines'::regclass, 'customers'::regclass,
                         'users'::regclass, 'audit_events'::regclass)
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid);
DO $$ DECLARE r record; BEGIN
    FOR r IN SELECT name FROM bench_indexes LOOP EXECUTE 'DROP INDEX ' || r.name; END LOOP;
END $$;
CREATE TEMP TABLE bench_names (n int PRIMARY KEY, first text, last text);
INSERT INTO bench_names
SELECT g, (ARRAY['María','José','Ana','João','Lucía','Carlos','Fátima','Pedro','Aminata','Luis','Sofía','Tiago','Carmen','Moussa','Isabel','Andrés'])[1 + g % 16],
          (ARRAY['García','Martínez','Silva','Santos','López','Diop','Fernández','Pereira','Sánchez','Ndiaye','Gómez','Oliveira','Ruiz','Costa','Díaz','Moreno','Álvarez'])[1 + (g / 16) % 17]
FROM generate_series(0, 271) g;
CREATE TEMP TABLE bench_base AS SELECT
    (SELECT coalesce(max(id), 0) FROM users) AS users,
    (SELECT coalesce(max(id), 0) FROM customers) AS customers,
    (SELECT coalesce(max(id), 0) FROM orders) AS orders;
CREATE TEMP TABLE bench_products AS
    SELECT row_number() OVER (ORDER BY id) AS rn, id, name FROM products;
CREATE UNIQUE INDEX ON bench_products (rn);
ANALYZE bench_products;`},
	{"200 000 customers", `
INSERT INTO users (id, issuer, subject, email, full_name, created_at)
OVERRIDING SYSTEM VALUE
SELECT b.users + g, 'https://bench-backoffice.sabores.local', 'c-' || g, 'cliente' || g || '@example.com',
       nm.first || ' ' || nm.last, now() - (200000 - g) * interval '7 minutes'
FROM bench_base b, generate_series(1, 200000) g JOIN bench_names nm ON nm.n = (g * 7) % 272;
INSERT INTO customers (id, user_id, name, surname, email, phone, customer_type, active, created_at, updated_at)
OVERRIDING SYSTEM VALUE
SELECT b.customers + g, b.users + g, nm.first, nm.last, 'cliente' || g || '@example.com',
       '+34 6' || lpad((g * 7919 % 100000000)::text, 8, '0'),
       CASE WHEN g % 10 = 0 THEN 'empresa' ELSE 'particular' END, g % 20 <> 0,
       now() - (200000 - g) * interval '7 minutes', now() - (200000 - g) * interval '7 minutes'
FROM bench_base b, generate_series(1, 200000) g JOIN bench_names nm ON nm.n = (g * 7) % 272;`},
	{"1 000 000 orders", `
INSERT INTO orders (id, user_id, customer_id, idempotency_key, status, payment_method, payment_status,
                    subtotal_cents, shipping_cents, vat_cents, total_cents,
                    delivery_name, delivery_email, delivery_phone, delivery_address, delivery_city, delivery_postal_code,
                    created_at, updated_at, carrier, tracking_number)
OVERRIDING SYSTEM VALUE
SELECT b.orders + g, b.users + c, b.customers + c, md5(g::text)::uuid, o.status,
       CASE WHEN o.pay = 'on_delivery' THEN 'cash' ELSE (ARRAY['card','bizum','transfer','card'])[1 + g % 4] END,
       o.pay, s.subtotal, s.shipping, s.subtotal / 11, s.subtotal + s.shipping,
       nm.first || ' ' || nm.last, 'cliente' || c || '@example.com', '+34 600 000 000',
       'Calle Mayor ' || (1 + g % 200), 'Madrid', lpad((1000 + (g::bigint * 7919) % 51000)::text, 5, '0'),
       t.at, t.at,
       CASE WHEN o.status IN ('shipped', 'delivered') THEN 'Correos' ELSE '' END,
       CASE WHEN o.status IN ('shipped', 'delivered') THEN 'PK' || g ELSE '' END
FROM bench_base b, generate_series(1, 1000000) g
CROSS JOIN LATERAL (SELECT 1 + (g::bigint * 7919) % 200000 AS c) cu
JOIN bench_names nm ON nm.n = (cu.c * 7) % 272
CROSS JOIN LATERAL (SELECT now() - (1000000 - g) * interval '90 seconds' AS at) t
CROSS JOIN LATERAL (SELECT sum((150 + (((b.orders + g) * 31 + n * 17) % 2850)) * (1 + ((b.orders + g + n) % 3)))::bigint AS subtotal
                    FROM generate_series(1, 1 + (b.orders + g) % 4) n) s0
CROSS JOIN LATERAL (SELECT s0.subtotal, CASE WHEN s0.subtotal >= 5000 THEN 0 ELSE 495 END::bigint AS shipping) s
CROSS JOIN LATERAL (SELECT CASE
    WHEN t.at > now() - interval '14 days' THEN (ARRAY['placed','preparing','shipped','delivered','cancelled','placed','shipped','delivered'])[1 + g % 8]
    WHEN g % 100 < 8 THEN 'cancelled' ELSE 'delivered' END AS status) st
CROSS JOIN LATERAL (SELECT st.status, CASE
    WHEN st.status = 'cancelled' THEN (ARRAY['awaiting_payment','refunded'])[1 + g % 2]
    WHEN st.status = 'placed' THEN (ARRAY['awaiting_payment','on_delivery','paid'])[1 + g % 3]
    WHEN st.status IN ('preparing', 'shipped') THEN (ARRAY['paid','on_delivery'])[1 + g % 2]
    WHEN g % 50 = 0 THEN 'refunded' WHEN g % 50 = 1 THEN 'partially_refunded'
    ELSE 'paid' END AS pay) o;`},
	{"2 500 000 order lines", `
INSERT INTO order_lines (order_id, line_no, product_id, product_name, quantity, unit_price_cents,
                         regular_unit_price_cents, vat_basis_points, line_total_cents)
SELECT o.id, n, p.id, p.name, q.qty, q.price, q.price, 1000, q.price * q.qty
FROM bench_base b, generate_series(b.orders + 1, b.orders + 1000000) o(id)
CROSS JOIN LATERAL generate_series(1, 1 + o.id % 4) n
CROSS JOIN LATERAL (SELECT (150 + ((o.id * 31 + n * 17) % 2850))::bigint AS price, (1 + ((o.id + n) % 3))::int AS qty) q
JOIN bench_products p ON p.rn = 1 + ((o.id * 2654435761 + n * 97) % (SELECT count(*) FROM bench_products));`},
	{"200 000 audit events", `
INSERT INTO audit_events (actor, action, entity, old_value, new_value, created_at)
SELECT 'admin@bench.example', (ARRAY['product.update','order.advance','order.cancel','promotion.create','settings.update'])[1 + g % 5],
       'product:' || (1 + g % 100000), jsonb_build_object('price_cents', 100 + g % 900),
       jsonb_build_object('price_cents', 110 + g % 900), now() - (200000 - g) * interval '7 minutes'
FROM generate_series(1, 200000) g;`},
	{"admin, sequences", `
SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users));
SELECT setval(pg_get_serial_sequence('customers', 'id'), (SELECT max(id) FROM customers));
SELECT setval(pg_get_serial_sequence('orders', 'id'), (SELECT max(id) FROM orders));
INSERT INTO users (issuer, subject, email, full_name)
VALUES ('https://bench-backoffice.sabores.local', 'admin', 'admin@bench.example', 'Bench Admin')
ON CONFLICT (issuer, subject) DO NOTHING;
WITH c AS (INSERT INTO companies (name) VALUES ('Sabores') ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id)
INSERT INTO company_users (user_id, company_id, role)
SELECT u.id, c.id, 'admin' FROM c, users u WHERE u.issuer = 'https://bench-backoffice.sabores.local' AND u.subject = 'admin'
ON CONFLICT (user_id, company_id) DO NOTHING;`},
	{"indexes", `
SET maintenance_work_mem = '256MB';
DO $$ DECLARE r record; BEGIN
    FOR r IN SELECT def FROM bench_indexes LOOP EXECUTE r.def; END LOOP;
END $$;`},
	{"rollups", `SET session_replication_role = origin; SELECT order_stats_rebuild(); SELECT row_counts_rebuild(); SELECT order_contacts_rebuild();`},
	{"vacuum", `VACUUM (ANALYZE) users, customers, orders, order_lines, audit_events, order_stats_days, order_stats_products, order_stats_day_deltas, order_stats_product_deltas, row_counts, row_count_deltas, order_contacts, order_contacts_folded`},
}

// boHoldTemplate takes a shared lock on the template's name until release:
// a run of another schema seeding its own template leaves it alone while
// this run checks, seeds or copies it.
func boHoldTemplate(ctx context.Context, adminURL, tpl string) (release func(), err error) {
	conn, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		return nil, err
	}
	release = func() { _ = conn.Close(context.WithoutCancel(ctx)) }
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock_shared(hashtext($1))`, tpl); err != nil {
		release()
		return nil, fmt.Errorf("hold the template: %w", err)
	}
	return release, nil
}

// boDropStale drops the templates of other schemas but the newest one, so
// an A/B of two schemas reuses both, and only those no run holds (the
// advisory lock of boHoldTemplate, then a DROP without FORCE, which refuses
// a database with sessions): two runs of different schemas at once leave
// each other's databases alone. It also drops the working databases of
// runs that died before dropping theirs (named after their pid).
func boDropStale(ctx context.Context, adminURL, tpl string) error {
	conn, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		return err
	}
	defer func() { _ = conn.Close(ctx) }()
	rows, err := conn.Query(ctx, `SELECT datname FROM pg_database
		WHERE datname LIKE 'sabores\_bench\_bo\_tpl\_%' AND datname <> $1
		ORDER BY oid DESC OFFSET 1`, tpl)
	if err != nil {
		return err
	}
	stale, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return err
	}
	rows, err = conn.Query(ctx, `SELECT datname FROM pg_database WHERE datname LIKE 'sabores\_bench\_backoffice\_%'`)
	if err != nil {
		return err
	}
	works, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return err
	}
	for _, w := range works {
		pid, err := strconv.Atoi(strings.TrimPrefix(w, "sabores_bench_backoffice_"))
		if err == nil && errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) {
			stale = append(stale, w)
		}
	}
	for _, o := range stale {
		var free bool
		if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock(hashtext($1))`, o).Scan(&free); err != nil {
			return err
		}
		if !free {
			log.Printf("back office: %s is in use, kept", o)
			continue
		}
		_, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{o}.Sanitize())
		if _, unlockErr := conn.Exec(ctx, `SELECT pg_advisory_unlock(hashtext($1))`, o); unlockErr != nil {
			return unlockErr
		}
		// 55006 object_in_use: a session is connected to it.
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "55006" {
			log.Printf("back office: %s is in use, kept", o)
			continue
		}
		if err != nil {
			return fmt.Errorf("drop %s: %w", o, err)
		}
	}
	return nil
}
