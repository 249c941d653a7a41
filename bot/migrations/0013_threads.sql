-- A thread per game (``/game config threads``, ``/game new thread:``). A game that wants a
-- thread ("threaded") gets one from its lobby message when that is posted; its posts then go
-- there ("thread_id"). One active game per channel becomes one per thread: a channel keeps
-- its one unthreaded game, and any number of threaded ones, each in its own thread.
ALTER TABLE guild_settings ADD COLUMN threads INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN threaded INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN thread_id BIGINT;

DROP INDEX games_one_active_per_channel;
CREATE UNIQUE INDEX games_one_active_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'running') AND threaded = 0;
CREATE UNIQUE INDEX games_one_active_per_thread
    ON games (thread_id) WHERE status IN ('lobby', 'running') AND thread_id IS NOT NULL;
CREATE INDEX games_by_thread ON games (thread_id);
