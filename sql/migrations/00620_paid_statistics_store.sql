-- +goose Up
-- The dashboard's money counts the till's returns by the day they were
-- given back (issue 37), read by their time as the other refunds are
-- (migration 00510); the till's sales are read by orders_created_idx.
CREATE INDEX till_refunds_created_idx ON till_refunds (created_at);

-- +goose Down
DROP INDEX till_refunds_created_idx;
