"""Balance simulations (scripts, not tests): ``python -m tools.sim.<game>_balance`` (and ``tools.sim.ai_strength``).

They play many seeded games with simple policies through the pure engines and print
rates and lengths, so tuned constants are backed by numbers quoted in the engine docstring.
"""
