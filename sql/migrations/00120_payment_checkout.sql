-- +goose Up
-- Bizum is its own payment method (taken through Redsys like a card, with
-- Ds_Merchant_PayMethods z), and cash on delivery may carry a surcharge the
-- shop configures: kept on the order as sold, part of total_cents and of
-- vat_cents (at the general rate), and a line of the order's invoice.
ALTER TABLE orders
    DROP CONSTRAINT orders_payment_method_check,
    ADD CONSTRAINT orders_payment_method_check
        CHECK (payment_method IN ('card', 'bizum', 'transfer', 'cash')),
    ADD COLUMN payment_surcharge_cents bigint NOT NULL DEFAULT 0
        CHECK (payment_surcharge_cents >= 0);

-- +goose Down
ALTER TABLE orders DROP COLUMN payment_surcharge_cents;
UPDATE orders SET payment_method = 'card' WHERE payment_method = 'bizum';
ALTER TABLE orders
    DROP CONSTRAINT orders_payment_method_check,
    ADD CONSTRAINT orders_payment_method_check CHECK (payment_method IN ('card', 'transfer', 'cash'));
