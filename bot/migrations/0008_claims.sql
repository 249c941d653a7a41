-- Work that no gateway event starts (timers, bot seats' turns) is claimed in the database, so
-- when several bot processes share it exactly one of them does each piece. A claim is a lease:
-- it lapses by itself when the process that holds it dies.
ALTER TABLE timers ADD COLUMN claimed_by TEXT;
ALTER TABLE timers ADD COLUMN claimed_until DOUBLE PRECISION;
CREATE TABLE leases (
    name   TEXT PRIMARY KEY,           -- what is held, e.g. "bots:<game id>"
    owner  TEXT NOT NULL,              -- the process holding it
    until  DOUBLE PRECISION NOT NULL   -- it lapses then
);
