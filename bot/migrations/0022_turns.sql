-- Whose turn it is, per seat, so that /turns finds a person's games across servers with one
-- indexed read instead of loading every game: 1 the seat must act now, 0 it waits for the
-- others, NULL the seat is not in a running game (a lobby, a finished game, a bot, a player
-- who left). The marks are written with each change of a game, in its transaction.
ALTER TABLE seats ADD COLUMN turn INTEGER;
-- Running games from before: not known yet (-1); the first /turns that meets one asks its
-- engine and writes the marks (a move writes them too).
UPDATE seats SET turn = -1
 WHERE bot_level IS NULL AND user_id <> 0
   AND game_id IN (SELECT id FROM games WHERE status = 'running')
   AND NOT EXISTS (SELECT 1 FROM moves m WHERE m.game_id = seats.game_id
                   AND m.player_id = seats.player_id AND m.kind IN ('resign', 'kick', 'forfeit')
                   AND m.undone_at IS NULL);  -- a player who left is out of play
CREATE INDEX seats_in_play ON seats (user_id) WHERE turn IS NOT NULL;
