-- +goose Up
-- Verified reviews (issue 41). The Omnibus directive bans fake reviews and
-- asks the shop to say how reviews are verified: only the buyer of a
-- delivered order may review its products, once per product and order, and
-- nothing shows before the owner publishes it. The text is the shopper's
-- and is never edited: the owner publishes or rejects it with a reason.
CREATE TABLE product_reviews (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id      bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    product_id    bigint NOT NULL REFERENCES products (id),
    user_id       bigint NOT NULL REFERENCES users (id),
    -- The name shown: the buyer's first name and initial, taken from the
    -- order when written, never the full name.
    author        text NOT NULL CHECK (char_length(author) BETWEEN 1 AND 60),
    stars         smallint NOT NULL CHECK (stars BETWEEN 1 AND 5),
    body          text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
    language      text NOT NULL CHECK (language IN ('es', 'pt')),
    status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'published', 'rejected')),
    reject_reason text NOT NULL DEFAULT '' CHECK (char_length(reject_reason) <= 500),
    moderated_by  bigint REFERENCES users (id) ON DELETE SET NULL,
    moderated_at  timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (order_id, product_id),
    CHECK ((status = 'rejected') = (reject_reason <> '')),
    CHECK ((status = 'pending') = (moderated_at IS NULL))
);
CREATE INDEX product_reviews_published_idx ON product_reviews (product_id, created_at DESC, id DESC)
    WHERE status = 'published';
CREATE INDEX product_reviews_status_idx ON product_reviews (status, created_at DESC, id DESC);

-- products.rating was a seeded number with no review behind it; from now on
-- it and review_count are the published reviews' average and count, kept by
-- the moderation use case in its transaction (so listings read them with
-- the product, without a join).
ALTER TABLE products ADD COLUMN review_count integer NOT NULL DEFAULT 0 CHECK (review_count >= 0);
UPDATE products SET rating = 0 WHERE rating <> 0;

-- +goose Down
ALTER TABLE products DROP COLUMN review_count;
DROP TABLE product_reviews;
