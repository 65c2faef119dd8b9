-- +goose Up
-- The weekly e-mail to the owner of the lots expiring soon (issue 40,
-- docs/lots.md): one outbound_emails row per week (its message id names
-- the ISO week), so a week's digest is sent once however many schedulers
-- run. The kind is added to the constraint as it stands, whatever kinds
-- other migrations of the same issue (the recall's e-mail) add beside it.
-- +goose StatementBegin
DO $$
DECLARE
    def text;
BEGIN
    SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint
    WHERE conrelid = 'outbound_emails'::regclass AND conname = 'outbound_emails_kind_check';
    IF position('''lot_expiry_digest''' IN def) > 0 THEN
        RETURN;
    END IF;
    EXECUTE 'ALTER TABLE outbound_emails DROP CONSTRAINT outbound_emails_kind_check';
    EXECUTE 'ALTER TABLE outbound_emails ADD CONSTRAINT outbound_emails_kind_check '
        || replace(def, '''api_key_expiring''::text', '''api_key_expiring''::text, ''lot_expiry_digest''::text');
END
$$;
-- +goose StatementEnd

-- +goose Down
DELETE FROM outbound_emails WHERE kind = 'lot_expiry_digest';
-- +goose StatementBegin
DO $$
DECLARE
    def text;
BEGIN
    SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint
    WHERE conrelid = 'outbound_emails'::regclass AND conname = 'outbound_emails_kind_check';
    EXECUTE 'ALTER TABLE outbound_emails DROP CONSTRAINT outbound_emails_kind_check';
    EXECUTE 'ALTER TABLE outbound_emails ADD CONSTRAINT outbound_emails_kind_check '
        || replace(def, ', ''lot_expiry_digest''::text', '');
END
$$;
-- +goose StatementEnd
