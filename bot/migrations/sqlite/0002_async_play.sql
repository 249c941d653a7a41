-- Asynchronous play: server timing settings, per-game overrides, timers, undo, more move kinds.

ALTER TABLE guild_settings ADD COLUMN start_policy TEXT NOT NULL DEFAULT 'moderators'
    CHECK (start_policy IN ('moderators', 'role', 'everyone'));
ALTER TABLE guild_settings ADD COLUMN reminder_seconds INTEGER DEFAULT 43200;   -- NULL: no reminders
ALTER TABLE guild_settings ADD COLUMN deadline_seconds INTEGER;                 -- NULL: no deadline
ALTER TABLE guild_settings ADD COLUMN deadline_action TEXT NOT NULL DEFAULT 'remind'
    CHECK (deadline_action IN ('remind', 'skip', 'forfeit'));

-- Per-game overrides of the timing settings, JSON ({"reminder": s|null, "deadline": s|null, "on-deadline": a}).
ALTER TABLE games ADD COLUMN timing TEXT NOT NULL DEFAULT '{}';

-- The move log gains kinds for moderation and timers, who caused it, and undo marks.
CREATE TABLE moves_v2 (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n          INTEGER NOT NULL,
    player_id  TEXT    NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ('move', 'resign', 'skip', 'forfeit', 'kick')),
    move       TEXT    NOT NULL,
    created_at REAL    NOT NULL,
    actor_id   INTEGER,            -- the Discord user who caused it (a moderator for kick/skip), NULL for timers
    undone_at  REAL,               -- set by /game undo; undone moves stay in the log
    PRIMARY KEY (game_id, n)
);
INSERT INTO moves_v2 (game_id, n, player_id, kind, move, created_at)
    SELECT game_id, n, player_id, kind, move, created_at FROM moves;
DROP TABLE moves;
ALTER TABLE moves_v2 RENAME TO moves;

-- Reminders and deadlines are rows, not sleeping tasks: they survive restarts.
CREATE TABLE timers (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL CHECK (kind IN ('reminder', 'deadline')),
    player_id  TEXT    NOT NULL,
    due_at     REAL    NOT NULL,
    turn_since REAL    NOT NULL,   -- when this player's wait began (for "waiting since")
    created_at REAL    NOT NULL
);
CREATE INDEX timers_due ON timers (due_at);
CREATE INDEX timers_by_game ON timers (game_id);

-- Servers that configured a manager role before kept the right for that role to open games.
UPDATE guild_settings SET start_policy = 'role' WHERE manager_role_id IS NOT NULL;
