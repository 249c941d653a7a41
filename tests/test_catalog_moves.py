"""A German or Danish entry that shows a move shows it in the reader's words.

Prompts get their examples translated as they are sent (``games.text``), but an entry may
also write a move out itself: a rules summary (`` `schieben rot` ``), the list of moves an
error gives. Every backticked piece of a game's German or Danish entry that its parser reads
as a move must keep no English word the language has a word for (``Aliases.local``), so a
summary can never teach ``push red`` while the prompts say ``schieben rot``.
"""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from bot.i18n import TRANSLATED, po_path
from games import REGISTRY, GameError

#: A backticked piece, paired in order (a `{move}` beside it must not pair its closing tick
#: with the next piece's opening one: "(`{move}` geht nicht): schreib `roll`").
TICKED = re.compile(r"`([^`]*)`")


def _entries(gid: str, lang: str) -> list[str]:
    with po_path(lang, gid).open("rb") as f:
        catalog = read_po(f)
    found: list[str] = []
    for message in catalog:
        if message.id:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            found += [s for s in strings if s]
    return found


@pytest.mark.parametrize("gid", sorted(g for g, game in REGISTRY.items() if game.aliases))
@pytest.mark.parametrize("lang", TRANSLATED)
def test_moves_written_in_an_entry_are_in_its_language(gid: str, lang: str) -> None:
    game = REGISTRY[gid]
    english: list[tuple[str, str]] = []
    moves = 0
    for said in _entries(gid, lang):
        for piece in TICKED.findall(said):
            piece = piece.removeprefix("{cmd:move} ")
            if "{" in piece or not piece.strip():
                continue  # a placeholder: what fills it is translated as it is sent
            try:
                game.parse_move(piece)
            except (GameError, ValueError):
                continue  # an option, a name, a number: not a move
            moves += 1
            if game.aliases.local(piece, lang) != piece:
                english.append((piece, said[:80]))
    assert not english, f"{gid}/{lang}: English moves in entries: {english}"
    assert moves, f"{gid}/{lang}: no entry shows a move: the test proves nothing"
