"""Balance simulations (scripts, not tests): ``python -m bot.sim.<game>``.

They play many seeded games with simple policies through the pure engines and print
rates and lengths, so tuned constants are backed by numbers quoted in the engine docstring.
"""
