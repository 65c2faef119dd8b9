-- +goose Up
-- Carts of signed-in shoppers kept on the server (issue 41): the
-- storefront keeps a signed-in shopper's cart here as well as in the
-- browser (merged on sign-in), so it follows them across devices and a
-- cart left idle can be noticed. A cart is one row from its first line
-- until it is emptied or ordered (the row goes, and the next cart is a new
-- one): reminded_at is the one reminder it may ever get, sent only to a
-- shopper with a confirmed newsletter subscription, the consent to
-- commercial e-mail LSSI art. 21 asks for.
CREATE TABLE saved_carts (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id     bigint NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    created_at  timestamptz NOT NULL DEFAULT now(),
    -- updated_at is when the shopper last changed it: the idle clock.
    updated_at  timestamptz NOT NULL DEFAULT now(),
    reminded_at timestamptz
);
-- The reminder pass's candidates: carts not reminded yet, oldest change first.
CREATE INDEX saved_carts_idle_idx ON saved_carts (updated_at) WHERE reminded_at IS NULL;

CREATE TABLE saved_cart_lines (
    cart_id    bigint NOT NULL REFERENCES saved_carts (id) ON DELETE CASCADE,
    product_id bigint NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    quantity   integer NOT NULL CHECK (quantity BETWEEN 1 AND 99),
    -- position keeps the shopper's order of lines.
    position   integer NOT NULL,
    PRIMARY KEY (cart_id, product_id)
);

-- A cart reminder names its cart (gone once ordered or emptied: the
-- e-mail is then not sent) and the subscription that consented.
ALTER TABLE outbound_emails ADD COLUMN saved_cart_id bigint REFERENCES saved_carts (id) ON DELETE SET NULL;
ALTER TABLE outbound_emails DROP CONSTRAINT outbound_emails_kind_check;
ALTER TABLE outbound_emails
    ADD CONSTRAINT outbound_emails_kind_check CHECK (kind IN (
        'order_received', 'payment_received', 'shipped', 'in_transit', 'delivered', 'cancelled', 'bank_refunded',
        'ready_for_pickup', 'collected',
        'withdrawal_received', 'withdrawal_goods_received', 'withdrawal_refunded',
        'newsletter_confirm', 'contact_message',
        'webhook_disabled', 'api_key_expiring',
        'lot_recall', 'lot_expiry_digest',
        'back_in_stock_confirm', 'back_in_stock_alert',
        'cart_reminder'));

-- +goose Down
DELETE FROM outbound_emails WHERE kind = 'cart_reminder';
ALTER TABLE outbound_emails DROP CONSTRAINT outbound_emails_kind_check;
ALTER TABLE outbound_emails
    ADD CONSTRAINT outbound_emails_kind_check CHECK (kind IN (
        'order_received', 'payment_received', 'shipped', 'in_transit', 'delivered', 'cancelled', 'bank_refunded',
        'ready_for_pickup', 'collected',
        'withdrawal_received', 'withdrawal_goods_received', 'withdrawal_refunded',
        'newsletter_confirm', 'contact_message',
        'webhook_disabled', 'api_key_expiring',
        'lot_recall', 'lot_expiry_digest',
        'back_in_stock_confirm', 'back_in_stock_alert'));
ALTER TABLE outbound_emails DROP COLUMN saved_cart_id;
DROP TABLE saved_cart_lines, saved_carts;
