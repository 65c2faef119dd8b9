-- +goose Up
-- The drawer's day at the till (issue 35), append-only: the opening float,
-- cash put in or taken out with why, and the closing count (arqueo). A day
-- is the shop's (Europe/Madrid) and opens and closes once.
CREATE TABLE till_day_entries (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    day           date NOT NULL,
    kind          text NOT NULL CHECK (kind IN ('open', 'move', 'close')),
    amount_cents  bigint NOT NULL,
    reason        text NOT NULL DEFAULT '',
    actor         text NOT NULL,
    actor_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CHECK (kind = 'move' OR amount_cents >= 0),
    CHECK (kind <> 'move' OR (amount_cents <> 0 AND reason <> ''))
);
CREATE INDEX till_day_entries_day_idx ON till_day_entries (day, id);
CREATE UNIQUE INDEX till_day_entries_one_open_idx ON till_day_entries (day) WHERE kind = 'open';
CREATE UNIQUE INDEX till_day_entries_one_close_idx ON till_day_entries (day) WHERE kind = 'close';

-- +goose Down
DROP TABLE till_day_entries;
