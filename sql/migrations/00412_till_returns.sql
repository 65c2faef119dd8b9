-- +goose Up
-- What a return at the till gave back, and how (issue 35): one row per
-- return, with its corrective invoice; append-only. The key makes a retried
-- return answer the one already made.
CREATE TABLE till_refunds (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    idempotency_key uuid NOT NULL UNIQUE,
    order_id        bigint NOT NULL REFERENCES orders (id),
    invoice_id      bigint NOT NULL REFERENCES invoices (id),
    method          text NOT NULL CHECK (method IN ('cash', 'card')),
    amount_cents    bigint NOT NULL CHECK (amount_cents > 0),
    actor_user_id   bigint REFERENCES users (id) ON DELETE SET NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX till_refunds_order_idx ON till_refunds (order_id);

-- +goose Down
DROP TABLE till_refunds;
