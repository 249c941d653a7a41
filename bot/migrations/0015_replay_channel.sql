-- Where a game's replay was posted: the channel or the game's thread, wherever it was asked
-- for. Its link needs the channel as well as the message (NULL before: the game's channel).
ALTER TABLE games ADD COLUMN replay_channel_id BIGINT;
