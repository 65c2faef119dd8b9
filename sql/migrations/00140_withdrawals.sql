-- +goose Up
-- The withdrawal function (Directive 2011/83 art. 11a, added by Directive
-- 2023/2673; TRLGDCU art. 102-108), backend/internal/shop/withdrawal.go.
-- A shopper withdraws lines of an order, signed in or through the signed
-- link of the order e-mail; the back office records the goods received back
-- (stock returns through the ledger) and refunds within 14 days.
--
-- status: requested (the shopper told us; the acknowledgement is sent),
-- received (goods back: each line accepted or rejected), refunded (the
-- money went back), rejected (every line came back opened: sealed hygiene
-- goods), cancelled (withdrawn before shipping from an unpaid order: the
-- order was cancelled and there is nothing to return or refund). A paid
-- order withdrawn before shipping is received at once: nothing left the shop.
CREATE TABLE withdrawals (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id         bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    status           text NOT NULL DEFAULT 'requested'
        CHECK (status IN ('requested', 'received', 'refunded', 'rejected', 'cancelled')),
    -- account: the order page of a signed-in shopper; link: the signed link.
    channel          text NOT NULL CHECK (channel IN ('account', 'link')),
    cancelled_order  boolean NOT NULL DEFAULT false,
    requested_at     timestamptz NOT NULL DEFAULT now(),
    received_at      timestamptz,
    refunded_at      timestamptz,
    refund_cents     bigint NOT NULL DEFAULT 0 CHECK (refund_cents >= 0),
    -- redsys: through the card or Bizum payment; bank_transfer: recorded by hand.
    refund_method    text NOT NULL DEFAULT '' CHECK (refund_method IN ('', 'redsys', 'bank_transfer')),
    refund_reference text NOT NULL DEFAULT '',
    note             text NOT NULL DEFAULT '',
    CHECK ((status IN ('received', 'refunded', 'rejected')) = (received_at IS NOT NULL)),
    CHECK ((status = 'refunded') = (refunded_at IS NOT NULL))
);
CREATE INDEX withdrawals_order_idx ON withdrawals (order_id, id);
-- The back office's list, newest first, and its filter by status.
CREATE INDEX withdrawals_status_idx ON withdrawals (status, id DESC);

-- The lines withdrawn, each pointing at the order line it returns. A sealed
-- hygiene line is accepted when requested and judged when it comes back:
-- rejected with a reason when opened.
CREATE TABLE withdrawal_lines (
    withdrawal_id bigint NOT NULL REFERENCES withdrawals (id) ON DELETE CASCADE,
    order_id      bigint NOT NULL,
    line_no       integer NOT NULL,
    quantity      integer NOT NULL CHECK (quantity > 0),
    status        text NOT NULL DEFAULT 'requested'
        CHECK (status IN ('requested', 'received', 'rejected', 'refunded')),
    reject_reason text NOT NULL DEFAULT '',
    PRIMARY KEY (withdrawal_id, line_no),
    FOREIGN KEY (order_id, line_no) REFERENCES order_lines (order_id, line_no) ON DELETE CASCADE,
    CHECK ((status = 'rejected') = (reject_reason <> ''))
);
-- What of an order's lines is already withdrawn.
CREATE INDEX withdrawal_lines_order_idx ON withdrawal_lines (order_id, line_no);

-- E-mails about a withdrawal name it: an order may have several, each with
-- its acknowledgement, goods-received and refund messages.
ALTER TABLE outbound_emails
    ADD COLUMN withdrawal_id bigint REFERENCES withdrawals (id) ON DELETE SET NULL,
    DROP CONSTRAINT outbound_emails_kind_check,
    ADD CONSTRAINT outbound_emails_kind_check CHECK (kind IN (
        'order_received', 'payment_received', 'shipped', 'cancelled',
        'withdrawal_received', 'withdrawal_goods_received', 'withdrawal_refunded'));

-- +goose Down
ALTER TABLE outbound_emails
    DROP CONSTRAINT outbound_emails_kind_check,
    ADD CONSTRAINT outbound_emails_kind_check CHECK (kind IN ('order_received', 'payment_received', 'shipped', 'cancelled')),
    DROP COLUMN withdrawal_id;
DROP TABLE withdrawal_lines;
DROP TABLE withdrawals;
