-- Pause and vacation. A paused game (``/game pause``) keeps who paused it, when and why; its
-- timers do not fire. A player who is away (``/game away``) has a row here until they are back;
-- their timers in every game do not fire. On resume or return the held timer rows are shifted
-- by the time they were held (``held_at``: when a row's hold began), so waits, deadlines and
-- clocks go on where they stopped.
ALTER TABLE games ADD COLUMN paused_at DOUBLE PRECISION;
ALTER TABLE games ADD COLUMN paused_by BIGINT;
ALTER TABLE games ADD COLUMN pause_reason TEXT;
ALTER TABLE timers ADD COLUMN held_at DOUBLE PRECISION;

-- Players who agreed to pause or resume a game (a player asks, the others press a button);
-- cleared when the game is paused or resumed.
CREATE TABLE pause_votes (
    game_id   BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id   BIGINT  NOT NULL,
    action    TEXT    NOT NULL CHECK (action IN ('pause', 'resume')),
    reason    TEXT,
    voted_at  DOUBLE PRECISION   NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

CREATE TABLE away (
    user_id  BIGINT PRIMARY KEY,
    since    DOUBLE PRECISION NOT NULL,
    until    DOUBLE PRECISION NOT NULL     -- back by itself then (UTC seconds)
);
CREATE INDEX away_until ON away (until);
