-- Promotions running at @now. When several run on one product the newest
-- wins: it is the one an admin set last. A fixed price that does not lower
-- the regular price is not a reduction and is never shown as one. The
-- storefront and checkout apply this rule in Go (pricing.Running) to the
-- candidates below; ListPromotedProducts applies it in SQL, as it has to
-- find the promoted products among the whole catalogue and order them.

-- ListPromotedProducts lists the products of the promotions running at
-- @now, ending soonest first; pricing.Running then picks each one's
-- promotion by the same rule.
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

-- PromotionCandidatesFor reads the candidates (migration 00041) of some
-- products that have not ended at @now, newest first per product: the order
-- pricing.Running picks from. Checkout reads them in its transaction,
-- through a function that keeps one plan per connection (migration 00150).
-- name: PromotionCandidatesFor :many
SELECT * FROM promotion_candidates_for(@product_ids::bigint[], @now::timestamptz)
ORDER BY product_id, created_at DESC, id DESC;

-- PromotionCandidatesAll reads every candidate that has not ended at @now,
-- in the same order, for the storefront's in-memory copy.
-- name: PromotionCandidatesAll :many
SELECT * FROM promotion_candidates
WHERE ends_at IS NULL OR ends_at >= @now::timestamptz
ORDER BY product_id, created_at DESC, id DESC;
