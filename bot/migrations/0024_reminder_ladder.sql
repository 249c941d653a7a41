-- Reminders as points before a deadline or a clock running out (/game config
-- reminders:50%,8h,1h); NULL: the default, at half the time and an hour before the end. A
-- reminder interval a server or chat chose before keeps reminding as it did ("every ..."); the
-- 12 h every server had without choosing gives way to the default points where a game has a
-- deadline (games without one are reminded every 12 h, as before). Running games keep what
-- they started with.
ALTER TABLE guild_settings ADD COLUMN reminders TEXT;
ALTER TABLE channel_settings ADD COLUMN reminders TEXT;
UPDATE guild_settings SET reminders = CASE WHEN reminder_seconds IS NULL THEN 'off'
                                           ELSE 'every ' || reminder_seconds || 's' END
 WHERE reminder_seconds IS NULL OR reminder_seconds <> 43200;
UPDATE channel_settings SET reminders = CASE WHEN reminder_seconds IS NULL THEN 'off'
                                             ELSE 'every ' || reminder_seconds || 's' END
 WHERE reminder_seconds IS NULL OR reminder_seconds <> 43200;
