-- Promotions running at @now. When several run on one product the newest
-- wins: it is the one an admin set last. A fixed price that does not lower
-- the regular price is not a reduction and is never shown as one.
-- lowest_price_30d_cents is the lowest regular price in the 30 days before the
-- promotion started (its start, or its creation for an open start), from
-- price_history: the price in force 30 days before plus every change inside
-- the window; the current price when no history reaches back that far.

-- ListPromotedProducts lists the products of the promotions running at
-- @now, ending soonest first; ActivePromotionsForProducts then reads each
-- one's promotion by the same rules.
-- name: ListPromotedProducts :many
SELECT p.* FROM (
    SELECT DISTINCT ON (pr.product_id) pr.id, pr.product_id, pr.ends_at
    FROM product_promotions pr
    JOIN products pp ON pp.id = pr.product_id
    WHERE pr.is_active
      AND pp.sold_online
      AND (pr.starts_at IS NULL OR pr.starts_at <= @now::timestamptz)
      AND (pr.ends_at IS NULL OR pr.ends_at >= @now::timestamptz)
      AND (pr.promotion_type = 'percentage' OR pr.fixed_price_cents < pp.price_cents)
    ORDER BY pr.product_id, pr.created_at DESC, pr.id DESC
) best
JOIN products p ON p.id = best.product_id
ORDER BY best.ends_at ASC NULLS LAST, best.id
LIMIT @max_results;

-- name: ActivePromotionsForProducts :many
SELECT DISTINCT ON (pr.product_id)
    pr.id, pr.product_id, pr.promotion_type, pr.discount_basis_points, pr.fixed_price_cents,
    pr.starts_at, pr.ends_at,
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
WHERE pr.product_id = ANY(@product_ids::bigint[])
  AND pr.is_active
  AND (pr.starts_at IS NULL OR pr.starts_at <= @now::timestamptz)
  AND (pr.ends_at IS NULL OR pr.ends_at >= @now::timestamptz)
  AND (pr.promotion_type = 'percentage' OR pr.fixed_price_cents < p.price_cents)
ORDER BY pr.product_id, pr.created_at DESC, pr.id DESC;
