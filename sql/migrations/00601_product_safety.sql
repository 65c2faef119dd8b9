-- +goose Up
-- What the General Product Safety Regulation (EU 2023/988, art. 19) asks an
-- online shop to show of a non-food product (issue 37): its manufacturer,
-- the economic operator answering for it in the EU when the manufacturer is
-- outside it, and its warnings in both languages. Foods carry their own
-- (product_food_info). Publishing a non-food product needs the manufacturer,
-- and the responsible person when the manufacturer's country is not in the
-- EU (catalogue.PublishGaps).
CREATE TABLE product_safety (
    product_id           bigint PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
    manufacturer_name    text NOT NULL DEFAULT '' CHECK (length(manufacturer_name) <= 200),
    manufacturer_address text NOT NULL DEFAULT '' CHECK (length(manufacturer_address) <= 500),
    manufacturer_contact text NOT NULL DEFAULT '' CHECK (length(manufacturer_contact) <= 200),
    -- ISO 3166-1 alpha-2; '' while unknown.
    manufacturer_country text NOT NULL DEFAULT '' CHECK (manufacturer_country ~ '^([A-Z]{2})?$'),
    responsible_name     text NOT NULL DEFAULT '' CHECK (length(responsible_name) <= 200),
    responsible_address  text NOT NULL DEFAULT '' CHECK (length(responsible_address) <= 500),
    responsible_contact  text NOT NULL DEFAULT '' CHECK (length(responsible_contact) <= 200),
    warnings_es          text NOT NULL DEFAULT '' CHECK (length(warnings_es) <= 2000),
    warnings_pt          text NOT NULL DEFAULT '' CHECK (length(warnings_pt) <= 2000),
    updated_by           bigint REFERENCES users (id) ON DELETE SET NULL,
    updated_at           timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE product_safety;
