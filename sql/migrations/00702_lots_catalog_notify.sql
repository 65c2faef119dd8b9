-- +goose Up
-- The storefront says when units on sale are of a best-before lot past its
-- date (CatalogService's past_best_before): the catalogue caches drop when
-- the owner chooses to sell such a lot, stops, or it runs out or is blocked.
CREATE TRIGGER lots_catalog_updated
    AFTER UPDATE ON lots
    FOR EACH ROW
    WHEN (OLD.sell_past_best_before IS DISTINCT FROM NEW.sell_past_best_before
        OR (NEW.sell_past_best_before AND ((OLD.remaining > 0) <> (NEW.remaining > 0)
            OR OLD.blocked_reason IS DISTINCT FROM NEW.blocked_reason)))
    EXECUTE FUNCTION notify_catalog_changed();

-- +goose Down
DROP TRIGGER lots_catalog_updated ON lots;
