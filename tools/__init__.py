"""Developer tools that are not part of the installed bot: the benchmark (``python -m
tools.bench``), the simulations (``python -m tools.sim.…``) and the soak script."""
