"""The web view: a game's page in a browser, served by the bot's own process (aiohttp).

:mod:`.server` answers HTTP and streams the live updates, :mod:`.html` writes the pages, and
the static files are the stylesheet and the one script. What a page shows, and the signed
links that open it, are the service's (:mod:`bot.service.web_pages`); this package knows HTTP
and HTML only, never Discord.
"""
