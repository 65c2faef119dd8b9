-- LockVerifactuSubmissions makes the submission job run one at a time,
-- across replicas, until its transaction ends; issuing invoices is not
-- blocked (it locks the chain head, not this).
-- name: LockVerifactuSubmissions :exec
SELECT pg_advisory_xact_lock(hashtext('verifactu_submissions'));

-- LastSubmittedRecord is the last record a submission carries; 0 for none.
-- name: LastSubmittedRecord :one
SELECT coalesce(max(last_record_id), 0)::bigint FROM verifactu_submissions;

-- name: InsertVerifactuSubmission :one
INSERT INTO verifactu_submissions (first_record_id, last_record_id, record_count, message)
VALUES (@first_record_id, @last_record_id, @record_count, @message)
RETURNING id;

-- VerifactuSubmissionStatus counts the records in messages ready to send
-- and those in no message yet.
-- name: VerifactuSubmissionStatus :one
SELECT
    coalesce((SELECT sum(record_count) FROM verifactu_submissions WHERE state = 'ready'), 0)::bigint AS ready_records,
    (SELECT count(*) FROM verifactu_records r
     WHERE r.id > coalesce((SELECT max(last_record_id) FROM verifactu_submissions), 0))::bigint AS unsubmitted_records;

-- LastVerifactuSubmission is the message prepared last.
-- name: LastVerifactuSubmission :one
SELECT id, record_count, state, created_at FROM verifactu_submissions ORDER BY id DESC LIMIT 1;
