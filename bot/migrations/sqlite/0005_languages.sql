-- Languages: a server may pick the language of its channel messages; otherwise the locale
-- Discord reports for the server (remembered for messages sent without an interaction).
ALTER TABLE guild_settings ADD COLUMN language TEXT CHECK (language IN ('en', 'de', 'da'));
ALTER TABLE guild_settings ADD COLUMN locale_seen TEXT;
