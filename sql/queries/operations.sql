-- OperationsCounts counts, in one statement for a metrics scrape or the
-- dashboard, what is waiting and what is stuck (package stuck gives the
-- cutoffs). An e-mail without a recipient (its shopper deleted the account)
-- is never sent and never waited for. A VeriFactu record waits until a
-- submission holding it is accepted; submissions follow the chain, so the
-- records after the last accepted one are those waiting, read by the
-- primary key's range rather than by a scan of the whole chain.
-- name: OperationsCounts :one
WITH verifactu_waiting AS (
    SELECT created_at FROM verifactu_records
    WHERE id > (SELECT coalesce(max(last_record_id), 0) FROM verifactu_submissions WHERE state = 'accepted')
)
SELECT
    (SELECT count(*) FROM outbound_emails
     WHERE sent_at IS NULL AND recipient <> '')::bigint AS emails_unsent,
    (SELECT count(*) FROM outbound_emails
     WHERE sent_at IS NULL AND recipient <> '' AND created_at < @emails_stuck_before::timestamptz)::bigint AS emails_stuck,
    (SELECT count(*) FROM payment_refunds WHERE status = 'failed')::bigint AS refunds_failed,
    (SELECT count(*) FROM payment_refunds WHERE status = 'unknown')::bigint AS refunds_unknown,
    (SELECT count(*) FROM payment_refunds
     WHERE status IN ('queued', 'requested', 'failed', 'unknown')
       AND queued_at < @refunds_stuck_before::timestamptz)::bigint AS refunds_stuck,
    (SELECT count(*) FROM verifactu_waiting)::bigint AS verifactu_waiting,
    (SELECT count(*) FROM verifactu_waiting
     WHERE created_at < @verifactu_stuck_before::timestamptz)::bigint AS verifactu_stuck;
