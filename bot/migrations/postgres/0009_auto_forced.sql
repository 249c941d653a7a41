-- A move that is a player's only choice plays itself (``/game config auto_forced``), on by
-- default; the log marks such moves with the kind 'forced'.
ALTER TABLE guild_settings ADD COLUMN auto_forced INTEGER NOT NULL DEFAULT 1;

ALTER TABLE moves DROP CONSTRAINT moves_kind_check;
ALTER TABLE moves ADD CONSTRAINT moves_kind_check
    CHECK (kind IN ('move', 'resign', 'skip', 'forfeit', 'kick', 'forced'));
