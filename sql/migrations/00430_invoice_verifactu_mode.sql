-- +goose Up
-- What an invoice shows of VERI*FACTU belongs to the moment of issue, not to
-- the settings of the day it is printed again: the "VERI*FACTU" legend
-- (Orden HAC/1177/2024: invoices of a system in VERI*FACTU mode carry it)
-- and the AEAT checker its QR code points to. Both are set at insert, like
-- the rest of the row (invoices are append-only). Invoices issued before
-- this column were issued while no record had yet been sent to the AEAT in
-- production: the test checker, no legend.
ALTER TABLE invoices
    ADD COLUMN verifactu_legend boolean NOT NULL DEFAULT false,
    ADD COLUMN qr_base text NOT NULL DEFAULT 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR'
        CHECK (qr_base LIKE 'https://%');
ALTER TABLE invoices ALTER COLUMN verifactu_legend DROP DEFAULT, ALTER COLUMN qr_base DROP DEFAULT;

-- The mode shopd runs in, written at each start from its configuration
-- (VERIFACTU_SEND, DEV_AEAT, VERIFACTU_ENVIRONMENT), so every path that
-- issues an invoice stamps it from the same place, in its transaction.
CREATE TABLE verifactu_mode (
    singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
    legend    boolean NOT NULL,
    qr_base   text NOT NULL CHECK (qr_base LIKE 'https://%'),
    set_at    timestamptz NOT NULL
);

-- +goose Down
DROP TABLE verifactu_mode;
ALTER TABLE invoices DROP COLUMN qr_base, DROP COLUMN verifactu_legend;
