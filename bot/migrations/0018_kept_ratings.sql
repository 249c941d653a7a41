-- Ratings and records are kept, not recomputed on every /game stats: each finished game
-- updates them in the transaction that stores its result. They are filled from the finished
-- games once, when the bot first opens the database after this migration, and
-- "python -m bot ratings rebuild" recomputes them and compares.
CREATE TABLE ratings (
    scope   TEXT NOT NULL,              -- a server's id, or 'global' (across servers)
    game    TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    rating  DOUBLE PRECISION NOT NULL,  -- Elo (bot/store/elo.py)
    games   INTEGER NOT NULL,           -- rated games
    wins    INTEGER NOT NULL,           -- first places in them
    PRIMARY KEY (scope, game, user_id)
);
CREATE INDEX ratings_by_user ON ratings (user_id, scope);
-- Every finished game of a server, rated or not, for each person who played it; the row of
-- user 0 counts the server's finished games of that game (a person's id is never 0).
CREATE TABLE records (
    guild_id BIGINT NOT NULL,
    game     TEXT NOT NULL,
    user_id  BIGINT NOT NULL,
    name     TEXT NOT NULL,             -- as they were called in their latest game
    played   INTEGER NOT NULL,
    won      INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
CREATE INDEX records_by_user ON records (user_id, guild_id);
-- The teams of cooperative games (the people of one game together).
CREATE TABLE team_records (
    guild_id BIGINT NOT NULL,
    game     TEXT NOT NULL,
    team     TEXT NOT NULL,             -- the team's user ids, sorted, joined by commas
    played   INTEGER NOT NULL,
    won      INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game, team)
);
-- The store fills the new tables from the finished games when it next opens the database (the
-- Elo arithmetic is Python's), then removes this row.
INSERT INTO meta (key, value) VALUES ('ratings:stale', '1');
