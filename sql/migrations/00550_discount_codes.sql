-- +goose Up
-- Discount codes (issue 41): the owner's codes, each order's discount and
-- its apportioning by VAT rate. A code's uses are counted on its row by a
-- conditional update in PlaceOrder's transaction, so its last use goes to
-- one order; the CHECK is the database's own guard of the same rule.
CREATE TABLE discount_codes (
    id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    code                  text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'),
    kind                  text NOT NULL CHECK (kind IN ('percentage', 'fixed')),
    percent_basis_points  integer NOT NULL DEFAULT 0 CHECK (percent_basis_points BETWEEN 0 AND 10000),
    amount_cents          bigint NOT NULL DEFAULT 0 CHECK (amount_cents >= 0),
    minimum_cents         bigint NOT NULL DEFAULT 0 CHECK (minimum_cents >= 0),
    -- Days in Madrid, both included; NULL for no bound.
    starts_on             date,
    ends_on               date CHECK (ends_on IS NULL OR starts_on IS NULL OR ends_on >= starts_on),
    -- 0 for no limit.
    max_uses              integer NOT NULL DEFAULT 0 CHECK (max_uses >= 0),
    max_uses_per_shopper  integer NOT NULL DEFAULT 0 CHECK (max_uses_per_shopper >= 0),
    uses                  integer NOT NULL DEFAULT 0 CHECK (uses >= 0 AND (max_uses = 0 OR uses <= max_uses)),
    first_order_only      boolean NOT NULL DEFAULT false,
    free_shipping         boolean NOT NULL DEFAULT false,
    excluded_product_ids  bigint[] NOT NULL DEFAULT '{}',
    excluded_categories   text[] NOT NULL DEFAULT '{}',
    paused_at             timestamptz,
    created_at            timestamptz NOT NULL DEFAULT now(),
    CHECK ((kind = 'percentage' AND (percent_basis_points > 0 OR free_shipping))
        OR (kind = 'fixed' AND (amount_cents > 0 OR free_shipping)))
);

-- The discount an order was sold with: written with the order, never
-- changed, as its lines are. amount_cents is taken off the goods;
-- shipping_waived_cents is the shipping a free-shipping code did not
-- charge (the order's shipping_cents is then 0). released_at is when the
-- order was cancelled and its use given back to the code: the row stays,
-- as the order's lines do, but no longer counts as a use.
CREATE TABLE order_discounts (
    order_id              bigint PRIMARY KEY REFERENCES orders (id),
    code_id               bigint NOT NULL REFERENCES discount_codes (id),
    code                  text NOT NULL,
    user_id               bigint NOT NULL REFERENCES users (id),
    amount_cents          bigint NOT NULL CHECK (amount_cents >= 0),
    shipping_waived_cents bigint NOT NULL DEFAULT 0 CHECK (shipping_waived_cents >= 0),
    created_at            timestamptz NOT NULL DEFAULT now(),
    released_at           timestamptz
);
CREATE INDEX order_discounts_code_user_idx ON order_discounts (code_id, user_id);

-- amount_cents of an order's discount by VAT rate (discount.Split): what
-- the invoice's discount lines and the order's VAT take off each rate.
CREATE TABLE order_discount_parts (
    order_id         bigint NOT NULL REFERENCES order_discounts (order_id),
    vat_basis_points integer NOT NULL CHECK (vat_basis_points BETWEEN 0 AND 10000),
    amount_cents     bigint NOT NULL CHECK (amount_cents > 0),
    vat_cents        bigint NOT NULL CHECK (vat_cents >= 0),
    PRIMARY KEY (order_id, vat_basis_points)
);

-- +goose Down
DROP TABLE order_discount_parts, order_discounts, discount_codes;
