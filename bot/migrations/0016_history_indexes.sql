-- Lookups whose cost stays flat as a server's history grows: a channel's games (newest
-- first), the open games (for start-up and the bot-seat sweep), and an outbox that is walked
-- through its undelivered rows only, never through everything ever sent. The partial indexes
-- hold only live rows, so they stay small however many games have ended.
CREATE INDEX games_by_channel ON games (channel_id, id);
CREATE INDEX games_open ON games (id) WHERE status IN ('lobby', 'running');
CREATE INDEX outbox_undelivered ON outbox (id) WHERE done_at IS NULL;
CREATE INDEX outbox_waiting ON outbox (channel_id, id) WHERE done_at IS NULL;
-- The next timer to wait for: claimed timers (being fired right now) are few.
CREATE INDEX timers_claimed ON timers (claimed_until) WHERE claimed_until IS NOT NULL;
