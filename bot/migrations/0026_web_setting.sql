-- The web view per server (``/game config web:``): on by default; off hides every game's page
-- and the links to it, in servers (guild_settings) and in group DMs (channel_settings).
ALTER TABLE guild_settings ADD COLUMN web INTEGER NOT NULL DEFAULT 1;
ALTER TABLE channel_settings ADD COLUMN web INTEGER NOT NULL DEFAULT 1;
