-- +goose Up
-- Shipping as the shop runs it (issue 33, docs/shipping.md): rates the
-- owner sets by method, zone and weight, the parcel's weight from its
-- products, and what an order keeps of the way it ships.

-- The packed product's gross weight; NULL while unknown (the shop's default
-- weight, shipping_settings, is counted and the back office flags it).
-- 50 kg is beyond any parcel carrier's limit per piece: a larger figure is
-- a typo (kilograms typed as grams the other way round).
ALTER TABLE products ADD COLUMN shipping_weight_grams integer
    CHECK (shipping_weight_grams BETWEEN 1 AND 50000);
-- The catalogue CSV carries it (docs/catalogue-csv.md).
ALTER TABLE catalogue_import_rows ADD COLUMN shipping_weight_grams integer;

-- A way the shop ships. A cold-chain method leaves only on its dispatch
-- days (ISO weekdays, 1 = Monday) and adds its surcharge to the band's
-- price; a pickup method has no zones and is free; free_above_cents (NULL:
-- never) is measured on the goods after discounts, before shipping.
CREATE TABLE shipping_methods (
    id                     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    code                   text NOT NULL UNIQUE CHECK (code ~ '^[a-z][a-z0-9_]{1,31}$'),
    name_es                text NOT NULL CHECK (length(name_es) BETWEEN 1 AND 80),
    name_pt                text NOT NULL CHECK (length(name_pt) BETWEEN 1 AND 80),
    kind                   text NOT NULL CHECK (kind IN ('standard', 'cold_chain', 'pickup')),
    free_above_cents       bigint CHECK (free_above_cents > 0),
    dispatch_weekdays      smallint[] NOT NULL DEFAULT '{}'
        CHECK (dispatch_weekdays <@ ARRAY[1, 2, 3, 4, 5, 6, 7]::smallint[]),
    surcharge_cents        bigint NOT NULL DEFAULT 0 CHECK (surcharge_cents >= 0),
    label_outside_platform boolean NOT NULL DEFAULT false,
    active                 boolean NOT NULL DEFAULT true,
    position               integer NOT NULL DEFAULT 0,
    CHECK (kind = 'cold_chain' OR (dispatch_weekdays = '{}' AND surcharge_cents = 0))
);

-- The postal codes a method prices alike, by prefix (one to five digits).
-- That no prefix of a method is also covered by another of its zones is
-- checked by the use case under the method's row lock: a prefix and a
-- longer one would make a postal code's zone depend on the order read.
CREATE TABLE shipping_zones (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    method_id       bigint NOT NULL REFERENCES shipping_methods (id) ON DELETE CASCADE,
    name            text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
    postal_prefixes text[] NOT NULL CHECK (cardinality(postal_prefixes) > 0)
);
CREATE INDEX shipping_zones_method_idx ON shipping_zones (method_id);

-- A zone's price for parcels up to a weight; every band has an upper
-- limit, so a parcel heavier than the last band is refused, never priced
-- by guess.
CREATE TABLE shipping_bands (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    zone_id     bigint NOT NULL REFERENCES shipping_zones (id) ON DELETE CASCADE,
    up_to_grams integer NOT NULL CHECK (up_to_grams BETWEEN 1 AND 100000),
    price_cents bigint NOT NULL CHECK (price_cents >= 0),
    UNIQUE (zone_id, up_to_grams)
);

-- One row: the weight counted for a product without one.
CREATE TABLE shipping_settings (
    id                   boolean PRIMARY KEY DEFAULT true CHECK (id),
    default_weight_grams integer NOT NULL CHECK (default_weight_grams BETWEEN 1 AND 50000)
);
INSERT INTO shipping_settings (default_weight_grams) VALUES (1000);

-- Every replica keeps the rates in memory (shipping.Snapshot) and drops
-- them when the change feed moves, as the promotions are (00030, 00260).
CREATE TRIGGER shipping_methods_catalog_changed
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shipping_methods
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
CREATE TRIGGER shipping_zones_catalog_changed
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shipping_zones
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
CREATE TRIGGER shipping_bands_catalog_changed
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shipping_bands
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
CREATE TRIGGER shipping_settings_catalog_changed
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shipping_settings
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();

-- The default rates, which the owner changes in the back office. Standard
-- to the peninsula and the Balearic Islands, free from 29,95 € as the spec
-- promises. The Canary Islands (35, 38), Ceuta (51) and Melilla (52) are
-- outside the EU VAT area: a sale there is an export the shop's invoices
-- do not handle, so no zone may cover them.
INSERT INTO shipping_methods (code, name_es, name_pt, kind, free_above_cents, label_outside_platform, position)
VALUES ('standard', 'Envío estándar (24–72 h)', 'Envio normal (24–72 h)', 'standard', 2995, false, 10);
-- The cold chain: the peninsula only (a chilled parcel is not kept cold
-- overnight on a ferry), leaving Monday to Wednesday so it never waits in
-- a depot over a weekend, booked with the carrier directly (no aggregator
-- sells it). Free only from 59,95 €: the insulated box, the cold packs and
-- the 24-hour service cost the shop two to three times a standard parcel,
-- so the standard promise of 29,95 € would lose money on most frozen
-- orders.
INSERT INTO shipping_methods (code, name_es, name_pt, kind, free_above_cents, dispatch_weekdays, surcharge_cents,
    label_outside_platform, position)
VALUES ('cold_chain', 'Envío refrigerado (cadena de frío)', 'Envio refrigerado (cadeia de frio)', 'cold_chain', 5995,
    '{1,2,3}', 300, true, 20);
INSERT INTO shipping_methods (code, name_es, name_pt, kind, position)
VALUES ('pickup_burela', 'Recogida en la tienda de Burela', 'Levantamento na loja de Burela', 'pickup', 30);

INSERT INTO shipping_zones (method_id, name, postal_prefixes)
SELECT id, 'Península', ARRAY['01', '02', '03', '04', '05', '06', '08', '09', '10', '11', '12', '13', '14', '15', '16', '17', '18', '19', '20', '21', '22', '23', '24', '25', '26', '27', '28', '29', '30', '31', '32', '33', '34', '36', '37', '39', '40', '41', '42', '43', '44', '45', '46', '47', '48', '49', '50'] FROM shipping_methods WHERE code IN ('standard', 'cold_chain');
INSERT INTO shipping_zones (method_id, name, postal_prefixes)
SELECT id, 'Baleares', ARRAY['07'] FROM shipping_methods WHERE code = 'standard';

INSERT INTO shipping_bands (zone_id, up_to_grams, price_cents)
SELECT z.id, b.up_to, b.price
FROM shipping_zones z JOIN shipping_methods m ON m.id = z.method_id
CROSS JOIN LATERAL (VALUES
    ('standard', 'Península', 2000, 495), ('standard', 'Península', 5000, 695),
    ('standard', 'Península', 10000, 995), ('standard', 'Península', 20000, 1495),
    ('standard', 'Península', 30000, 1995),
    ('standard', 'Baleares', 2000, 795), ('standard', 'Baleares', 5000, 1095),
    ('standard', 'Baleares', 10000, 1495), ('standard', 'Baleares', 20000, 2195),
    ('standard', 'Baleares', 30000, 2995),
    ('cold_chain', 'Península', 5000, 795), ('cold_chain', 'Península', 10000, 1095),
    ('cold_chain', 'Península', 20000, 1595)
) AS b (code, zone, up_to, price)
WHERE m.code = b.code AND z.name = b.zone;

-- What an order keeps of the way it ships: the method's code and kind as
-- chosen, the parcel's weight as priced, whether it travels cold, and for a
-- pickup at the shop the code the shopper shows (no address: the delivery
-- fields but the name and contacts stay empty). The alphabet leaves out
-- characters read alike (0/O, 1/I/L, 2/Z, 5/S, 8/B).
ALTER TABLE orders
    ADD COLUMN shipping_method text,
    ADD COLUMN shipping_kind text CHECK (shipping_kind IN ('standard', 'cold_chain', 'pickup')),
    ADD COLUMN cold_chain boolean NOT NULL DEFAULT false,
    ADD COLUMN pickup_code text CHECK (pickup_code ~ '^[ACDEFGHJKMNPQRTUVWXY34679]{6}$'),
    ADD COLUMN shipping_weight_grams integer CHECK (shipping_weight_grams > 0),
    ADD CONSTRAINT orders_pickup_kind_check CHECK ((pickup_code IS NOT NULL) = (shipping_kind IS NOT DISTINCT FROM 'pickup'));
ALTER TABLE orders DROP CONSTRAINT orders_delivery_postal_code_check;
ALTER TABLE orders ADD CONSTRAINT orders_delivery_postal_code_check
    CHECK (delivery_postal_code ~ '^[0-9]{5}$' OR (pickup_code IS NOT NULL AND delivery_postal_code = ''));

-- +goose Down
ALTER TABLE orders DROP CONSTRAINT orders_delivery_postal_code_check;
ALTER TABLE orders ADD CONSTRAINT orders_delivery_postal_code_check CHECK (delivery_postal_code ~ '^[0-9]{5}$');
ALTER TABLE orders DROP CONSTRAINT orders_pickup_kind_check,
    DROP COLUMN shipping_weight_grams, DROP COLUMN pickup_code, DROP COLUMN cold_chain,
    DROP COLUMN shipping_kind, DROP COLUMN shipping_method;
DROP TABLE shipping_settings, shipping_bands, shipping_zones, shipping_methods;
ALTER TABLE catalogue_import_rows DROP COLUMN shipping_weight_grams;
ALTER TABLE products DROP COLUMN shipping_weight_grams;
