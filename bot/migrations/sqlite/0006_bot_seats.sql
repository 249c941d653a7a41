-- Bot seats: an AI plays the seat (user_id 0). A server may let a bot take over the seat of a
-- player who runs out of time, instead of removing them.
ALTER TABLE seats ADD COLUMN bot_level TEXT CHECK (bot_level IN ('easy', 'normal', 'hard'));
ALTER TABLE guild_settings ADD COLUMN bot_takeover INTEGER NOT NULL DEFAULT 0;
