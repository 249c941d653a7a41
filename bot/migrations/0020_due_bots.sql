-- The bot-seat sweep (bot/service/bots.py) looks only at games where a bot may act now,
-- not at every open game with a bot seat: each change of a game's state stores whether one
-- of its bots may act (bot_turn), and a partial index holds just those games. Games with a
-- bot seat start marked; the first sweep clears the ones where no bot may act.
ALTER TABLE games ADD COLUMN bot_turn INTEGER NOT NULL DEFAULT 0;
UPDATE games SET bot_turn = 1 WHERE status = 'running'
    AND EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id AND seats.bot_level IS NOT NULL);
CREATE INDEX games_bot_turn ON games (id) WHERE bot_turn = 1;
-- Timers of paused games are held: finding the paused games must not read every game
-- (PostgreSQL builds that list in full when it looks for the next timer).
CREATE INDEX games_paused ON games (id) WHERE paused_at IS NOT NULL;
