-- +goose Up
-- take_order_stock takes an order's units of each product still sold
-- online, only where that many are left, and returns the products it took
-- from; one missing is a line that cannot be sold. Checkout used to send
-- one UPDATE per line, each a round trip with the earlier lines' rows
-- locked (issue 19); this is one call. The products are updated one by one
-- in ascending id order, the order every writer of stock locks them in
-- (LockProducts), so two checkouts never deadlock; each UPDATE re-checks the
-- stock on the row as the buyer before left it, so it never goes below
-- zero. (One UPDATE of all the rows, with a FOR UPDATE CTE to order its
-- locks, deadlocked under 32 concurrent buyers of one product.) The
-- settings say what SetStockMovement says for other writers: the
-- products_stock_ledger trigger records each change as a sale of the order.
-- +goose StatementBegin
CREATE FUNCTION take_order_stock(sale_order bigint, actor bigint, ids bigint[], quantities integer[])
RETURNS SETOF bigint LANGUAGE plpgsql AS $$
DECLARE
    wanted record;
BEGIN
    PERFORM set_config('sabores.stock_kind', 'sale', true),
            set_config('sabores.stock_reason', '', true),
            set_config('sabores.stock_order', sale_order::text, true),
            set_config('sabores.stock_actor', actor::text, true),
            set_config('sabores.stock_note', '', true);
    FOR wanted IN SELECT w.id, w.quantity FROM unnest(ids, quantities) AS w (id, quantity) ORDER BY w.id LOOP
        UPDATE products SET stock = stock - wanted.quantity
        WHERE id = wanted.id AND sold_online AND stock >= wanted.quantity;
        IF FOUND THEN
            RETURN NEXT wanted.id;
        END IF;
    END LOOP;
END
$$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION take_order_stock;
