-- Pause and vacation. A paused game (``/game pause``) keeps who paused it, when and why; its
-- timers do not fire. A player who is away (``/game away``) has a row here until they are back;
-- their timers in every game do not fire. On resume or return the held timer rows are shifted
-- by the time they were held (``held_at``: when a row's hold began), so waits, deadlines and
-- clocks go on where they stopped.
ALTER TABLE games ADD COLUMN paused_at REAL;
ALTER TABLE games ADD COLUMN paused_by INTEGER;
ALTER TABLE games ADD COLUMN pause_reason TEXT;
ALTER TABLE timers ADD COLUMN held_at REAL;

-- Players who agreed to pause or resume a game (a player asks, the others press a button);
-- cleared when the game is paused or resumed.
CREATE TABLE pause_votes (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id   INTEGER NOT NULL,
    action    TEXT    NOT NULL CHECK (action IN ('pause', 'resume')),
    reason    TEXT,
    voted_at  REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

CREATE TABLE away (
    user_id  INTEGER PRIMARY KEY,
    since    REAL    NOT NULL,
    until    REAL    NOT NULL      -- back by itself then (UTC seconds)
);
CREATE INDEX away_until ON away (until);
