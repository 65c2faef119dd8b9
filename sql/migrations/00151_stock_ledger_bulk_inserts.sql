-- +goose Up
-- New products' opening stock goes into the ledger (migration 00070) with one
-- INSERT per statement instead of one trigger call and one INSERT per row.
-- Per row, seeding 100 000 products ran 93 000 PL/pgSQL calls and single-row
-- INSERTs inside the COPY (issue 12's benchmark: seeding went from 8.6 s to
-- 15-20 s). Changes of stock by UPDATE keep the row trigger: a sale's
-- movements come one product at a time, in the order the stock was taken.
-- The movements written are the same: kind, reason, order, actor and note
-- from the transaction's settings, 'receipt' when none is given.

DROP TRIGGER products_stock_ledger ON products;
CREATE TRIGGER products_stock_ledger AFTER UPDATE OF stock ON products
    FOR EACH ROW EXECUTE FUNCTION record_stock_movement();

-- +goose StatementBegin
CREATE FUNCTION record_stock_receipts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    movement text := coalesce(nullif(current_setting('sabores.stock_kind', true), ''), 'adjustment');
    why text := nullif(current_setting('sabores.stock_reason', true), '');
BEGIN
    IF movement <> 'adjustment' THEN
        why := NULL;
    ELSIF why IS NULL THEN
        why := 'receipt';
    END IF;
    INSERT INTO stock_movements (product_id, delta, kind, reason, order_id, actor_user_id, note, stock_after)
    SELECT n.id, n.stock, movement, why,
           nullif(current_setting('sabores.stock_order', true), '')::bigint,
           nullif(current_setting('sabores.stock_actor', true), '')::bigint,
           coalesce(current_setting('sabores.stock_note', true), ''), n.stock
    FROM new_products n
    WHERE n.stock <> 0
    ORDER BY n.id;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER products_stock_ledger_inserted AFTER INSERT ON products
    REFERENCING NEW TABLE AS new_products
    FOR EACH STATEMENT EXECUTE FUNCTION record_stock_receipts();

-- +goose Down
DROP TRIGGER products_stock_ledger_inserted ON products;
DROP FUNCTION record_stock_receipts;
DROP TRIGGER products_stock_ledger ON products;
CREATE TRIGGER products_stock_ledger AFTER INSERT OR UPDATE OF stock ON products
    FOR EACH ROW EXECUTE FUNCTION record_stock_movement();
