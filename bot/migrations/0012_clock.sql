-- Chess clocks (``/game new options: clock=3d+1d``): each player's time bank between turns,
-- JSON ({"banks": {player id: seconds}}); the bank of a player who is to act runs in their
-- deadline timer (its due_at), so shifting a game's timer rows stops the clock too.
ALTER TABLE games ADD COLUMN clock TEXT NOT NULL DEFAULT '{}';
-- A deadline whose bank already ran out: when it did. Such a timer is the grace in which the
-- other players may choose to wait instead of the on-deadline action.
ALTER TABLE timers ADD COLUMN ran_out DOUBLE PRECISION;
