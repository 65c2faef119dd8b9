-- +goose Up
-- Invoices (RD 1619/2012) and their VeriFactu records (RD 1007/2023).
-- Tax law wants invoices kept unchanged for years and numbered without
-- gaps, so the rows below are append-only (a trigger refuses UPDATE and
-- DELETE) and numbers come from a counter row per series that the issuing
-- transaction locks: a sequence would leave a gap at each rollback.

-- One row per series (kind and year); last_number is the last number given.
-- INSERT … ON CONFLICT DO UPDATE locks the row until the issuing
-- transaction ends, so concurrent issuers queue and a rollback gives the
-- number back.
CREATE TABLE invoice_counters (
    kind        text NOT NULL CHECK (kind IN ('simplified', 'complete', 'corrective')),
    year        integer NOT NULL CHECK (year BETWEEN 2000 AND 9999),
    last_number integer NOT NULL CHECK (last_number > 0),
    PRIMARY KEY (kind, year)
);

CREATE TABLE invoices (
    id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind                text NOT NULL CHECK (kind IN ('simplified', 'complete', 'corrective')),
    year                integer NOT NULL,
    number              integer NOT NULL CHECK (number > 0),
    -- NumSerieFactura as printed and sent to the AEAT, such as FS2026-000001.
    series_number       text NOT NULL UNIQUE CHECK (length(series_number) BETWEEN 1 AND 60),
    -- TipoFactura of the AEAT: F1 complete, F2 simplified, F3 complete in
    -- place of a simplified one, R1 corrective of a complete, R5 of a
    -- simplified invoice.
    aeat_type           text NOT NULL CHECK (aeat_type IN ('F1', 'F2', 'F3', 'R1', 'R5')),
    order_id            bigint NOT NULL REFERENCES orders (id),
    -- The invoice a corrective one corrects, or a complete one replaces.
    refers_to           bigint REFERENCES invoices (id),
    reason              text NOT NULL DEFAULT '',
    issued_at           timestamptz NOT NULL,
    issue_date          date NOT NULL,
    -- The shop's legal identity when it issued the invoice.
    issuer_name         text NOT NULL CHECK (issuer_name <> ''),
    issuer_nif          text NOT NULL CHECK (issuer_nif <> ''),
    issuer_address      text NOT NULL CHECK (issuer_address <> ''),
    -- The buyer, on complete invoices only.
    buyer_nif           text NOT NULL DEFAULT '',
    buyer_name          text NOT NULL DEFAULT '',
    buyer_address       text NOT NULL DEFAULT '',
    base_cents          bigint NOT NULL,
    vat_cents           bigint NOT NULL,
    total_cents         bigint NOT NULL CHECK (total_cents = base_cents + vat_cents),
    UNIQUE (kind, year, number)
);
CREATE INDEX invoices_order_idx ON invoices (order_id, id);
CREATE INDEX invoices_issued_idx ON invoices (issued_at, id);
-- An order has at most one simplified and one complete invoice.
CREATE UNIQUE INDEX invoices_one_simplified_idx ON invoices (order_id) WHERE kind = 'simplified';
CREATE UNIQUE INDEX invoices_one_complete_idx ON invoices (order_id) WHERE kind = 'complete';

-- The lines as invoiced; corrective invoices carry negative quantities.
CREATE TABLE invoice_lines (
    invoice_id       bigint NOT NULL REFERENCES invoices (id),
    line_no          integer NOT NULL CHECK (line_no > 0),
    description      text NOT NULL,
    quantity         integer NOT NULL CHECK (quantity <> 0),
    unit_price_cents bigint NOT NULL,
    vat_basis_points integer NOT NULL CHECK (vat_basis_points BETWEEN 0 AND 10000),
    total_cents      bigint NOT NULL,
    PRIMARY KEY (invoice_id, line_no)
);

-- The taxable base and VAT per rate, as the law asks when rates differ.
CREATE TABLE invoice_taxes (
    invoice_id       bigint NOT NULL REFERENCES invoices (id),
    vat_basis_points integer NOT NULL CHECK (vat_basis_points BETWEEN 0 AND 10000),
    base_cents       bigint NOT NULL,
    vat_cents        bigint NOT NULL,
    PRIMARY KEY (invoice_id, vat_basis_points)
);

-- VeriFactu's invoice records (alta, anulación), each chained by SHA-256
-- to the one before. The fields are kept exactly as hashed (text), so the
-- chain can be recomputed whatever the formatting code becomes.
CREATE TABLE verifactu_records (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    invoice_id     bigint NOT NULL REFERENCES invoices (id),
    kind           text NOT NULL CHECK (kind IN ('alta', 'anulacion')),
    issuer_nif     text NOT NULL,
    series_number  text NOT NULL,
    issue_date     text NOT NULL,
    invoice_type   text NOT NULL,
    vat_total      text NOT NULL,
    total          text NOT NULL,
    previous_hash  text NOT NULL,
    generated_at   text NOT NULL,
    hash           text NOT NULL UNIQUE CHECK (hash ~ '^[0-9A-F]{64}$'),
    created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX verifactu_records_invoice_idx ON verifactu_records (invoice_id);

-- The chain's last hash. Issuing locks this single row, so records are
-- chained one after the other even when invoices are issued at once.
CREATE TABLE verifactu_chain_head (
    id        boolean PRIMARY KEY DEFAULT true CHECK (id),
    record_id bigint REFERENCES verifactu_records (id),
    hash      text NOT NULL DEFAULT ''
);
INSERT INTO verifactu_chain_head DEFAULT VALUES;

-- +goose StatementBegin
CREATE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
-- +goose StatementEnd

CREATE TRIGGER invoices_append_only BEFORE UPDATE OR DELETE ON invoices
    FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER invoices_no_truncate BEFORE TRUNCATE ON invoices
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
CREATE TRIGGER invoice_lines_append_only BEFORE UPDATE OR DELETE ON invoice_lines
    FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER invoice_lines_no_truncate BEFORE TRUNCATE ON invoice_lines
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
CREATE TRIGGER invoice_taxes_append_only BEFORE UPDATE OR DELETE ON invoice_taxes
    FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER invoice_taxes_no_truncate BEFORE TRUNCATE ON invoice_taxes
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
CREATE TRIGGER verifactu_records_append_only BEFORE UPDATE OR DELETE ON verifactu_records
    FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER verifactu_records_no_truncate BEFORE TRUNCATE ON verifactu_records
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();

-- +goose Down
DROP TABLE verifactu_chain_head, verifactu_records, invoice_taxes, invoice_lines, invoices, invoice_counters;
DROP FUNCTION refuse_change;
