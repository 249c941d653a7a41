"""Time as people type and read it: durations (``12h``, ``1d 6h``) and chess clocks
(``clock=3d+1d``). Pure parsing and formatting; where the time lives is the timers table's
(:mod:`bot.store.timers_table`) and the service's (:mod:`bot.service.clocks`)."""
