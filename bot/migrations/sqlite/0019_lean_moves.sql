-- The move log keeps only what replays a game: the words once stored with every move
-- ("said") follow from the seed and the log (bot/service/news.py words what it tells), and
-- they were most of the log's size. The table is also keyed by (game_id, n) alone (WITHOUT
-- ROWID), so the key is not stored a second time in an index of its own.
CREATE TABLE moves_v19 (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n          INTEGER NOT NULL,           -- 1, 2, ... within the game, undone entries too
    player_id  TEXT    NOT NULL,           -- the engine's seat id
    kind       TEXT    NOT NULL            -- how the entry replays: a move, or a seat leaving
        CHECK (kind IN ('move', 'resign', 'skip', 'forfeit', 'kick', 'forced')),
    move       TEXT    NOT NULL,           -- canonical notation (a seat leaving: its kind)
    created_at REAL    NOT NULL,           -- whole seconds (the export shows seconds)
    actor_id   INTEGER,                    -- who made it: 0 a bot, NULL the game itself
    undone_at  REAL,                       -- taken back (the entry stays, skipped on replay)
    ends_turn  INTEGER NOT NULL DEFAULT 1, -- 0: a step inside a turn of several actions
    PRIMARY KEY (game_id, n)
) WITHOUT ROWID;
-- Times of entries are whole seconds from now on: old ones too.
INSERT INTO moves_v19 (game_id, n, player_id, kind, move, created_at, actor_id, undone_at, ends_turn)
    SELECT game_id, n, player_id, kind, move, CAST(created_at AS INTEGER), actor_id, undone_at,
           ends_turn FROM moves;
DROP TABLE moves;
ALTER TABLE moves_v19 RENAME TO moves;
