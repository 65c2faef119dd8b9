-- OperationsCounts counts, in one statement for a metrics scrape or the
-- dashboard, what is waiting and what is stuck (package stuck gives the
-- cutoffs). An e-mail without a recipient (its shopper deleted the account)
-- is never sent and never waited for. A VeriFactu record waits until a
-- submission holding it is accepted; submissions follow the chain, so the
-- records after the last accepted one are those waiting, read by the
-- primary key's range rather than by a scan of the whole chain. Before
-- that, a record of a message not wholly accepted still waits while the
-- AEAT has not received it nor a record correcting it (a correction
-- refused again waits for the owner): the few such messages are read whole.
-- name: OperationsCounts :one
WITH accepted AS (
    SELECT coalesce(max(last_record_id), 0) AS upto FROM verifactu_submissions WHERE state = 'accepted'
), verifactu_waiting AS (
    SELECT created_at FROM verifactu_records WHERE id > (SELECT upto FROM accepted)
    UNION ALL
    SELECT r.created_at FROM verifactu_submissions s
    JOIN verifactu_records r ON r.id BETWEEN s.first_record_id AND s.last_record_id
    WHERE s.state <> 'accepted' AND s.last_record_id <= (SELECT upto FROM accepted)
      AND NOT EXISTS (SELECT 1 FROM verifactu_record_answers a WHERE a.record_id = r.id AND a.received)
      AND NOT EXISTS (
          SELECT 1 FROM verifactu_records c
          JOIN verifactu_record_answers ca ON ca.record_id = c.id AND ca.received
          WHERE c.corrects_record_id = r.id)
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
