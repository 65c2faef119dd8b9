-- +goose Up
-- promotion_candidates are the promotions that may run on a product, each
-- with the lowest regular price of the 30 days before it started (its start,
-- or its creation for an open start; Directive 2019/2161): the price in force
-- 30 days before plus every change inside the window, or the current price
-- when no history reaches back that far. Which candidate runs at a given
-- moment is pricing.Running's rule, in Go, so the storefront can keep every
-- candidate in memory and decide without a query, and checkout decides the
-- same way from candidates read in its transaction.
CREATE VIEW promotion_candidates AS
SELECT
    pr.id, pr.product_id, pr.promotion_type, pr.discount_basis_points, pr.fixed_price_cents,
    pr.starts_at, pr.ends_at, pr.created_at,
    COALESCE(LEAST(
        (SELECT ph.price_cents FROM price_history ph
         WHERE ph.product_id = pr.product_id
           AND ph.valid_from <= COALESCE(pr.starts_at, pr.created_at) - interval '30 days'
         ORDER BY ph.valid_from DESC LIMIT 1),
        (SELECT min(ph.price_cents) FROM price_history ph
         WHERE ph.product_id = pr.product_id
           AND ph.valid_from > COALESCE(pr.starts_at, pr.created_at) - interval '30 days'
           AND ph.valid_from < COALESCE(pr.starts_at, pr.created_at))
    ), p.price_cents)::bigint AS lowest_price_30d_cents
FROM product_promotions pr
JOIN products p ON p.id = pr.product_id
WHERE pr.is_active;

-- +goose Down
DROP VIEW promotion_candidates;
