"""``python -m bot ratings rebuild``: recompute the kept ratings and records from the finished
games, say whether the kept ones agreed, and keep the recomputation."""

from __future__ import annotations

import asyncio
import sys

USAGE = """usage: python -m bot ratings rebuild
  Recompute every rating and record from the finished games, in the order they ended, and
  compare them with the ones the bot kept as games ended. The recomputation is kept. Uses the
  bot's database settings (DATABASE_URL or DATABASE_PATH). Exit status 0: they agreed;
  1: some differed (they are listed, and now fixed); 2: wrong arguments or settings."""


async def rebuild(target: str) -> int:
    from ..store import Store

    store = await Store.open(target)
    try:
        report = await store.ratings.rebuild()
    finally:
        await store.close()
    print(f"{report.games} finished games counted, {report.lines} lines written.")
    for line in report.differences[:50]:
        print(f"  differed: {line}")
    if len(report.differences) > 50:
        print(f"  … and {len(report.differences) - 50} more")
    if report.differences:
        print(f"{len(report.differences)} kept line(s) differed from the recomputation; "
              "the recomputation is kept now.")
        return 1
    print("The kept ratings and records equal the recomputation.")
    return 0


def main(args: list[str]) -> int:
    if args and args[0] in ("-h", "--help", "help"):
        print(USAGE)
        return 0
    if args != ["rebuild"]:
        print(USAGE, file=sys.stderr)
        return 2
    from ..runtime.config import command_settings

    settings = command_settings()
    return 2 if settings is None else asyncio.run(rebuild(settings.database))
