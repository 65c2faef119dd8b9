-- name: TillProductByEAN :one
-- The product a till scan names, with whether the store sells it (no
-- visibility row at all, as sold_online reads it, or a visible row on the
-- physical or both channel), its live counted stock and the units placed web
-- orders hold (taken from stock at checkout, not yet on their way).
SELECT p.id, p.name, p.ean, p.price_cents, p.vat_basis_points, p.stock::bigint AS stock,
    (p.archived_at IS NULL AND (
        NOT EXISTS (SELECT 1 FROM product_country_visibility v WHERE v.product_id = p.id)
        OR EXISTS (
            SELECT 1 FROM product_country_visibility v
            WHERE v.product_id = p.id AND v.is_visible AND v.sales_channel IN ('physical', 'both')
        )
    ))::boolean AS sold_in_store,
    coalesce((
        SELECT sum(l.quantity)
        FROM order_lines l
        JOIN orders o ON o.id = l.order_id
        WHERE l.product_id = p.id AND o.status IN ('placed', 'preparing')
    ), 0)::bigint AS reserved
FROM products p
WHERE p.ean = @ean::text AND p.ean <> '';
