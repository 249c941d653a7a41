-- A time zone and quiet hours per person (/game notify timezone: quiet:), across servers, and
-- the notices those hours held back: they go out once, gathered, when the quiet hours end.
CREATE TABLE person_clocks (
    user_id    BIGINT PRIMARY KEY,
    zone       TEXT NOT NULL DEFAULT 'UTC',   -- an IANA name
    quiet_from INTEGER,                       -- minutes after local midnight; NULL: no quiet hours
    quiet_to   INTEGER,
    release_at DOUBLE PRECISION,              -- when the held notices go out (their quiet hours' end)
    updated_at DOUBLE PRECISION NOT NULL
);
CREATE INDEX person_clocks_release ON person_clocks (release_at) WHERE release_at IS NOT NULL;
CREATE TABLE held_notices (
    user_id BIGINT NOT NULL,
    game_id BIGINT NOT NULL,
    kind    TEXT NOT NULL CHECK (kind IN ('turn', 'reminder', 'deadline')),
    held_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, game_id, kind)
);
