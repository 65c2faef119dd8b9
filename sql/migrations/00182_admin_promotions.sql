-- +goose Up
-- The promotions desk (issue 15) lists every promotion, withdrawn and ended
-- ones too, each with the reference price its label is computed against:
-- promotion_candidates' rule (migration 00041) for every row.
CREATE VIEW admin_promotions AS
SELECT
    pr.id, pr.product_id, pr.promotion_type, pr.discount_basis_points, pr.fixed_price_cents,
    pr.starts_at, pr.ends_at, pr.created_at, pr.is_active,
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
JOIN products p ON p.id = pr.product_id;

-- The desk lists the newest first.
CREATE INDEX promotions_created_idx ON product_promotions (created_at DESC, id DESC);

-- +goose Down
DROP INDEX promotions_created_idx;
DROP VIEW admin_promotions;
