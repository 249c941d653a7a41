-- What each move did, in words, as posted at the time (turn summaries and /game log read it).
ALTER TABLE moves ADD COLUMN said TEXT;
-- 0 for an action inside a turn of several actions (Kahuna); the channel hears of a turn once it ends.
ALTER TABLE moves ADD COLUMN ends_turn INTEGER NOT NULL DEFAULT 1;
