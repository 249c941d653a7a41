"""``python -m bot db copy``: move the bot's data between two databases (SQLite and
PostgreSQL), then check the copy by replaying its games. It stands on the store and the
replay, above the database drivers it copies between."""
