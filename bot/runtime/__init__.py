"""How the bot process runs: its settings from the environment (:mod:`.config`) and the tuning
of its event loop (:mod:`.event_loop`)."""
