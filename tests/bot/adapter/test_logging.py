"""Logging never writes interaction tokens: discord.py's request loggers stay at INFO or above."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from bot.adapter.run import SENSITIVE_LOGGERS, setup_logging


class Catch(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def caught() -> Iterator[Catch]:
    """Whatever the root logger passes on; logging is restored afterwards."""
    root = logging.getLogger()
    saved = (root.level, list(root.handlers),
             {name: logging.getLogger(name).level for name in (*SENSITIVE_LOGGERS, "discord.webhook.async_")})
    catch = Catch()
    yield catch
    root.removeHandler(catch)
    root.setLevel(saved[0])
    root.handlers[:] = saved[1]
    for name, level in saved[2].items():
        logging.getLogger(name).setLevel(level)


def test_debug_logging_keeps_request_loggers_at_info(caught: Catch) -> None:
    setup_logging("DEBUG")
    logging.getLogger().addHandler(caught)
    token_url = "POST https://discord.com/api/v10/webhooks/4242/aW50ZXJhY3Rpb246c2VjcmV0/messages"
    for name in ("discord.http", "discord.webhook.async_", "discord.webhook.sync", "discord.gateway"):
        logger = logging.getLogger(name)
        assert logger.getEffectiveLevel() == logging.INFO, name
        logger.debug("%s has returned 200", token_url)  # what discord.py logs at DEBUG
        logger.info("%s: an INFO line still gets through", name)
    logging.getLogger("bot.service").debug("the bot's own DEBUG lines are kept")
    assert not [r for r in caught.records if "aW50ZXJhY3Rpb246c2VjcmV0" in r.getMessage()]
    assert sum("INFO line" in r.getMessage() for r in caught.records) == 4
    assert any(r.name == "bot.service" and r.levelno == logging.DEBUG for r in caught.records)


def test_quieter_levels_stay_quieter(caught: Catch) -> None:
    setup_logging("WARNING")
    assert logging.getLogger("discord.http").getEffectiveLevel() == logging.WARNING
    assert logging.getLogger("discord.webhook.async_").getEffectiveLevel() == logging.WARNING
