-- +goose Up
-- The public pages go out with their content rendered in (issue 20,
-- backend/internal/prerender), the shop's details in every footer and on the
-- contact page among it. A rendered page is kept until the change feed
-- moves, so a change of the settings must move it too, as a catalogue change
-- does (00030): each shopd then renders its pages again.
CREATE TRIGGER settings_catalog_changed
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();

-- +goose Down
DROP TRIGGER settings_catalog_changed ON settings;
