-- A move that is a player's only choice plays itself (``/game config auto_forced``), on by
-- default; the log marks such moves with the kind 'forced'.
ALTER TABLE guild_settings ADD COLUMN auto_forced INTEGER NOT NULL DEFAULT 1;

CREATE TABLE moves_v9 (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n          INTEGER NOT NULL,
    player_id  TEXT    NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ('move', 'resign', 'skip', 'forfeit', 'kick', 'forced')),
    move       TEXT    NOT NULL,
    created_at REAL    NOT NULL,
    actor_id   INTEGER,
    undone_at  REAL,
    said       TEXT,
    ends_turn  INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (game_id, n)
);
INSERT INTO moves_v9 (game_id, n, player_id, kind, move, created_at, actor_id, undone_at, said, ends_turn)
    SELECT game_id, n, player_id, kind, move, created_at, actor_id, undone_at, said, ends_turn FROM moves;
DROP TABLE moves;
ALTER TABLE moves_v9 RENAME TO moves;
