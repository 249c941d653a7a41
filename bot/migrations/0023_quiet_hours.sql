-- A time zone, quiet hours and a daily digest per person (/game notify timezone: quiet:
-- digest:), across servers, and the notices quiet hours held back: they go out once, gathered,
-- when the quiet hours end.
CREATE TABLE person_clocks (
    user_id    BIGINT PRIMARY KEY,
    zone       TEXT NOT NULL DEFAULT 'UTC',   -- an IANA name
    quiet_from INTEGER,                       -- minutes after local midnight; NULL: no quiet hours
    quiet_to   INTEGER,
    release_at DOUBLE PRECISION,              -- when the held notices go out (their quiet hours' end)
    digest_at  INTEGER,                       -- the daily digest's minute of the local day; NULL: none
    digest_due DOUBLE PRECISION,              -- when the next digest goes out
    digest_key TEXT,                          -- the outbox row of the last one (refused: it stops)
    updated_at DOUBLE PRECISION NOT NULL
);
CREATE INDEX person_clocks_release ON person_clocks (release_at) WHERE release_at IS NOT NULL;
CREATE INDEX person_clocks_digest ON person_clocks (digest_due) WHERE digest_due IS NOT NULL;
CREATE TABLE held_notices (
    user_id BIGINT NOT NULL,
    game_id BIGINT NOT NULL,
    kind    TEXT NOT NULL CHECK (kind IN ('turn', 'reminder', 'deadline')),
    held_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, game_id, kind)
);
