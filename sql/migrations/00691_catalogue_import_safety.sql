-- +goose Up
-- A catalogue file's safety columns (GPSR, Reg. 2023/988 art. 19: the
-- manufacturer, the EU responsible person, the warnings; issue 37), staged
-- with the row like its food information. has_safety: the row fills any of
-- them; safety_columns: the file has them at all, so a file written before
-- they existed leaves the products' safety information as it is instead of
-- erasing it.
ALTER TABLE catalogue_import_rows
    ADD COLUMN safety_columns       boolean NOT NULL DEFAULT false,
    ADD COLUMN has_safety           boolean NOT NULL DEFAULT false,
    ADD COLUMN manufacturer_name    text NOT NULL DEFAULT '',
    ADD COLUMN manufacturer_address text NOT NULL DEFAULT '',
    ADD COLUMN manufacturer_contact text NOT NULL DEFAULT '',
    ADD COLUMN manufacturer_country text NOT NULL DEFAULT '',
    ADD COLUMN responsible_name     text NOT NULL DEFAULT '',
    ADD COLUMN responsible_address  text NOT NULL DEFAULT '',
    ADD COLUMN responsible_contact  text NOT NULL DEFAULT '',
    ADD COLUMN warnings_es          text NOT NULL DEFAULT '',
    ADD COLUMN warnings_pt          text NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE catalogue_import_rows
    DROP COLUMN safety_columns, DROP COLUMN has_safety,
    DROP COLUMN manufacturer_name, DROP COLUMN manufacturer_address, DROP COLUMN manufacturer_contact,
    DROP COLUMN manufacturer_country, DROP COLUMN responsible_name, DROP COLUMN responsible_address,
    DROP COLUMN responsible_contact, DROP COLUMN warnings_es, DROP COLUMN warnings_pt;
