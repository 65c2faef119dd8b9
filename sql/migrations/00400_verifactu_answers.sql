-- +goose Up
-- The AEAT's answers to the VERI*FACTU submissions (RespuestaSuministro.xsd:
-- RespuestaRegFactuSistemaFacturacion), kept whole and never changed: one row
-- per message posted that got an answer, and one per record in it. A message
-- posted without an answer (the network, a 5xx) leaves no row and is posted
-- again; a record the AEAT already held comes back as duplicate (3000),
-- which counts as received.
CREATE TABLE verifactu_answers (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    submission_id  bigint NOT NULL REFERENCES verifactu_submissions (id),
    endpoint       text NOT NULL,
    estado_envio   text NOT NULL CHECK (estado_envio IN ('Correcto', 'ParcialmenteCorrecto', 'Incorrecto')),
    csv            text NOT NULL DEFAULT '',
    -- TiempoEsperaEnvio: the next message waits this long after answered_at.
    wait_seconds   integer NOT NULL CHECK (wait_seconds >= 0),
    response       text NOT NULL,
    answered_at    timestamptz NOT NULL
);
CREATE INDEX verifactu_answers_submission_idx ON verifactu_answers (submission_id);

CREATE TABLE verifactu_record_answers (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    answer_id         bigint NOT NULL REFERENCES verifactu_answers (id),
    record_id         bigint NOT NULL REFERENCES verifactu_records (id),
    estado_registro   text NOT NULL CHECK (estado_registro IN ('Correcto', 'AceptadoConErrores', 'Incorrecto')),
    error_code        integer NOT NULL DEFAULT 0,
    error_description text NOT NULL DEFAULT '',
    -- received: the AEAT holds the record (accepted, with errors or not, or
    -- refused as a duplicate of one it holds).
    received          boolean NOT NULL
);
CREATE INDEX verifactu_record_answers_record_idx ON verifactu_record_answers (record_id);

CREATE TRIGGER verifactu_answers_append_only BEFORE UPDATE OR DELETE ON verifactu_answers
    FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER verifactu_answers_no_truncate BEFORE TRUNCATE ON verifactu_answers
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
CREATE TRIGGER verifactu_record_answers_append_only BEFORE UPDATE OR DELETE ON verifactu_record_answers
    FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER verifactu_record_answers_no_truncate BEFORE TRUNCATE ON verifactu_record_answers
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();

-- A record that corrects one the AEAT refused or accepted with errors is a
-- new record of the same invoice (Subsanacion = S; RechazoPrevio = S when
-- the AEAT refused it), chained like any other: the refused one stays.
ALTER TABLE verifactu_records
    ADD COLUMN corrects_record_id bigint REFERENCES verifactu_records (id),
    ADD COLUMN rechazo_previo boolean NOT NULL DEFAULT false,
    ADD CHECK (NOT rechazo_previo OR corrects_record_id IS NOT NULL);
CREATE UNIQUE INDEX verifactu_records_corrects_idx ON verifactu_records (corrects_record_id);

-- +goose Down
DROP INDEX verifactu_records_corrects_idx;
ALTER TABLE verifactu_records DROP COLUMN rechazo_previo, DROP COLUMN corrects_record_id;
DROP TABLE verifactu_record_answers;
DROP TABLE verifactu_answers;
