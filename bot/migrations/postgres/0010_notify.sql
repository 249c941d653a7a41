-- How each person wants to hear that it is their turn (``/game notify``): in the channel (the
-- default, no row), by DM, both, or not at all. One row per Discord user, across servers.
CREATE TABLE notify_prefs (
    user_id    BIGINT PRIMARY KEY,
    pref       TEXT   NOT NULL CHECK (pref IN ('channel', 'dm', 'both', 'off')),
    updated_at DOUBLE PRECISION NOT NULL   -- a DM refused before this is forgotten (they chose again)
);
-- Whether a person's DMs were refused lately is read from their latest DM in the outbox.
CREATE INDEX outbox_dms ON outbox (user_id, id) WHERE kind = 'dm';
