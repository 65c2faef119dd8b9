-- +goose Up
-- A till ticket e-mailed to the customer (issue 35): an outbound_emails row
-- of kind till_ticket on the sale (order_id), in the language the ticket
-- was drawn in; the worker draws the ticket's PDF when it sends. The kind
-- is added to the constraint as it stands, whatever other kinds beside it.
ALTER TABLE outbound_emails ADD COLUMN language text CHECK (language IN ('es', 'pt'));
-- +goose StatementBegin
DO $$
DECLARE
    def text;
BEGIN
    SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint
    WHERE conrelid = 'outbound_emails'::regclass AND conname = 'outbound_emails_kind_check';
    IF position('''till_ticket''' IN def) > 0 THEN
        RETURN;
    END IF;
    EXECUTE 'ALTER TABLE outbound_emails DROP CONSTRAINT outbound_emails_kind_check';
    EXECUTE 'ALTER TABLE outbound_emails ADD CONSTRAINT outbound_emails_kind_check '
        || replace(def, '''api_key_expiring''::text', '''api_key_expiring''::text, ''till_ticket''::text');
END
$$;
-- +goose StatementEnd

-- +goose Down
DELETE FROM outbound_emails WHERE kind = 'till_ticket';
-- +goose StatementBegin
DO $$
DECLARE
    def text;
BEGIN
    SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint
    WHERE conrelid = 'outbound_emails'::regclass AND conname = 'outbound_emails_kind_check';
    EXECUTE 'ALTER TABLE outbound_emails DROP CONSTRAINT outbound_emails_kind_check';
    EXECUTE 'ALTER TABLE outbound_emails ADD CONSTRAINT outbound_emails_kind_check '
        || replace(def, ', ''till_ticket''::text', '');
END
$$;
-- +goose StatementEnd
ALTER TABLE outbound_emails DROP COLUMN language;
