"""An operator's commands on the bot's database, run with the bot stopped: ``python -m bot db
copy`` moves the data between SQLite and PostgreSQL and checks the copy by replaying its games
(:mod:`.copying`, :mod:`.db_cli`); ``python -m bot ratings rebuild`` recomputes the kept ratings
and records and says whether they agreed (:mod:`.ratings_cli`). They stand on the store and the
replay, above the database drivers."""
