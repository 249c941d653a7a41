"""The Discord bot: configuration, SQLite store, game service and the discord.py adapter.

Only ``bot.adapter`` imports ``discord``; the service is driven the same way by the
adapter, the offline console (``python -m bot console``) and the tests.
"""
