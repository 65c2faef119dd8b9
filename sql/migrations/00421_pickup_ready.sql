-- +goose Up
-- Pickup in the Burela store (docs/shipping.md): once prepared, an order
-- collected at the store is ready_for_pickup (the shopper is e-mailed);
-- collecting it delivers it, which starts its withdrawal period, and is
-- e-mailed too. It holds its stock as an order being prepared does.
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check
    CHECK (status IN ('placed', 'preparing', 'ready_for_pickup', 'shipped', 'delivered', 'cancelled'));

DROP INDEX orders_held_user_idx;
CREATE INDEX orders_held_user_idx ON orders (user_id)
    WHERE (status = 'placed' AND payment_status = 'awaiting_payment')
       OR (status IN ('placed', 'preparing', 'ready_for_pickup', 'shipped') AND payment_status = 'on_delivery');

ALTER TABLE outbound_emails DROP CONSTRAINT outbound_emails_kind_check;
ALTER TABLE outbound_emails
    ADD CONSTRAINT outbound_emails_kind_check CHECK (kind IN (
        'order_received', 'payment_received', 'shipped', 'in_transit', 'delivered', 'cancelled', 'bank_refunded',
        'ready_for_pickup', 'collected',
        'withdrawal_received', 'withdrawal_goods_received', 'withdrawal_refunded',
        'newsletter_confirm', 'contact_message'));

-- +goose Down
DELETE FROM outbound_emails WHERE kind IN ('ready_for_pickup', 'collected');
ALTER TABLE outbound_emails DROP CONSTRAINT outbound_emails_kind_check;
ALTER TABLE outbound_emails
    ADD CONSTRAINT outbound_emails_kind_check CHECK (kind IN (
        'order_received', 'payment_received', 'shipped', 'in_transit', 'delivered', 'cancelled', 'bank_refunded',
        'withdrawal_received', 'withdrawal_goods_received', 'withdrawal_refunded',
        'newsletter_confirm', 'contact_message'));
UPDATE orders SET status = 'preparing' WHERE status = 'ready_for_pickup';
DROP INDEX orders_held_user_idx;
CREATE INDEX orders_held_user_idx ON orders (user_id)
    WHERE (status = 'placed' AND payment_status = 'awaiting_payment')
       OR (status IN ('placed', 'preparing', 'shipped') AND payment_status = 'on_delivery');
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check
    CHECK (status IN ('placed', 'preparing', 'shipped', 'delivered', 'cancelled'));
