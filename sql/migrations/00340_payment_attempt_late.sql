-- +goose Up
-- Which attempt paid its order (issue 29). An order may see more than one
-- authorised attempt: a shopper who pays twice in two tabs, money arriving
-- after the order closed, or Redsys authorising an attempt it had refused.
-- Only one of them paid the order; the others are late payments, each
-- refunded on its own. The order's refunds (cancellation, withdrawal) name
-- the attempt that paid it: naming the newest authorised one made a
-- doubly paid order unrefundable, its late payment already given back.
--
-- late: authorised, but not what paid the order (refunded on its own).
-- authorised_after_refusal: Redsys authorised it after refusing it, so
-- the shopper was told no money was taken; the order desk raises it.
ALTER TABLE payment_attempts
    ADD COLUMN late boolean NOT NULL DEFAULT false,
    ADD COLUMN authorised_after_refusal boolean NOT NULL DEFAULT false,
    ADD CONSTRAINT payment_attempts_late_check CHECK (NOT late OR status = 'authorised'),
    ADD CONSTRAINT payment_attempts_after_refusal_check CHECK (NOT authorised_after_refusal OR late);

UPDATE payment_attempts a SET late = true
WHERE a.status = 'authorised'
  AND EXISTS (SELECT 1 FROM payment_notifications n WHERE n.redsys_order = a.redsys_order AND n.outcome = 'late');
-- Without their notifications, the first authorised attempt paid.
UPDATE payment_attempts a SET late = true
WHERE a.status = 'authorised' AND NOT a.late
  AND EXISTS (SELECT 1 FROM payment_attempts b
              WHERE b.order_id = a.order_id AND b.status = 'authorised' AND NOT b.late
                AND (b.decided_at, b.attempt) < (a.decided_at, a.attempt));

-- At most one attempt pays an order.
CREATE UNIQUE INDEX payment_attempts_paid_idx ON payment_attempts (order_id) WHERE status = 'authorised' AND NOT late;

-- +goose Down
DROP INDEX payment_attempts_paid_idx;
ALTER TABLE payment_attempts
    DROP CONSTRAINT payment_attempts_after_refusal_check,
    DROP CONSTRAINT payment_attempts_late_check,
    DROP COLUMN authorised_after_refusal,
    DROP COLUMN late;
