"""The names of commands and options, listed for translation (catalog domain ``commands``).

Discord shows a command's name in the user's language when it has a localization; the name
the bot receives stays the English one. Names must be lower case, without spaces, at most
32 characters: the translations in ``bot/locale/*/LC_MESSAGES/commands.po`` are checked.
"""

from __future__ import annotations


def N(name: str) -> str:  # noqa: N802 - the extraction keyword of this catalog
    return name


NAMES = (
    # commands and subcommands
    N("game"), N("move"), N("turns"), N("new"), N("join"), N("leave"), N("start"), N("board"), N("hand"),
    N("rules"), N("status"), N("abort"), N("resign"), N("undo"), N("log"), N("export"),
    N("replay"), N("stats"), N("profile"), N("kick"), N("skip"), N("config"), N("addbot"), N("removebot"), N("hint"), N("review"),
    N("notify"), N("pause"), N("resume"), N("away"),
    # options
    N("options"), N("player"), N("dm"), N("reason"), N("count"), N("number"), N("user"),
    N("who_starts"), N("manager_role"), N("clear_manager_role"), N("reminder"), N("reminders"), N("deadline"),
    N("on_deadline"), N("language"), N("action"), N("seat"), N("level"), N("bot_takeover"),
    N("auto_forced"), N("where"), N("until"), N("thread"), N("threads"), N("web"), N("away_days"), N("adopt"),
    N("timezone"), N("quiet"), N("digest"),
)
