-- +goose Up
-- Order lines keep the product's name as sold; now in Portuguese too, so a
-- shopper reading the shop in Portuguese sees their orders in it. The name
-- is taken from the product when the line is inserted (a trigger, so order
-- placement needs no change), and '' falls back to the Spanish one.
ALTER TABLE order_lines ADD COLUMN product_name_pt text NOT NULL DEFAULT '';

-- +goose StatementBegin
CREATE FUNCTION order_line_name_pt() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.product_name_pt = '' THEN
        SELECT p.name_pt INTO NEW.product_name_pt FROM products p WHERE p.id = NEW.product_id;
        NEW.product_name_pt := COALESCE(NEW.product_name_pt, '');
    END IF;
    RETURN NEW;
END;
$$;
-- +goose StatementEnd

CREATE TRIGGER order_lines_name_pt
    BEFORE INSERT ON order_lines
    FOR EACH ROW EXECUTE FUNCTION order_line_name_pt();

-- +goose Down
DROP TRIGGER order_lines_name_pt ON order_lines;
DROP FUNCTION order_line_name_pt;
ALTER TABLE order_lines DROP COLUMN product_name_pt;
