-- +goose Up
-- A catalogue CSV import (issue 15): the uploaded file, kept in the
-- transaction that queues its River job so the job always finds it, and
-- the job's progress and outcome, which the back office polls. The import
-- itself runs in one transaction of its own (all or nothing); progress is
-- written beside it on another connection so it can be seen while it runs.
CREATE TABLE catalogue_imports (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    file_name        text NOT NULL CHECK (file_name <> ''),
    content          bytea NOT NULL,
    status           text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
    progress_percent integer NOT NULL DEFAULT 0 CHECK (progress_percent BETWEEN 0 AND 100),
    rows_total       integer NOT NULL DEFAULT 0,
    created          integer NOT NULL DEFAULT 0,
    updated          integer NOT NULL DEFAULT 0,
    -- The first 1 000 problems, as catalogueio.Problem in JSON, and how many there were.
    problems         jsonb NOT NULL DEFAULT '[]',
    problem_count    integer NOT NULL DEFAULT 0,
    created_by       bigint REFERENCES users (id) ON DELETE SET NULL,
    -- Who started it as the audit trail names them (e-mail or api-key:N):
    -- the job writes the import's audit row on their behalf.
    created_by_actor text NOT NULL DEFAULT '',
    created_at       timestamptz NOT NULL DEFAULT now(),
    finished_at      timestamptz
);

-- The rows of an import on their way in: checked in Go, copied here with
-- COPY, then written to products and product_food_info with a few
-- set-based statements, and deleted, all in the import's one transaction,
-- so no other transaction ever sees a row. Unlogged: nothing here needs to
-- survive a crash or reach a replica. id is the product's (NULL until a new
-- product is inserted); old_price_cents the price before (NULL for new).
CREATE UNLOGGED TABLE catalogue_import_rows (
    import_id         bigint NOT NULL,
    line              integer NOT NULL,
    id                bigint,
    old_price_cents   bigint,
    name              text NOT NULL,
    code              text NOT NULL,
    sku               text NOT NULL,
    ean               text NOT NULL,
    brand             text NOT NULL,
    description       text NOT NULL,
    category          text NOT NULL,
    country_slug      text,
    price_cents       bigint NOT NULL,
    vat_basis_points  integer NOT NULL,
    stock             integer NOT NULL,
    online_categories text[] NOT NULL,
    image_url         text NOT NULL,
    name_pt           text NOT NULL,
    description_pt    text NOT NULL,
    is_food           boolean NOT NULL,
    frozen            boolean NOT NULL,
    perishable        boolean NOT NULL,
    sealed_hygiene    boolean NOT NULL,
    age_restricted    boolean NOT NULL,
    has_food          boolean NOT NULL,
    ingredients_es    text NOT NULL,
    ingredients_pt    text NOT NULL,
    contains          text[] NOT NULL,
    may_contain       text[] NOT NULL,
    net_quantity      bigint NOT NULL,
    net_unit          text NOT NULL,
    drained_weight_g  bigint,
    storage_es        text NOT NULL,
    storage_pt        text NOT NULL,
    energy_kj         integer,
    energy_kcal       integer,
    fat_mg            integer,
    saturates_mg      integer,
    carbohydrate_mg   integer,
    sugars_mg         integer,
    protein_mg        integer,
    salt_mg           integer,
    abv_basis_points  integer,
    operator_name     text NOT NULL,
    operator_address  text NOT NULL
);
CREATE INDEX catalogue_import_rows_import_idx ON catalogue_import_rows (import_id, sku);

-- +goose Down
DROP TABLE catalogue_import_rows;
DROP TABLE catalogue_imports;
