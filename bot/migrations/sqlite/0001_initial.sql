-- Games, seats, the move log and per-server settings.
CREATE TABLE games (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id          INTEGER,
    channel_id        INTEGER NOT NULL,
    game              TEXT    NOT NULL,
    options           TEXT    NOT NULL,           -- JSON object, resolved options
    seed              INTEGER NOT NULL,
    status            TEXT    NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'aborted')),
    host_id           INTEGER NOT NULL,
    state             TEXT,                        -- game.dump(state); NULL while in the lobby
    version           INTEGER NOT NULL DEFAULT 0,  -- bumped by every write; guards lost updates
    result            TEXT,                        -- JSON of games.Result when finished
    end_reason        TEXT,
    lobby_message_id  INTEGER,
    board_message_id  INTEGER,
    created_at        REAL    NOT NULL,
    updated_at        REAL    NOT NULL
);

-- One active game per channel.
CREATE UNIQUE INDEX games_one_active_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'running');
CREATE INDEX games_by_guild ON games (guild_id, status);

CREATE TABLE seats (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    position   INTEGER NOT NULL,   -- join order; the engine's seat order is derived from it
    user_id    INTEGER NOT NULL,
    player_id  TEXT    NOT NULL,   -- the opaque id the engine knows this seat by
    name       TEXT    NOT NULL,   -- display name when joining, for images and messages
    joined_at  REAL    NOT NULL,
    PRIMARY KEY (game_id, position),
    UNIQUE (game_id, player_id)
);
CREATE INDEX seats_by_user ON seats (user_id);

CREATE TABLE moves (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n          INTEGER NOT NULL,   -- 1, 2, 3, ... per game
    player_id  TEXT    NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ('move', 'resign')),
    move       TEXT    NOT NULL,   -- canonical notation
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, n)
);

CREATE TABLE guild_settings (
    guild_id         INTEGER PRIMARY KEY,
    manager_role_id  INTEGER,        -- may start/abort games besides Manage Channels
    updated_at       REAL NOT NULL
);

-- Small key/value facts about this installation (e.g. the hash of the synced commands).
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
