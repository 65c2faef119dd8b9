-- IssueInvoice numbers and writes an invoice in one statement: the next
-- number of its series, the invoice, its lines and taxes (the arrays, one
-- element a row, side by side in a select list so they advance together),
-- its record chained after previous_hash, and the chain's head moved to
-- it. The caller holds the head's lock (LockVerifactuChain, which gave
-- previous_hash) and takes the counter's here: both stay locked until the
-- issuing transaction ends, so concurrent issuers queue on the head, a
-- rollback gives the number back (a series has no gaps), and the chain
-- links the records in the series' order. One statement because every
-- other issuer waits from the lock to the commit: nothing under the locks
-- waits for shopd. The record's hash is SHA-256 of hash_head, the series
-- number and hash_tail (Record.HashInput, split at the number, which only
-- the counter's lock gives).
-- name: IssueInvoice :one
WITH n AS (
    INSERT INTO invoice_counters (kind, year, last_number)
    VALUES (@kind, @year, 1)
    ON CONFLICT (kind, year) DO UPDATE SET last_number = invoice_counters.last_number + 1
    RETURNING last_number
), numbered AS (
    SELECT n.last_number AS number,
        -- As invoice.SeriesNumber: at least six digits.
        @series_prefix::text || CASE WHEN n.last_number < 1000000 THEN lpad(n.last_number::text, 6, '0') ELSE n.last_number::text END
            AS series_number
    FROM n
), inv AS (
    INSERT INTO invoices (
        kind, year, number, series_number, aeat_type, order_id, refers_to, reason,
        issued_at, issue_date, issuer_name, issuer_nif, issuer_address, issuer_producer_register,
        buyer_nif, buyer_name, buyer_address, base_cents, vat_cents, total_cents,
        verifactu_legend, qr_base
    )
    SELECT @kind, @year, numbered.number, numbered.series_number, @aeat_type, @order_id, sqlc.narg(refers_to), @reason,
        @issued_at, @issue_date, @issuer_name, @issuer_nif, @issuer_address, @issuer_producer_register,
        @buyer_nif, @buyer_name, @buyer_address, @base_cents, @vat_cents, @total_cents,
        @verifactu_legend, @qr_base
    FROM numbered
    RETURNING *
), lines AS (
    INSERT INTO invoice_lines (invoice_id, line_no, description, quantity, unit_price_cents, vat_basis_points, total_cents)
    SELECT inv.id, unnest(@line_nos::integer[]), unnest(@line_descriptions::text[]), unnest(@line_quantities::integer[]),
        unnest(@line_unit_prices_cents::bigint[]), unnest(@line_vat_basis_points::integer[]), unnest(@line_totals_cents::bigint[])
    FROM inv
), taxes AS (
    INSERT INTO invoice_taxes (invoice_id, vat_basis_points, base_cents, vat_cents)
    SELECT inv.id, unnest(@tax_vat_basis_points::integer[]), unnest(@tax_bases_cents::bigint[]), unnest(@tax_vats_cents::bigint[])
    FROM inv
), rec AS (
    INSERT INTO verifactu_records (
        invoice_id, kind, issuer_nif, series_number, issue_date, invoice_type,
        vat_total, total, previous_hash, generated_at, hash
    )
    SELECT inv.id, 'alta', @record_issuer_nif, inv.series_number, @record_issue_date, @record_invoice_type,
        @record_vat_total, @record_total, @previous_hash::text, @record_generated_at,
        upper(encode(sha256(convert_to(
            @hash_head::text || numbered.series_number || @hash_tail::text, 'UTF8')), 'hex'))
    FROM inv, numbered
    RETURNING id, hash
), head AS (
    UPDATE verifactu_chain_head SET record_id = rec.id, hash = rec.hash FROM rec WHERE verifactu_chain_head.id
)
SELECT inv.* FROM inv;

-- name: GetInvoice :one
SELECT * FROM invoices WHERE id = @id;

-- InvoicesOfOrder lists an order's invoices in the order they were issued
-- (invoices_order_idx).
-- name: InvoicesOfOrder :many
SELECT * FROM invoices WHERE order_id = @order_id ORDER BY id;

-- name: InvoiceLines :many
SELECT * FROM invoice_lines WHERE invoice_id = @invoice_id ORDER BY line_no;

-- name: InvoiceTaxes :many
SELECT * FROM invoice_taxes WHERE invoice_id = @invoice_id ORDER BY vat_basis_points;

-- InvoiceRegister is the accountant's register: every invoice issued in
-- [from, to) with its taxes, in issue order (invoices_issued_idx), and the
-- complete invoice (F3) that replaced a simplified one, if any, and the
-- discount code's lines at each rate (VAT included; their description is
-- "discount:" and the code, invoice.DiscountDescription), which base_cents
-- and vat_cents are already net of.
-- name: InvoiceRegister :many
SELECT i.id, i.kind, i.year, i.number, i.series_number, i.aeat_type, i.order_id, i.issue_date,
       i.buyer_nif, i.buyer_name, t.vat_basis_points, t.base_cents, t.vat_cents, i.total_cents,
       coalesce((SELECT r.series_number FROM invoices r
                 WHERE r.refers_to = i.id AND r.kind = 'complete'), '')::text AS replaced_by,
       coalesce((SELECT sum(l.total_cents) FROM invoice_lines l
                 WHERE l.invoice_id = i.id AND l.vat_basis_points = t.vat_basis_points
                   AND l.description LIKE 'discount:%'), 0)::bigint AS discount_cents,
       coalesce((SELECT substr(min(l.description), 10) FROM invoice_lines l
                 WHERE l.invoice_id = i.id AND l.description LIKE 'discount:%'), '')::text AS discount_code
FROM invoices i
JOIN invoice_taxes t ON t.invoice_id = i.id
WHERE i.issued_at >= @from_time AND i.issued_at < @to_time
ORDER BY i.issued_at, i.id, t.vat_basis_points;

-- OrderForInvoice reads what an invoice needs of an order; FOR SHARE keeps
-- the order as read until the invoice is written.
-- name: OrderForInvoice :one
SELECT id, user_id, payment_status, shipping_cents, payment_surcharge_cents, total_cents
FROM orders WHERE id = @id
FOR SHARE;

-- name: OrderLinesForInvoice :many
SELECT line_no, product_name, quantity, unit_price_cents, vat_basis_points, line_total_cents
FROM order_lines WHERE order_id = @order_id ORDER BY line_no;

-- LockVerifactuChain locks the chain's head for the issuing transaction:
-- records are chained one at a time.
-- name: LockVerifactuChain :one
SELECT hash FROM verifactu_chain_head WHERE id FOR UPDATE;

-- name: MoveVerifactuChain :exec
UPDATE verifactu_chain_head SET record_id = @record_id, hash = @hash WHERE id;

-- name: InsertVerifactuRecord :one
INSERT INTO verifactu_records (
    invoice_id, kind, issuer_nif, series_number, issue_date, invoice_type,
    vat_total, total, previous_hash, generated_at, hash, corrects_record_id, rechazo_previo
) VALUES (
    @invoice_id, @kind, @issuer_nif, @series_number, @issue_date, @invoice_type,
    @vat_total, @total, @previous_hash, @generated_at, @hash, sqlc.narg(corrects_record_id), @rechazo_previo
)
RETURNING *;

-- VerifactuRecords reads the chain in order from after_id, a page at a time.
-- name: VerifactuRecords :many
SELECT * FROM verifactu_records WHERE id > @after_id ORDER BY id LIMIT @max_rows;

-- name: VerifactuChainHead :one
SELECT record_id, hash FROM verifactu_chain_head WHERE id;

-- name: VerifactuRecordsOfInvoice :many
SELECT * FROM verifactu_records WHERE invoice_id = @invoice_id ORDER BY id;

-- name: VerifactuRecordByHash :one
SELECT * FROM verifactu_records WHERE hash = @hash;

-- InvoiceOfUser finds an invoice of one of the user's orders.
-- name: InvoiceOfUser :one
SELECT i.* FROM invoices i
JOIN orders o ON o.id = i.order_id
WHERE i.id = @id AND o.user_id = @user_id AND o.channel = 'web';

-- VerifactuMode is the mode shopd runs in (written at its start): what an
-- invoice issued now shows of VERI*FACTU.
-- name: VerifactuMode :one
SELECT legend, qr_base FROM verifactu_mode;

-- name: SetVerifactuMode :exec
INSERT INTO verifactu_mode (legend, qr_base, set_at) VALUES (@legend, @qr_base, @set_at)
ON CONFLICT (singleton) DO UPDATE SET legend = EXCLUDED.legend, qr_base = EXCLUDED.qr_base, set_at = EXCLUDED.set_at;

-- name: HoldInvoicing :exec
INSERT INTO invoicing_hold (held_since) VALUES (@held_since)
ON CONFLICT (singleton) DO NOTHING;

-- name: InvoicingHold :one
SELECT * FROM invoicing_hold;

-- name: InvoicingHeld :one
SELECT EXISTS (SELECT 1 FROM invoicing_hold);

-- name: RecordInvoicingCheck :exec
UPDATE invoicing_hold SET checked_at = @checked_at, aeat_head_number = @aeat_head_number,
    aeat_head_hash = @aeat_head_hash, local_head_hash = @local_head_hash, missing = @missing,
    check_error = @check_error;

-- name: LiftInvoicingHold :exec
DELETE FROM invoicing_hold;

-- name: AwaitInvoice :exec
INSERT INTO invoices_awaiting (order_id, kind, reason, held_at) VALUES (@order_id, @kind, @reason, @held_at)
ON CONFLICT (order_id, kind) DO NOTHING;

-- name: InvoicesAwaiting :many
SELECT * FROM invoices_awaiting ORDER BY id;

-- name: DeleteInvoiceAwaiting :exec
DELETE FROM invoices_awaiting WHERE id = @id;

-- LocalRecordKeys are every record's invoice and hash, to compare with
-- what the AEAT holds.
-- name: LocalRecordKeys :many
SELECT issuer_nif, series_number, issue_date, hash FROM verifactu_records ORDER BY id;
