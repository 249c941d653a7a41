"""Every log line names the process's shards, the bot's own lines and discord.py's alike."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator

import discord
import pytest

from bot.adapter.run import SENSITIVE_LOGGERS, ColourFormatter, ShardTag, setup_logging

ANSI = re.compile(r"\x1b\[[0-9;]*m")  # terminal colours (and Docker) are on or off by stream


@pytest.fixture
def restored() -> Iterator[None]:
    root = logging.getLogger()
    saved = (root.level, list(root.handlers), {n: logging.getLogger(n).level for n in SENSITIVE_LOGGERS})
    yield
    root.setLevel(saved[0])
    root.handlers[:] = saved[1]
    for name, level in saved[2].items():
        logging.getLogger(name).setLevel(level)


@pytest.mark.parametrize("colour", [False, True])
def test_lines_carry_the_shard_ids(restored: None, capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch, colour: bool) -> None:
    monkeypatch.setattr(discord.utils, "stream_supports_colour", lambda stream: colour)
    setup_logging("INFO", "0,1")
    logging.getLogger("discord.shard").info("Shard ID 1 has connected to Gateway")
    logging.getLogger("bot.adapter.client").warning("a line of the bot's own")
    logging.getLogger("discord.client").debug("below the level: not written")
    written = capsys.readouterr().err
    assert ("\x1b[" in written) is colour
    lines = ANSI.sub("", written).splitlines()
    assert len(lines) == 2
    assert re.search(r"INFO +\]? \[shards 0,1\] discord.shard:? Shard ID 1 has connected", lines[0])
    assert re.search(r"WARNING \]? ?\[shards 0,1\] bot.adapter.client:? a line of the bot's own",
                     lines[1])


def test_unsharded_lines_say_all(restored: None, capsys: pytest.CaptureFixture[str]) -> None:
    setup_logging("INFO")
    logging.getLogger("discord.client").info("logging in using static token")
    assert re.search(r"\[shards all\] discord.client:? logging in", ANSI.sub("", capsys.readouterr().err))


def test_the_terminal_colours_keep_the_shards() -> None:
    record = logging.LogRecord("discord.gateway", logging.ERROR, __file__, 1, "gone", None, None)
    ShardTag("3").filter(record)
    text = ColourFormatter().format(record)
    assert "\x1b[31mERROR   \x1b[0m [shards 3] \x1b[35mdiscord.gateway\x1b[0m gone" in text
