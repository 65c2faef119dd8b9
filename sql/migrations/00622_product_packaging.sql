-- +goose Up
-- The packaging each unit of a product is sold in, by material (RD
-- 1055/2022 on packaging and packaging waste, art. 18 and 19 : a producer
-- of packaged products keeps the producer register's number and declares
-- each year the kilograms of packaging it placed on the Spanish market,
-- by material). Issue 37. One row per material; milligrams per unit, so a
-- 2,5 g sachet is exact.
CREATE TABLE product_packaging (
    product_id  bigint NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    material    text NOT NULL CHECK (material IN ('plastic', 'paper', 'glass', 'metal', 'wood', 'composite')),
    milligrams  integer NOT NULL CHECK (milligrams BETWEEN 1 AND 100000000),
    updated_by  bigint REFERENCES users (id) ON DELETE SET NULL,
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (product_id, material)
);

-- +goose Down
DROP TABLE product_packaging;
