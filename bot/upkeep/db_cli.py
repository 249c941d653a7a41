"""``python -m bot db ...``: operator commands on the bot's database (run with the bot stopped)."""

from __future__ import annotations

import asyncio
import sys

USAGE = """usage: python -m bot db copy SRC_URL DST_URL
  Copy every row of the bot's tables from SRC_URL into the empty database DST_URL, then check
  the copy (row counts, and every running or finished game replayed from its move log).
  URLs: sqlite:///data/tidepool.sqlite3 (a plain file path works too) or
  postgresql://user:password@host:5432/dbname. Exit status 0: copied and checked; 1: refused
  (nothing changed) or a check failed (the copy stays); 2: wrong arguments."""


def main(args: list[str]) -> int:
    if args and args[0] in ("-h", "--help", "help"):
        print(USAGE)
        return 0
    if len(args) != 3 or args[0] != "copy":
        print(USAGE, file=sys.stderr)
        return 2
    from ..db import SchemaTooNew, StoreError
    from ..db import DatabaseError
    from .copying import CopyRefused, copy_database, summary

    src, dst = args[1], args[2]
    try:
        report = asyncio.run(copy_database(src, dst, progress=lambda line: print(line, flush=True)))
    except (CopyRefused, DatabaseError, SchemaTooNew, StoreError) as exc:
        print(f"db copy: {exc}", file=sys.stderr)
        return 1
    for line in summary(report):
        print(line)
    return 0 if report.ok else 1
