"""What leaves the bot: the outbox's envelopes, written with each change and delivered after it
(:mod:`.envelopes`). The adapter's deliverer (:mod:`bot.adapter.deliverer`) sends them."""
