-- Games outside a server (a group DM or a DM with the bot, where the app is installed by a
-- user): their settings belong to the channel, as a server's belong to the server. The
-- columns and defaults are those of guild_settings; a channel without a row has the defaults.
CREATE TABLE channel_settings (
    channel_id       BIGINT NOT NULL PRIMARY KEY,
    updated_at       DOUBLE PRECISION NOT NULL,
    manager_role_id  BIGINT,          -- unused outside a server (there are no roles); kept alike
    start_policy     TEXT NOT NULL DEFAULT 'moderators'
        CHECK (start_policy IN ('moderators', 'role', 'everyone')),
    reminder_seconds INTEGER DEFAULT 43200,
    deadline_seconds INTEGER,
    deadline_action  TEXT NOT NULL DEFAULT 'remind'
        CHECK (deadline_action IN ('remind', 'skip', 'forfeit')),
    language         TEXT CHECK (language IN ('en', 'de', 'da')),
    locale_seen      TEXT,            -- the locale of the last person who used a command there
    bot_takeover     INTEGER NOT NULL DEFAULT 0,
    auto_forced      INTEGER NOT NULL DEFAULT 1
);
