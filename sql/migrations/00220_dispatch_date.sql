-- +goose Up
-- Frozen and chilled orders leave only on the shop's dispatch days
-- (DISPATCH_DAYS, Madrid): the day computed when the order is placed is kept
-- with it, so its page and e-mail say the same day whatever the
-- configuration becomes later. NULL: no cold-chain goods.
ALTER TABLE orders ADD COLUMN dispatch_on date;

-- +goose Down
ALTER TABLE orders DROP COLUMN dispatch_on;
