-- Delivered outbox rows are deleted after a retention (OUTBOX_RETENTION, a week by default):
-- the oldest first, found through this index of the rows that are done.
CREATE INDEX outbox_done ON outbox (done_at) WHERE done_at IS NOT NULL;
