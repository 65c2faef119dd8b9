-- NextPaymentAttempt numbers an order's next payment attempt from 1.
-- name: NextPaymentAttempt :one
SELECT (coalesce(max(attempt), 0) + 1)::integer AS attempt
FROM payment_attempts
WHERE order_id = @order_id;

-- RestoreGeneration is how many times shopd restore loaded this database
-- (0 before the first), which Redsys order numbers carry.
-- name: RestoreGeneration :one
SELECT coalesce((SELECT (value #>> '{}')::integer FROM settings WHERE key = 'restore_generation'), 0)::integer AS generation;

-- BumpRestoreGeneration counts one more restore and returns the new
-- generation.
-- name: BumpRestoreGeneration :one
INSERT INTO settings (key, value) VALUES ('restore_generation', '1')
ON CONFLICT (key) DO UPDATE SET value = to_jsonb((settings.value #>> '{}')::integer + 1), updated_at = now()
RETURNING (value #>> '{}')::integer AS generation;

-- InsertPaymentAttempt records a Redsys order number before the shopper is
-- sent to pay with it; two concurrent attempts of one order collide on
-- (order_id, attempt) and the second fails instead of sharing a number.
-- name: InsertPaymentAttempt :one
INSERT INTO payment_attempts (redsys_order, order_id, attempt, method, amount_cents)
VALUES (@redsys_order, @order_id, @attempt, @method, @amount_cents)
RETURNING *;

-- LockPaymentAttempt reads the attempt a notification names and locks it,
-- so two copies of one notification arriving together are decided once.
-- name: LockPaymentAttempt :one
SELECT * FROM payment_attempts
WHERE redsys_order = @redsys_order
FOR UPDATE;

-- DecidePaymentAttempt records Redsys's decision on a pending attempt;
-- late for an authorisation its order did not take.
-- name: DecidePaymentAttempt :execrows
UPDATE payment_attempts
SET status = @status, response_code = @response_code, authorisation_code = @authorisation_code,
    late = @late, decided_at = now()
WHERE redsys_order = @redsys_order AND status = 'pending';

-- AuthoriseRefusedAttempt records that Redsys authorised an attempt it had
-- refused: money taken that no order takes, a late payment to refund and
-- to raise on the order desk.
-- name: AuthoriseRefusedAttempt :execrows
UPDATE payment_attempts
SET status = 'authorised', response_code = @response_code, authorisation_code = @authorisation_code,
    late = true, authorised_after_refusal = true
WHERE redsys_order = @redsys_order AND status = 'refused';

-- InsertPaymentNotification keeps a verified notification (an unverified
-- one is only counted and logged, never stored).
-- name: InsertPaymentNotification :exec
INSERT INTO payment_notifications (
    redsys_order, amount_cents, response_code, outcome, detail, remote_addr, parameters
) VALUES (
    sqlc.narg(redsys_order), sqlc.narg(amount_cents), sqlc.narg(response_code),
    @outcome, @detail, @remote_addr, @parameters
);

-- PrunePaymentNotifications forgets the notifications received before
-- @before, and the repeats that decided nothing (duplicates: Redsys's
-- retries or a replay; the first copy keeps the evidence) received before
-- @repeats_before.
-- name: PrunePaymentNotifications :execrows
DELETE FROM payment_notifications
WHERE received_at < @before
   OR (outcome = 'duplicate' AND received_at < @repeats_before);

-- PaymentAttemptsForOrder lists an order's attempts, newest first.
-- name: PaymentAttemptsForOrder :many
SELECT * FROM payment_attempts
WHERE order_id = @order_id
ORDER BY attempt DESC;

-- RefundedCents is what refunds of an attempt take or may take: every
-- refund but a refused single try (rows from before migration 00240). Read
-- under LockPaymentAttempt, so two refunds of one payment never both fit
-- in what is left.
-- name: RefundedCents :one
SELECT coalesce(sum(amount_cents), 0)::bigint AS cents
FROM payment_refunds
WHERE redsys_order = @redsys_order AND status <> 'refused';

-- InsertPaymentRefund records a refund to ask, queued, in the transaction
-- that decides it.
-- name: InsertPaymentRefund :one
INSERT INTO payment_refunds (redsys_order, amount_cents, reason)
VALUES (@redsys_order, @amount_cents, @reason)
RETURNING id;

-- LockPaymentRefund reads a refund and locks it for one try: the job's
-- and the desk's retry queue on the row.
-- name: LockPaymentRefund :one
SELECT * FROM payment_refunds WHERE id = @id FOR UPDATE;

-- HoldQueuedRefunds holds every refund still to ask (shopd restore).
-- name: HoldQueuedRefunds :execrows
UPDATE payment_refunds SET held_since = now()
WHERE status = 'queued' AND held_since IS NULL;

-- ReleaseHeldRefunds lets the refund jobs ask the held refunds.
-- name: ReleaseHeldRefunds :many
UPDATE payment_refunds SET held_since = NULL
WHERE held_since IS NOT NULL
RETURNING id, redsys_order, amount_cents;

-- StartPaymentRefund marks a try in flight, before Redsys is called.
-- name: StartPaymentRefund :exec
UPDATE payment_refunds
SET status = 'requested', tries = tries + 1, requested_at = now()
WHERE id = @id;

-- DecidePaymentRefund records a try's outcome: accepted; queued again
-- (refused, to retry) or failed (refused, no tries left); unknown.
-- name: DecidePaymentRefund :exec
UPDATE payment_refunds
SET status = @status, response_code = sqlc.narg(response_code), error_code = @error_code, decided_at = now()
WHERE id = @id AND status = 'requested';

-- RequeuePaymentRefund puts a failed or unknown refund back to ask (the
-- desk's retry); false when it is neither.
-- name: RequeuePaymentRefund :execrows
UPDATE payment_refunds
SET status = 'queued'
WHERE id = @id AND status IN ('failed', 'unknown');

-- OrderPaymentRefunds lists the card and Bizum refunds of an order, oldest
-- first, for the order desk (which leaves out the 'refused' single tries
-- of before migration 00240), each saying whether it gives back a payment
-- Redsys authorised after refusing it.
-- name: OrderPaymentRefunds :many
SELECT sqlc.embed(pr), pa.authorised_after_refusal
FROM payment_refunds pr
JOIN payment_attempts pa ON pa.redsys_order = pr.redsys_order
WHERE pa.order_id = @order_id
ORDER BY pr.id;
