-- PaymentLedger is the money that moved in [from, to), for the accountant,
-- matched to orders: each move of an order to paid (card or Bizum by
-- Redsys's notification, a transfer the admin marked received, cash the
-- carrier collected) for the order's total, with the authorised Redsys
-- attempt when there is one; each refund Redsys accepted (cancellations,
-- withdrawals paid by card or Bizum), each bank refund of a withdrawal and
-- each bank refund of a cancelled transfer order (bank_refunds), negative.
-- In time order.
-- name: PaymentLedger :many
SELECT moved_at, order_id, method, kind, amount_cents, redsys_order, authorisation_code, reference
FROM (
    SELECT e.created_at AS moved_at, o.id AS order_id, o.payment_method AS method, 'payment'::text AS kind,
           o.total_cents AS amount_cents,
           coalesce(pa.redsys_order, '')::text AS redsys_order,
           coalesce(pa.authorisation_code, '')::text AS authorisation_code,
           CASE WHEN o.payment_method = 'transfer' THEN e.note ELSE '' END::text AS reference,
           e.id AS seq
    FROM order_events e
    JOIN orders o ON o.id = e.order_id
    LEFT JOIN LATERAL (
        SELECT a.redsys_order, a.authorisation_code FROM payment_attempts a
        WHERE a.order_id = o.id AND a.status = 'authorised' AND NOT a.late
    ) pa ON true
    WHERE e.machine = 'payment' AND e.to_state = 'paid'
      AND e.created_at >= @from_time AND e.created_at < @to_time
    UNION ALL
    SELECT r.decided_at, a.order_id, a.method, 'refund', -r.amount_cents,
           r.redsys_order, a.authorisation_code, r.reason, r.id
    FROM payment_refunds r
    JOIN payment_attempts a ON a.redsys_order = r.redsys_order
    WHERE r.status = 'accepted' AND r.decided_at >= @from_time AND r.decided_at < @to_time
    UNION ALL
    SELECT w.refunded_at, w.order_id, o.payment_method, 'refund', -w.refund_cents,
           '', '', w.refund_reference, w.id
    FROM withdrawals w
    JOIN orders o ON o.id = w.order_id
    WHERE w.status = 'refunded' AND w.refund_method = 'bank_transfer' AND w.refund_cents > 0
      AND w.refunded_at >= @from_time AND w.refunded_at < @to_time
    UNION ALL
    SELECT br.created_at, br.order_id, o.payment_method, 'refund', -br.amount_cents,
           '', '', br.bank_reference, br.id
    FROM bank_refunds br
    JOIN orders o ON o.id = br.order_id
    WHERE br.created_at >= @from_time AND br.created_at < @to_time
) ledger
ORDER BY moved_at, order_id, seq;
