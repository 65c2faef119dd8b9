-- +goose Up
-- API keys get narrower scopes and an optional expiry (issue: a read-only
-- or admin key reached the whole back office, keys included). An old admin
-- key keeps the catalogue and orders; no key manages keys any more.
ALTER TABLE api_keys
    ADD COLUMN scopes text[],
    ADD COLUMN expires_at timestamptz;
UPDATE api_keys SET scopes = CASE scope
    WHEN 'admin' THEN ARRAY['catalog_read', 'catalog_write', 'orders_read']
    ELSE ARRAY['catalog_read', 'orders_read']
END;
ALTER TABLE api_keys
    ALTER COLUMN scopes SET NOT NULL,
    ADD CONSTRAINT api_keys_scopes_check
        CHECK (cardinality(scopes) > 0 AND scopes <@ ARRAY['catalog_read', 'catalog_write', 'orders_read']),
    ADD CONSTRAINT api_keys_expiry_check CHECK (expires_at IS NULL OR expires_at > created_at),
    DROP COLUMN scope;

-- +goose Down
ALTER TABLE api_keys ADD COLUMN scope text;
UPDATE api_keys SET scope = CASE WHEN 'catalog_write' = ANY(scopes) THEN 'admin' ELSE 'read_only' END;
ALTER TABLE api_keys
    ALTER COLUMN scope SET NOT NULL,
    ADD CONSTRAINT api_keys_scope_check CHECK (scope IN ('read_only', 'admin')),
    DROP COLUMN scopes,
    DROP COLUMN expires_at;
