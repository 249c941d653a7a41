"""Small text helpers shared by the service and the console (no ``discord`` import)."""

from __future__ import annotations

import re
from collections.abc import Callable

_MARKDOWN = re.compile(r"([\\*_~`|>#\[\]()-])")
_BREAKS = re.compile(r"[\r\n\t\v\f\x85\u2028\u2029]+")


def safe_name(name: str, limit: int = 32) -> str:
    """A display name that cannot format, ping or break a line in a message."""
    flat = " ".join(str(name).split()) or "someone"
    if len(flat) > limit:
        flat = flat[: limit - 1] + "…"
    flat = flat.replace("@", "@\u200b")
    return _MARKDOWN.sub(r"\\\1", flat)


def plain_name(name: str, limit: int = 32) -> str:
    """A display name where nothing is formatted (autocomplete choices): as typed, on one
    line, no longer than ``safe_name`` makes it; ``*`` or ``_`` stay as they are."""
    return clip(" ".join(str(name).split()) or "someone", limit)


def choice_name(text: str, limit: int = 100) -> str:
    """An autocomplete choice's name as Discord takes it: one line of 1–100 characters.

    Discord shows it as plain text, so nothing is escaped here: the labels are written
    without Markdown in the first place.
    """
    flat = _BREAKS.sub(" ", str(text)).strip() or "…"
    return clip(flat, limit)


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def parse_options(text: str | None,
                  continues: Callable[[str, str], bool] | None = None) -> dict[str, str]:
    """``"rules=classic role=host-colour"`` (spaces or commas between pairs) -> dict.

    A word without ``=`` for which ``continues(key, word)`` holds belongs to the value
    before it, joined with a space (``deadline=1d 6h``).
    """
    out: dict[str, str] = {}
    last: str | None = None
    for token in re.split(r"[\s,;]+", (text or "").strip()):
        if not token:
            continue
        key, sep, value = token.partition("=")
        if not sep and last is not None and continues is not None and continues(last, token):
            out[last] = f"{out[last]} {token}"
            continue
        if not sep or not key or not value:
            raise ValueError(clip(token, 40))  # the caller words the error (translatably)
        last = key.strip().lower()
        out[last] = value.strip()
    return out


def split_seat(text: str) -> tuple[int | None, str]:
    """``seat 2: lay i`` -> (2, ``lay i``): a move that says which of the player's seats plays it.

    The colon may be left out (``seat 2 lay i``) or come first (``seat:2 lay i``, the way the
    console spells Discord's ``seat:`` option).
    """
    match = re.match(r"\s*seat\s*:?\s*(\d{1,2})(?:\s*:\s*|\s+)(.*)$", text, re.S | re.I)
    return (int(match[1]), match[2]) if match else (None, text)
