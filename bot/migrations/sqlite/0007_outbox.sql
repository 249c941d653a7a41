-- The transactional outbox: what the service decided to say after a write is stored in the
-- same transaction as that write, then delivered (at least once, with a nonce) by the adapter.
CREATE TABLE outbox (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    key           TEXT    NOT NULL UNIQUE,   -- random; also the message nonce (resends don't post twice)
    game_id       INTEGER REFERENCES games (id) ON DELETE CASCADE,
    version       INTEGER,                   -- the game version the write produced
    guild_id      INTEGER,
    channel_id    INTEGER NOT NULL,          -- where it goes (for a DM: where its fallback goes)
    user_id       INTEGER,                   -- the addressee of a DM
    kind          TEXT    NOT NULL CHECK (kind IN ('post', 'dm', 'lobby')),
    body          TEXT    NOT NULL,          -- JSON: words as translatable Text, images as views to draw
    arms          INTEGER NOT NULL DEFAULT 0, -- delivering it starts the turn clocks of its game
    created_at    REAL    NOT NULL,
    attempts      INTEGER NOT NULL DEFAULT 0,
    next_try_at   REAL    NOT NULL,
    claimed_until REAL,                      -- a deliverer holds it until then
    claimed_by    TEXT,
    done_at       REAL,                      -- delivered, delivered another way, or given up
    outcome       TEXT CHECK (outcome IN ('sent', 'fallback', 'failed')),
    message_id    INTEGER,
    last_error    TEXT
);
CREATE INDEX outbox_pending ON outbox (next_try_at, id) WHERE done_at IS NULL;
CREATE INDEX outbox_by_game ON outbox (game_id);

-- Turn clocks start when the ping is delivered: timers written with a move wait, unarmed,
-- for the outbox row that pings; "delay" is how long after that delivery they fall due.
ALTER TABLE timers ADD COLUMN armed INTEGER NOT NULL DEFAULT 1;
ALTER TABLE timers ADD COLUMN delay REAL;
ALTER TABLE timers ADD COLUMN since_version INTEGER;
