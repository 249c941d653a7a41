"""``python -m bot`` runs the bot; ``python -m bot console`` runs the offline console;
``python -m bot db copy`` copies the database (SQLite <-> PostgreSQL); ``python -m bot ratings
rebuild`` recomputes the kept ratings."""

from __future__ import annotations

import sys

USAGE = """usage: python -m bot            run the Discord bot (needs DISCORD_TOKEN)
       python -m bot console    play offline in the terminal (python -m bot console --help)
       python -m bot db copy SRC_URL DST_URL
                                copy every row into an empty database (python -m bot db --help)
       python -m bot ratings rebuild
                                recompute the ratings and records, and compare them with the kept ones"""


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] == "console":
        from .console import main as console_main

        return console_main(args[1:])
    if args and args[0] == "db":
        from .upkeep.db_cli import main as db_main

        return db_main(args[1:])
    if args and args[0] == "ratings":
        from .upkeep.ratings_cli import main as ratings_main

        return ratings_main(args[1:])
    if args and args[0] in ("-h", "--help", "help"):
        print(USAGE)
        return 0
    if args:
        print(f"unknown command {args[0]!r}\n{USAGE}", file=sys.stderr)
        return 2

    from .runtime.config import NO_TOKEN, command_settings

    settings = command_settings()
    if settings is None:
        return 2
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    from .adapter.run import run

    return run(settings)


if __name__ == "__main__":
    sys.exit(main())
