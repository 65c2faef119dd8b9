-- +goose Up
-- A till line weighed by the shop's scale (issue 35): the grams its
-- variable-measure barcode printed. The line's quantity is 1 and its unit
-- price its amount, so the invoice copies it as any other line; the grams
-- are what a return puts back on the shelf, since a weighed product counts
-- its stock in grams. NULL for a line sold by the unit.
ALTER TABLE order_lines ADD COLUMN weight_grams integer CHECK (weight_grams BETWEEN 1 AND 99999);

-- +goose Down
ALTER TABLE order_lines DROP COLUMN weight_grams;
