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

-- LockVerifactuSending keeps the sending pass one at a time across
-- replicas for as long as its connection holds it: a pass posts to the AEAT
-- outside any transaction (an answer may take longer than a transaction may
-- stay idle), and the lock is the same as LockVerifactuSubmissions's.
-- name: LockVerifactuSending :exec
SELECT pg_advisory_lock(hashtext('verifactu_submissions'));

-- name: UnlockVerifactuSending :exec
SELECT pg_advisory_unlock(hashtext('verifactu_submissions'));

-- NextUnansweredSubmission is the oldest message the AEAT has not answered:
-- never posted, or posted without an answer coming back.
-- name: NextUnansweredSubmission :one
SELECT s.* FROM verifactu_submissions s
WHERE NOT EXISTS (SELECT 1 FROM verifactu_answers a WHERE a.submission_id = s.id)
ORDER BY s.id LIMIT 1;

-- LastVerifactuAnswer is the AEAT's last answer: the next message waits
-- its TiempoEsperaEnvio.
-- name: LastVerifactuAnswer :one
SELECT answered_at, wait_seconds FROM verifactu_answers ORDER BY id DESC LIMIT 1;

-- RecentVerifactuAnswers are the AEAT's latest answers, for the owner: the
-- message's state, its CSV and how many records it carried.
-- name: RecentVerifactuAnswers :many
SELECT a.id, a.submission_id, a.estado_envio, a.csv, a.answered_at, s.record_count
FROM verifactu_answers a JOIN verifactu_submissions s ON s.id = a.submission_id
ORDER BY a.id DESC LIMIT 20;

-- name: InsertVerifactuAnswer :one
INSERT INTO verifactu_answers (submission_id, endpoint, estado_envio, csv, wait_seconds, response, answered_at)
VALUES (@submission_id, @endpoint, @estado_envio, @csv, @wait_seconds, @response, @answered_at)
RETURNING id;

-- name: InsertVerifactuRecordAnswer :exec
INSERT INTO verifactu_record_answers (answer_id, record_id, estado_registro, error_code, error_description, received)
VALUES (@answer_id, @record_id, @estado_registro, @error_code, @error_description, @received);

-- SetVerifactuSubmissionState moves a message to what its answer says; the
-- answer itself is kept unchanged in verifactu_answers.
-- name: SetVerifactuSubmissionState :exec
UPDATE verifactu_submissions SET state = @state WHERE id = @id;

-- VerifactuRecordsBetween are a message's records.
-- name: VerifactuRecordsBetween :many
SELECT * FROM verifactu_records WHERE id BETWEEN @first_id AND @last_id ORDER BY id;

-- RecordsToCorrect are the records whose last answer refused them or
-- accepted them with errors and that no record corrects yet, with that
-- answer; a correction that fares the same is left to the owner (it would
-- carry the same data again).
-- name: RecordsToCorrect :many
SELECT r.id, r.invoice_id, r.kind, ra.estado_registro, ra.received
FROM verifactu_records r
JOIN LATERAL (
    SELECT estado_registro, received FROM verifactu_record_answers WHERE record_id = r.id ORDER BY id DESC LIMIT 1
) ra ON true
WHERE (ra.estado_registro = 'AceptadoConErrores' OR NOT ra.received)
  AND r.corrects_record_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM verifactu_records c WHERE c.corrects_record_id = r.id)
ORDER BY r.id;

-- name: GetVerifactuRecord :one
SELECT * FROM verifactu_records WHERE id = @id;

-- VerifactuRecordsByState counts the prepared records by their message's state.
-- name: VerifactuRecordsByState :many
SELECT state, sum(record_count)::bigint AS records FROM verifactu_submissions GROUP BY state ORDER BY state;

-- RefusedVerifactuRecords are the latest records whose last answer refused
-- them or accepted them with errors, with the record correcting each.
-- name: RefusedVerifactuRecords :many
SELECT r.id, r.series_number, ra.estado_registro, ra.error_code, ra.error_description, a.answered_at,
    coalesce((SELECT c.id FROM verifactu_records c WHERE c.corrects_record_id = r.id), 0)::bigint AS correction_id
FROM verifactu_records r
JOIN LATERAL (
    SELECT * FROM verifactu_record_answers WHERE record_id = r.id ORDER BY id DESC LIMIT 1
) ra ON true
JOIN verifactu_answers a ON a.id = ra.answer_id
WHERE ra.estado_registro = 'AceptadoConErrores' OR NOT ra.received
ORDER BY r.id DESC
LIMIT 200;
