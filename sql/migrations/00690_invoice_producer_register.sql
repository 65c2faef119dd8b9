-- +goose Up
-- The shop's number in the Registro de Productores de Producto (RD
-- 1055/2022 on packaging), printed on invoices when the owner has saved
-- one. Like the rest of the issuer's identity it is the one in force when
-- the invoice was issued, kept with the row (invoices are append-only);
-- invoices issued before this column carried none (the empty default).
ALTER TABLE invoices ADD COLUMN issuer_producer_register text NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE invoices DROP COLUMN issuer_producer_register;
