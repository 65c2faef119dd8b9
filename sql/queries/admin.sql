-- name: AdminListProducts :many
-- @query arrives with LIKE metacharacters escaped by the caller.
SELECT sqlc.embed(p)
FROM products p
WHERE @query::text = '' OR p.search_text LIKE '%' || search_normalize(@query::text) || '%'
ORDER BY p.name COLLATE "es-x-icu", p.id
LIMIT @page_limit OFFSET @page_offset;

-- name: AdminCountProducts :one
SELECT count(*)
FROM products p
WHERE @query::text = '' OR p.search_text LIKE '%' || search_normalize(@query::text) || '%';

-- name: AdminGetProduct :one
SELECT sqlc.embed(p) FROM products p WHERE p.id = @id;

-- name: AdminGetProductForUpdate :one
SELECT sqlc.embed(p) FROM products p WHERE p.id = @id FOR UPDATE;

-- name: AdminUpdateProduct :one
UPDATE products
SET price_cents = @price_cents, vat_basis_points = @vat_basis_points,
    online_categories = @online_categories::text[],
    updated_by = sqlc.narg('updated_by'), updated_at = now()
WHERE id = @id
RETURNING *;

-- InsertPriceHistory is the one writer of price_history
-- (catalogue.RecordPrices): one statement for one product or a whole
-- CSV import, the i-th price going to the i-th product.
-- name: InsertPriceHistory :exec
INSERT INTO price_history (product_id, price_cents, changed_by)
SELECT unnest(@product_ids::bigint[]), unnest(@prices_cents::bigint[]), sqlc.narg('changed_by')::bigint;

-- AdminListCustomers is a keyset page of the active customers (paging.Keyset),
-- in list order, newest first: @page_limit customers older than the
-- cursor, or newer than it when @backward, each read from
-- customers_active_created_idx at the cursor, never skipping rows. The
-- branch not asked for is cut by its one-time filter before it reads.
-- The first page's cursor is past the newest customer (NULL as infinity).
-- name: AdminListCustomers :many
SELECT c.*
FROM (
    (SELECT * FROM customers
     WHERE active AND NOT @backward::boolean
       AND (created_at, id) < (coalesce(sqlc.narg('at')::timestamptz, 'infinity'),
                               coalesce(sqlc.narg('at_id')::bigint, 9223372036854775807))
     ORDER BY created_at DESC, id DESC
     LIMIT @page_limit)
    UNION ALL
    (SELECT * FROM customers
     WHERE active AND @backward::boolean
       AND (created_at, id) > (sqlc.narg('at')::timestamptz, sqlc.narg('at_id')::bigint)
     ORDER BY created_at, id
     LIMIT @page_limit)
) c
ORDER BY c.created_at DESC, c.id DESC;

-- AdminCountCustomers is the number of active customers, from the counts
-- of migration 00256 plus their pending deltas, never by counting.
-- name: AdminCountCustomers :one
SELECT (coalesce((SELECT n FROM row_counts WHERE name = 'customers_active'), 0)
        + coalesce((SELECT sum(n) FROM row_count_deltas WHERE name = 'customers_active'), 0))::bigint;


-- AdminListOrders is a page of the order desk, newest first, after the
-- cursor (the previous page's last order). A NULL filter keeps every order.
-- The caller plans it with its values (an unnamed statement each call,
-- admin.planEachCall), so the unused filters fold away and each search walks its own index
-- (migration 00130): orders_created_idx, orders_status_created_idx,
-- orders_payment_created_idx, the primary key or orders_postal_created_idx
-- for digits. A name or e-mail is AdminListOrdersByContact's. Days are
-- Europe/Madrid days; created_to is inclusive.
-- The account's e-mail is a scalar subquery rather than a join: the planner
-- evaluates it after the sort and limit, for the page's rows only, where a
-- join looked up the account of every match ("sofia diaz": 3 675 accounts
-- for 11 orders). Every order has an account (orders.user_id NOT NULL
-- REFERENCES users), so the answers are the join's.
-- name: AdminListOrders :many
SELECT sqlc.embed(o), (SELECT u.email FROM users u WHERE u.id = o.user_id)::text AS customer_email
FROM orders o
WHERE (sqlc.narg(status)::text IS NULL OR o.status = sqlc.narg(status)::text)
  AND (sqlc.narg(payment_status)::text IS NULL OR o.payment_status = sqlc.narg(payment_status)::text)
  AND (sqlc.narg(created_from)::text IS NULL
       OR o.created_at >= (sqlc.narg(created_from)::text::date::timestamp AT TIME ZONE 'Europe/Madrid'))
  AND (sqlc.narg(created_to)::text IS NULL
       OR o.created_at < ((sqlc.narg(created_to)::text::date + 1)::timestamp AT TIME ZONE 'Europe/Madrid'))
  AND ((sqlc.narg(order_id)::bigint IS NULL AND sqlc.narg(postal_code)::text IS NULL)
       OR o.id = sqlc.narg(order_id)::bigint
       OR o.delivery_postal_code = sqlc.narg(postal_code)::text)
  AND (sqlc.narg(after_created)::timestamptz IS NULL
       OR (o.created_at, o.id) < (sqlc.narg(after_created)::timestamptz, sqlc.narg(after_id)::bigint))
ORDER BY o.created_at DESC, o.id DESC
LIMIT @page_limit;

-- AdminCountOrders counts the orders AdminListOrders finds, stopping at
-- count_limit: the desk shows "1 000+" rather than count a million rows.
-- Counted in the list's order, so it reads the first count_limit entries
-- of the list's index rather than scanning the table for them.
-- name: AdminCountOrders :one
SELECT count(*) FROM (
    SELECT 1 FROM orders o
    WHERE (sqlc.narg(status)::text IS NULL OR o.status = sqlc.narg(status)::text)
      AND (sqlc.narg(payment_status)::text IS NULL OR o.payment_status = sqlc.narg(payment_status)::text)
      AND (sqlc.narg(created_from)::text IS NULL
           OR o.created_at >= (sqlc.narg(created_from)::text::date::timestamp AT TIME ZONE 'Europe/Madrid'))
      AND (sqlc.narg(created_to)::text IS NULL
           OR o.created_at < ((sqlc.narg(created_to)::text::date + 1)::timestamp AT TIME ZONE 'Europe/Madrid'))
      AND ((sqlc.narg(order_id)::bigint IS NULL AND sqlc.narg(postal_code)::text IS NULL)
           OR o.id = sqlc.narg(order_id)::bigint
           OR o.delivery_postal_code = sqlc.narg(postal_code)::text)
    ORDER BY o.created_at DESC, o.id DESC
    LIMIT @count_limit
) matching;

-- AdminOrderContactsSearch reads what a search for @contact (LIKE-escaped)
-- is planned with: the contacts' fold position (migration 00282), before
-- which orders are found through order_contacts and after which by their
-- own LIKE; the text normalized as the contacts are; how many contacts
-- hold each of its trigrams (migration 00283) and how many contacts there
-- are (as last analyzed), from which shopd picks the pattern
-- order_contacts' trigram index is asked with and whether to walk the
-- newest orders instead (contactsKey, walkLimit). Read before the search,
-- so the search is planned with these values and walks orders_created_idx
-- for the few seconds after the position; a fold that ends in between only
-- lists contacts the search also finds in the orders.
-- A statement of its own, prepared once: as a SQL function the choice was
-- planned again at every call (0.45 ms of a search's 4).
-- name: AdminOrderContactsSearch :one
SELECT f.folded_to, n.q::text AS normalized,
       coalesce(t.trigrams, '{}')::text[] AS trigrams, coalesce(t.contacts, '{}')::int[] AS trigram_contacts,
       (SELECT greatest(c.reltuples, 0) FROM pg_catalog.pg_class c WHERE c.oid = 'order_contacts'::regclass)::float8 AS contacts
FROM order_contacts_folded f
CROSS JOIN search_normalize(@contact::text) n(q)
CROSS JOIN LATERAL (
    SELECT array_agg(g.trigram) AS trigrams, array_agg(g.contacts) AS contacts
    FROM order_contact_trigrams g
    WHERE g.trigram = ANY (ARRAY(SELECT substr(n.q, i, 3) FROM generate_series(1, length(n.q) - 2) i))) t;

-- AdminListOrdersByContact is AdminListOrders searching a name or e-mail
-- (@contact, LIKE metacharacters escaped by the caller), in two parts
-- merged: the orders of the listed contacts, whose trigrams are read in
-- order_contacts and whose orders are joined by contact_search through
-- orders_contact_created_idx; and the orders created since @folded_to
-- whose contact is not listed yet, read through orders_created_idx and
-- their own LIKE. An order's contact is listed, or it is that recent
-- (migration 00282), so together they are what a LIKE over every order
-- finds, each order once. The contacts' index is asked with @contact_key
-- (AdminOrderContactsSearch), the rarest part of the text, and the text
-- itself is checked on the orders' keys: checked on the contacts as well,
-- the planner hands its common trigrams to the index too, and estimates
-- the two patterns as independent, far too few contacts for a common name
-- ("martínez": 857 for 11 765, and a 55 ms plan where walking
-- orders_created_idx takes 0.6). The IN is a semi-join only outside
-- AdminListOrders' OR, hence a query of its own. Planned with its values:
-- for a rarer contact ("sofia diaz", 735 contacts, 3 675 orders) the
-- planner sorts the matches' keys, read from orders_contact_created_idx
-- alone, and fetches only the page's rows; for a common one ("martínez")
-- it walks orders_created_idx until the page is full, where the LIKE on
-- the order's own contact drops 16 orders in 17 as it reads them (probing
-- order_contacts for each read 4 times the buffers).
-- name: AdminListOrdersByContact :many
SELECT sqlc.embed(o), (SELECT u.email FROM users u WHERE u.id = o.user_id)::text AS customer_email
FROM (
    (SELECT m.id FROM orders m
     WHERE m.contact_search LIKE '%' || search_normalize(@contact::text) || '%'
       AND m.contact_search IN (
             SELECT c.contact_search FROM order_contacts c
             WHERE c.contact_search LIKE @contact_key::text)
       AND (sqlc.narg(status)::text IS NULL OR m.status = sqlc.narg(status)::text)
       AND (sqlc.narg(payment_status)::text IS NULL OR m.payment_status = sqlc.narg(payment_status)::text)
       AND (sqlc.narg(created_from)::text IS NULL
            OR m.created_at >= (sqlc.narg(created_from)::text::date::timestamp AT TIME ZONE 'Europe/Madrid'))
       AND (sqlc.narg(created_to)::text IS NULL
            OR m.created_at < ((sqlc.narg(created_to)::text::date + 1)::timestamp AT TIME ZONE 'Europe/Madrid'))
       AND (sqlc.narg(after_created)::timestamptz IS NULL
            OR (m.created_at, m.id) < (sqlc.narg(after_created)::timestamptz, sqlc.narg(after_id)::bigint))
     ORDER BY m.created_at DESC, m.id DESC
     LIMIT @page_limit)
    UNION ALL
    (SELECT m.id FROM orders m
     WHERE m.created_at >= @folded_to::timestamptz
       AND m.contact_search LIKE '%' || search_normalize(@contact::text) || '%'
       AND NOT EXISTS (SELECT 1 FROM order_contacts c WHERE c.contact_search = m.contact_search)
       AND (sqlc.narg(status)::text IS NULL OR m.status = sqlc.narg(status)::text)
       AND (sqlc.narg(payment_status)::text IS NULL OR m.payment_status = sqlc.narg(payment_status)::text)
       AND (sqlc.narg(created_from)::text IS NULL
            OR m.created_at >= (sqlc.narg(created_from)::text::date::timestamp AT TIME ZONE 'Europe/Madrid'))
       AND (sqlc.narg(created_to)::text IS NULL
            OR m.created_at < ((sqlc.narg(created_to)::text::date + 1)::timestamp AT TIME ZONE 'Europe/Madrid'))
       AND (sqlc.narg(after_created)::timestamptz IS NULL
            OR (m.created_at, m.id) < (sqlc.narg(after_created)::timestamptz, sqlc.narg(after_id)::bigint))
     ORDER BY m.created_at DESC, m.id DESC
     LIMIT @page_limit)
) page
JOIN orders o ON o.id = page.id
ORDER BY o.created_at DESC, o.id DESC
LIMIT @page_limit;

-- AdminListRecentOrdersByContact is AdminListOrdersByContact for a name
-- many orders hold, without other filters: it reads the newest
-- @walk_limit orders after the cursor through orders_created_idx and keeps
-- those whose contact holds @contact. Where one order in a few thousand
-- matches ("sofia diaz", 3 675 of a million) that is 3 000 orders read in
-- order, 0.8 ms, against 3.6 for reading every matching contact's orders
-- and sorting them; shopd chooses it from the trigram counts
-- (walkLimit), as the planner, estimating 20 contacts for 735, cannot. A
-- page shorter than @page_limit proves nothing (the walk may have stopped
-- first), and the caller then reads AdminListOrdersByContact.
-- name: AdminListRecentOrdersByContact :many
SELECT sqlc.embed(o), (SELECT u.email FROM users u WHERE u.id = o.user_id)::text AS customer_email
FROM (SELECT m.id, m.created_at, m.contact_search FROM orders m
      WHERE sqlc.narg(after_created)::timestamptz IS NULL
         OR (m.created_at, m.id) < (sqlc.narg(after_created)::timestamptz, sqlc.narg(after_id)::bigint)
      ORDER BY m.created_at DESC, m.id DESC
      LIMIT @walk_limit) walked
JOIN orders o ON o.id = walked.id
WHERE walked.contact_search LIKE '%' || search_normalize(@contact::text) || '%'
ORDER BY walked.created_at DESC, walked.id DESC
LIMIT @page_limit;

-- AdminCountOrdersByContact counts the orders AdminListOrdersByContact
-- finds, each part stopping at count_limit. In no order: any count_limit
-- matches make "1 000+", so a common contact stops after its first
-- contacts' orders.
-- name: AdminCountOrdersByContact :one
SELECT ((SELECT count(*) FROM (
            SELECT 1 FROM orders m
            WHERE m.contact_search LIKE '%' || search_normalize(@contact::text) || '%'
              AND m.contact_search IN (
                    SELECT c.contact_search FROM order_contacts c
                    WHERE c.contact_search LIKE @contact_key::text)
              AND (sqlc.narg(status)::text IS NULL OR m.status = sqlc.narg(status)::text)
              AND (sqlc.narg(payment_status)::text IS NULL OR m.payment_status = sqlc.narg(payment_status)::text)
              AND (sqlc.narg(created_from)::text IS NULL
                   OR m.created_at >= (sqlc.narg(created_from)::text::date::timestamp AT TIME ZONE 'Europe/Madrid'))
              AND (sqlc.narg(created_to)::text IS NULL
                   OR m.created_at < ((sqlc.narg(created_to)::text::date + 1)::timestamp AT TIME ZONE 'Europe/Madrid'))
            LIMIT @count_limit) listed)
      + (SELECT count(*) FROM (
            SELECT 1 FROM orders m
            WHERE m.created_at >= @folded_to::timestamptz
              AND m.contact_search LIKE '%' || search_normalize(@contact::text) || '%'
              AND NOT EXISTS (SELECT 1 FROM order_contacts c WHERE c.contact_search = m.contact_search)
              AND (sqlc.narg(status)::text IS NULL OR m.status = sqlc.narg(status)::text)
              AND (sqlc.narg(payment_status)::text IS NULL OR m.payment_status = sqlc.narg(payment_status)::text)
              AND (sqlc.narg(created_from)::text IS NULL
                   OR m.created_at >= (sqlc.narg(created_from)::text::date::timestamp AT TIME ZONE 'Europe/Madrid'))
              AND (sqlc.narg(created_to)::text IS NULL
                   OR m.created_at < ((sqlc.narg(created_to)::text::date + 1)::timestamp AT TIME ZONE 'Europe/Madrid'))
            LIMIT @count_limit) unlisted))::bigint;

-- The dashboard reads the rollups of migration 00255, never the orders:
-- each figure is the folded rollup plus the deltas not folded yet, read in
-- one statement (one snapshot), so it is exact whenever the fold last ran.

-- name: AdminDashboardTotals :one
-- The orders not cancelled and their revenue (a sum over one row per day),
-- the active customers and the products (the counts of migration 00256, as
-- AdminCountCustomers reads them): one statement, one round trip.
SELECT (coalesce((SELECT sum(order_count) FROM order_stats_days), 0)
        + coalesce((SELECT sum(order_count) FROM order_stats_day_deltas), 0))::int AS order_count,
       (coalesce((SELECT sum(revenue_cents) FROM order_stats_days), 0)
        + coalesce((SELECT sum(revenue_cents) FROM order_stats_day_deltas), 0))::bigint AS revenue_cents,
       (coalesce((SELECT n FROM row_counts WHERE name = 'customers_active'), 0)
        + coalesce((SELECT sum(n) FROM row_count_deltas WHERE name = 'customers_active'), 0))::bigint AS customer_count,
       (coalesce((SELECT n FROM row_counts WHERE name = 'products'), 0)
        + coalesce((SELECT sum(n) FROM row_count_deltas WHERE name = 'products'), 0))::bigint AS product_count;

-- name: AdminDailyStats :many
-- The 30 days ending on @now's day in Madrid, days without orders included.
WITH days AS (
    SELECT generate_series(
        timezone('Europe/Madrid', @now::timestamptz)::date - 29,
        timezone('Europe/Madrid', @now::timestamptz)::date,
        interval '1 day')::date AS day
), r AS (
    SELECT s.day, s.order_count, s.revenue_cents FROM order_stats_days s
    WHERE s.day >= timezone('Europe/Madrid', @now::timestamptz)::date - 29
    UNION ALL
    SELECT d.day, d.order_count, d.revenue_cents FROM order_stats_day_deltas d
    WHERE d.day >= timezone('Europe/Madrid', @now::timestamptz)::date - 29
)
SELECT to_char(d.day, 'YYYY-MM-DD')::text AS day,
       coalesce(sum(r.order_count), 0)::int AS order_count,
       coalesce(sum(r.revenue_cents), 0)::bigint AS revenue_cents
FROM days d
LEFT JOIN r ON r.day = d.day
GROUP BY d.day
ORDER BY d.day;

-- name: AdminBestSellers :many
-- The 5 products sold most, by units. A product with pending deltas may
-- move either way, so the candidates are those products plus the top 5 of
-- the others, whose figures are final, read from the top of
-- order_stats_products_top_idx. A joined product is looked up by key (a
-- lateral subquery, names last, for the 5 only): with plain joins the
-- planner hashed all 100 000 products and rollup rows for a handful. Linear
-- in the pending deltas: looking each candidate up in the deltas' CTE was
-- quadratic, 1.3 s with the 2 715 products of 1 000 orders an expiry run
-- cancels at once (plans: bench/HISTORY.md).
WITH d AS (
    SELECT product_id, sum(quantity) AS quantity, sum(revenue_cents) AS revenue_cents
    FROM order_stats_product_deltas GROUP BY product_id
), merged AS (
    (SELECT s.product_id, s.quantity, s.revenue_cents FROM order_stats_products s
     WHERE s.product_id NOT IN (SELECT d.product_id FROM d)
     ORDER BY s.quantity DESC, s.product_id
     LIMIT 5)
    UNION ALL
    SELECT d.product_id, d.quantity + coalesce(s.quantity, 0), d.revenue_cents + coalesce(s.revenue_cents, 0)
    FROM d
    LEFT JOIN LATERAL (
        SELECT s.quantity, s.revenue_cents FROM order_stats_products s WHERE s.product_id = d.product_id
    ) s ON true
)
SELECT m.product_id,
       coalesce((SELECT p.name FROM products p WHERE p.id = m.product_id), '')::text AS name,
       m.quantity::int AS quantity, m.revenue_cents::bigint AS revenue_cents
FROM merged m
WHERE m.quantity > 0
ORDER BY m.quantity DESC, m.product_id
LIMIT 5;

-- name: AdminPaidByDay :many
-- The money paid and refunded on each Madrid day from @from_day to @to_day
-- (both included), days without any included: the one definition of the
-- dashboard's periods and daily chart (issue 37). Paid: the web orders
-- that first became paid that day (a later "paid" after a partial refund
-- is not a second payment) with their totals, and the till's sales, paid
-- at the counter as they are made. Refunded, whenever the order was paid:
-- Redsys refunds as Redsys accepted them (a withdrawal's by card or Bizum
-- among them), bank refunds of cancelled orders on the day recorded,
-- withdrawals refunded by transfer when recorded, and the till's returns
-- (migrations 00510's and 00620's indexes).
WITH bounds AS (
    SELECT f.from_day, f.to_day,
           timezone('Europe/Madrid', f.from_day::timestamp) AS from_time,
           timezone('Europe/Madrid', (f.to_day + 1)::timestamp) AS to_time
    FROM (SELECT @from_day::date AS from_day, @to_day::date AS to_day) f
), paid AS (
    SELECT e.order_id, e.created_at FROM order_events e, bounds b
    WHERE e.machine = 'payment' AND e.to_state = 'paid'
      AND e.created_at >= b.from_time AND e.created_at < b.to_time
      AND NOT EXISTS (SELECT 1 FROM order_events p
                      WHERE p.order_id = e.order_id AND p.machine = 'payment' AND p.to_state = 'paid' AND p.id < e.id)
), money AS (
    SELECT timezone('Europe/Madrid', p.created_at)::date AS day, 1 AS orders, o.total_cents AS paid_cents,
           0::bigint AS store_cents, 0::bigint AS refunded_cents
    FROM paid p JOIN orders o ON o.id = p.order_id
    UNION ALL
    SELECT timezone('Europe/Madrid', o.created_at)::date, 1, o.total_cents, o.total_cents, 0
    FROM orders o, bounds b
    WHERE o.channel = 'store' AND o.created_at >= b.from_time AND o.created_at < b.to_time
    UNION ALL
    SELECT timezone('Europe/Madrid', r.decided_at)::date, 0, 0, 0, r.amount_cents
    FROM payment_refunds r, bounds b
    WHERE r.status = 'accepted' AND r.decided_at >= b.from_time AND r.decided_at < b.to_time
    UNION ALL
    SELECT r.refunded_on, 0, 0, 0, r.amount_cents
    FROM bank_refunds r, bounds b
    WHERE r.refunded_on >= b.from_day AND r.refunded_on <= b.to_day
    UNION ALL
    SELECT timezone('Europe/Madrid', w.refunded_at)::date, 0, 0, 0, w.refund_cents
    FROM withdrawals w, bounds b
    WHERE w.refund_method = 'bank_transfer' AND w.refunded_at >= b.from_time AND w.refunded_at < b.to_time
    UNION ALL
    SELECT timezone('Europe/Madrid', r.created_at)::date, 0, 0, 0, r.amount_cents
    FROM till_refunds r, bounds b
    WHERE r.created_at >= b.from_time AND r.created_at < b.to_time
), days AS (
    SELECT g.day::date AS day FROM bounds b, generate_series(b.from_day, b.to_day, interval '1 day') AS g (day)
)
SELECT to_char(d.day, 'YYYY-MM-DD')::text AS day,
       coalesce(sum(m.orders), 0)::int AS paid_orders,
       coalesce(sum(m.paid_cents), 0)::bigint AS paid_cents,
       coalesce(sum(m.store_cents), 0)::bigint AS store_cents,
       coalesce(sum(m.refunded_cents), 0)::bigint AS refunded_cents
FROM days d
LEFT JOIN money m ON m.day = d.day
GROUP BY d.day
ORDER BY d.day;

-- name: AdminBestSellersPaid :many
-- The 5 products sold most, by units, from @from_time (included) to
-- @to_time (excluded), net of what came back: the units of the invoices
-- issued then, each issued in the transaction that records its payment (a
-- web order's when it becomes paid, a till sale's at the counter), less
-- those of the corrective invoices issued then, each issued when a refund
-- or a return is decided (a cancelled paid order, a withdrawal, a till
-- return). A complete invoice replacing a simplified one (F3) does not
-- sell twice. An invoice line names its order line by number; shipping,
-- surcharge and discount lines name none and are left out.
SELECT l.product_id,
       coalesce((SELECT p.name FROM products p WHERE p.id = l.product_id), '')::text AS name,
       sum(il.quantity)::int AS quantity, sum(il.total_cents)::bigint AS revenue_cents
FROM invoices i
JOIN invoice_lines il ON il.invoice_id = i.id
JOIN order_lines l ON l.order_id = i.order_id AND l.line_no = il.line_no
WHERE i.issued_at >= @from_time::timestamptz AND i.issued_at < @to_time::timestamptz
  AND i.aeat_type <> 'F3'
GROUP BY l.product_id
HAVING sum(il.quantity) > 0
ORDER BY sum(il.quantity) DESC, l.product_id
LIMIT 5;

-- name: FoldStats :exec
-- FoldStats moves the order statistics' and the row counts' deltas into
-- their rollups (the periodic job; migrations 00255 and 00256).
SELECT order_stats_fold(), row_counts_fold();

-- name: FoldOrderContacts :exec
-- FoldOrderContacts lists the contacts of the orders created since the
-- last fold (the periodic job; migration 00282).
SELECT order_contacts_fold();

-- name: AdminCountNeeded :many
-- Products whose counted stock went negative (a till sale sold beyond the
-- count): the owner is asked to count them; the most negative first.
SELECT id, name, stock::bigint AS stock
FROM products
WHERE stock < 0 AND archived_at IS NULL
ORDER BY stock, id
LIMIT 20;
