-- +goose Up
-- What the till asks of a product in three queries (a scan, a search by
-- name, a sale): whether the store sells it and how many units placed web
-- orders hold. Defined once each, so the statuses that hold stock and the
-- channels that sell in the store are written in one place (a search had
-- already missed ready_for_pickup).

-- +goose StatementBegin
CREATE FUNCTION store_sells(product_id bigint) RETURNS boolean
LANGUAGE sql STABLE AS $$
    -- Published and not archived, with no visibility row at all (as
    -- sold_online reads it) or a visible one on the physical or both channel.
    SELECT EXISTS (
        SELECT 1 FROM products p
        WHERE p.id = product_id AND p.archived_at IS NULL AND p.published_at IS NOT NULL
            AND (
                NOT EXISTS (SELECT 1 FROM product_country_visibility v WHERE v.product_id = p.id)
                OR EXISTS (
                    SELECT 1 FROM product_country_visibility v
                    WHERE v.product_id = p.id AND v.is_visible AND v.sales_channel IN ('physical', 'both')
                )
            )
    )
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION web_held_units(product_id bigint) RETURNS bigint
LANGUAGE sql STABLE AS $$
    -- Taken from stock at checkout, still on the shelf.
    SELECT coalesce(sum(l.quantity), 0)::bigint
    FROM order_lines l
    JOIN orders o ON o.id = l.order_id
    WHERE l.product_id = web_held_units.product_id
        AND o.status IN ('placed', 'preparing', 'ready_for_pickup') AND o.channel = 'web'
$$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION web_held_units(bigint);
DROP FUNCTION store_sells(bigint);
