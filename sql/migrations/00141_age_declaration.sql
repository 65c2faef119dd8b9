-- +goose Up
-- Age-restricted goods (alcohol; energy drinks under Galicia's Lei 6/2025):
-- an order holding one records when its shopper declared being 18 or over,
-- and that the carrier's ID-check delivery ("entrega exclusiva al
-- destinatario" with ID check) must be bought for its label.
ALTER TABLE orders
    ADD COLUMN age_declared_at   timestamptz,
    ADD COLUMN id_check_required boolean NOT NULL DEFAULT false,
    ADD CONSTRAINT orders_id_check_declared CHECK (NOT id_check_required OR age_declared_at IS NOT NULL);

-- +goose Down
ALTER TABLE orders DROP CONSTRAINT orders_id_check_declared,
    DROP COLUMN id_check_required, DROP COLUMN age_declared_at;
