-- +goose Up
-- A restore brings back refunds that were queued when the backup was taken;
-- some may have been asked of Redsys and accepted since, which the restore
-- forgot. shopd restore marks them held, the refund job asks nothing while
-- a refund is held, and the owner releases them (shopd payments
-- release-refunds) once Redsys's portal shows which are still owed.
ALTER TABLE payment_refunds ADD COLUMN held_since timestamptz;

-- +goose Down
ALTER TABLE payment_refunds DROP COLUMN held_since;
