-- Away time comes from an allowance per person, as a holiday does: a server (or, outside
-- servers, a chat) sets how many days of away any 365 days allow (away_days; NULL: 30).
-- Each away booked is kept as a span, so the time counts whether or not it ends early.
CREATE TABLE away_spans (
    user_id  BIGINT NOT NULL,
    start_at DOUBLE PRECISION NOT NULL,
    end_at   DOUBLE PRECISION NOT NULL
);
CREATE INDEX away_spans_by_user ON away_spans (user_id, end_at);
-- Whoever is away now has booked that away already.
INSERT INTO away_spans (user_id, start_at, end_at) SELECT user_id, since, until FROM away;
ALTER TABLE guild_settings ADD COLUMN away_days INTEGER;
ALTER TABLE channel_settings ADD COLUMN away_days INTEGER;
-- Games left wanting a thread that never came (a refused thread left them so before the
-- fix): the oldest of a channel's plays in the channel when no game holds that place yet.
-- The others stay reachable by number (/game abort game:N).
UPDATE games SET threaded = 0
 WHERE threaded = 1 AND thread_id IS NULL AND status IN ('lobby', 'running')
   AND NOT EXISTS (SELECT 1 FROM games o WHERE o.channel_id = games.channel_id
                   AND o.status IN ('lobby', 'running') AND o.threaded = 0)
   AND NOT EXISTS (SELECT 1 FROM games o WHERE o.channel_id = games.channel_id
                   AND o.status IN ('lobby', 'running') AND o.threaded = 1
                   AND o.thread_id IS NULL AND o.id < games.id);
