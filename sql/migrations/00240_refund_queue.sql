-- +goose Up
-- One refund path (issue 14): every card or Bizum refund (a cancelled
-- order, a late payment, a withdrawal's returned lines) is one
-- payment_refunds row written in the transaction that decides it, with the
-- River job that asks Redsys for it naming the row. The row, not the job,
-- says what was asked: a job run twice finds it accepted and asks nothing,
-- and a try whose answer was lost leaves it 'unknown' (never asked again
-- by itself). Redsys names a refund by the payment's own order number
-- (Ds_Merchant_Order of the authorisation), so the row's id is what makes
-- each refund unique.
--
-- status: queued (to ask, or to ask again after Redsys refused a try),
-- requested (a try in flight), accepted, failed (refused on every
-- automatic try: the desk retries it), unknown (a try's answer was lost:
-- check Redsys's portal before retrying). 'refused' is left from the rows
-- of single tries before this migration; no money moved for them.
ALTER TABLE payment_refunds
    DROP CONSTRAINT payment_refunds_status_check,
    ADD CONSTRAINT payment_refunds_status_check
        CHECK (status IN ('queued', 'requested', 'accepted', 'refused', 'failed', 'unknown')),
    ALTER COLUMN status SET DEFAULT 'queued',
    -- tries is how many times Redsys was asked.
    ADD COLUMN tries integer NOT NULL DEFAULT 0 CHECK (tries >= 0);
UPDATE payment_refunds SET tries = 1 WHERE status <> 'queued';

-- +goose Down
UPDATE payment_refunds SET status = 'refused' WHERE status IN ('queued', 'failed');
ALTER TABLE payment_refunds
    DROP COLUMN tries,
    ALTER COLUMN status SET DEFAULT 'requested',
    DROP CONSTRAINT payment_refunds_status_check,
    ADD CONSTRAINT payment_refunds_status_check
        CHECK (status IN ('requested', 'accepted', 'refused', 'unknown'));
