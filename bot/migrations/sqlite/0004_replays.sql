-- The posted animated replay of a finished game, so a second request links to it instead of reposting.
ALTER TABLE games ADD COLUMN replay_message_id INTEGER;
