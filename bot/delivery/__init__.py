"""What leaves the bot, and how: the outbox rows each change stored (:mod:`bot.store.envelopes`)
are claimed, ordered, retried and sent by the :class:`~.pipeline.Pipeline`, one message at a
time by the :class:`~.courier.Courier`, through a :class:`~.sender.Sender` that the front end
brings (Discord's in :mod:`bot.adapter.discord_sender`, the :class:`~.recorder.Recorder`
everywhere else). No ``discord`` here."""
