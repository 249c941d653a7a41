"""The discord.py adapter: the only package that imports ``discord``.

It turns interactions into service calls (:mod:`.commands`, :mod:`.buttons`) and
service outcomes into Discord messages (:mod:`.deliver`).
"""
