"""What leaves the bot: the outbox rows each change stored (:mod:`bot.store.envelopes`). The
adapter's deliverer (:mod:`bot.adapter.deliverer`) sends them."""
