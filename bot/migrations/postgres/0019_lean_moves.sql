-- The move log keeps only what replays a game: the words once stored with every move
-- ("said") follow from the seed and the log (bot/service/news.py words what it tells).
-- PostgreSQL drops the column at once and reuses its space as rows are rewritten.
ALTER TABLE moves DROP COLUMN said;
