"""A refusal's example moves are in the reader's words (#32 review, §1).

When a move cannot be read or played, the game says what to write instead: ``schreib es wie
rettungsring blau``, ``skriv fx krans blå``. Every move word such a German or Danish sentence
shows must be that language's word where it has one (the words the parser reads,
:meth:`games.notation.Aliases.local`); the English ones stay readable, but are not taught.
The player's own input, quoted in ``'…'``, is left out: it is what they typed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot.i18n import TRANSLATED, tr
from games import REGISTRY, GameError
from tests.games.helpers import random_game

WORD = re.compile(r"[^\W\d_]+")
QUOTED = re.compile(r"'[^'\n]*'")
GAMES = sorted(gid for gid, game in REGISTRY.items() if game.aliases)
#: Words of a language that are also an English move word: Danish "at" ("der er intet at
#: springe over") is Aqua's ``at``, and prose, not notation.
PROSE = {"da": {"at"}}


def english_words(gid: str, lang: str) -> dict[str, str]:
    """The game's English move words that ``lang`` says otherwise: English -> local."""
    aliases = REGISTRY[gid].aliases
    found = {}
    for english in set(aliases.table.get(lang, {}).values()):
        local = aliases.local(english, lang)
        if local != english:
            found[english] = local
    return found


def leftovers(gid: str, lang: str, said: str) -> list[str]:
    """The English move words of ``said`` (outside the quoted input) that ``lang`` has words for."""
    english = english_words(gid, lang)
    own = set(REGISTRY[gid].aliases.table.get(lang, {}))
    return [w for w in WORD.findall(QUOTED.sub("", said))
            if w in english and w not in own and w not in PROSE.get(lang, set())]


def unreadable(gid: str) -> Iterator[str]:
    """Input the parser refuses: each word of the notation alone, with junk, or doubled."""
    words = sorted({w for lang in TRANSLATED for w in REGISTRY[gid].aliases.table[lang].values()})
    for word in words:
        yield from (word, f"{word} xyz", f"{word} {word}", f"{word} xyz xyz xyz",
                    f"{word} 9:xyz xyz>xyz")
    yield from ("xyz", "")


def refusals(gid: str) -> Iterator[Any]:
    game = REGISTRY[gid]
    for text in unreadable(gid):
        try:
            game.parse_move(text)
        except GameError as exc:
            yield exc.args[0]
    # moves that read but cannot be played now: every move met anywhere, tried everywhere
    seen: set[str] = set()
    states = [s for seed in range(2) for s in random_game(gid, game.min_players + 1
                                                           if game.max_players > game.min_players
                                                           else game.min_players, seed, steps=120)]
    for state in states:
        for player in game.to_act(state):
            seen |= set(game.legal_moves(state, player))
    for state in states[::7]:
        for player in sorted(game.to_act(state)):
            legal = set(game.legal_moves(state, player))
            for move in sorted(seen - legal)[:60]:
                try:
                    game.apply(state, player, move)
                except GameError as exc:
                    yield exc.args[0]


@pytest.mark.parametrize("gid", GAMES)
def test_refusals_show_moves_in_the_readers_words(gid: str) -> None:
    wrong: dict[str, str] = {}
    for message in refusals(gid):
        for lang in TRANSLATED:
            said = tr(message, lang)
            left = leftovers(gid, lang, said)
            if left:
                wrong.setdefault(f"{lang}: {left}", said)
    assert not wrong, "\n".join(f"{k}: {v}" for k, v in list(wrong.items())[:20])


def test_krasserfall_examples_read_in_the_readers_words() -> None:
    """The reviewer's sentence: 'schreib ring und ein Boot, z. B. ring blau'."""
    game = REGISTRY["krasserfall"]
    with pytest.raises(GameError) as ring:
        game.parse_move("ring")
    assert tr(ring.value.args[0], "de") == \
        "'ring' verstehe ich nicht: nenn ein Boot, z. B. `rettungsring blau`"
    assert tr(ring.value.args[0], "da") == "kunne ikke forstå 'ring': nævn en båd, fx `krans blå`"
    with pytest.raises(GameError) as start:
        game.parse_move("rettungsring-start")
    assert "`rettungsring-start blau`" in tr(start.value.args[0], "de")
    assert str(ring.value.args[0]) == "could not read 'ring': name a boat, like `ring blue`"


def test_krasserfall_lists_the_boats_to_push_in_the_readers_words() -> None:
    """'sag, welches Boot du schiebst: push red, push red half …' named them in English."""
    from tests.games.test_krasserfall import ANN, position, roll_to

    boats = {"red": {"figures": [(1, "big"), (2, "small")], "ring": True},
             "yellow": {"figures": [(2, "big")]}, "green": {"figures": [(1, "small")]},
             "blue": {"figures": [(2, "small"), (1, "small")]}}
    state = roll_to(position(2, boats=boats, options={"boat-choice": "free"}), "yellow")
    game = REGISTRY["krasserfall"]
    with pytest.raises(GameError) as bare:
        game.apply(state, ANN, "push")
    said = tr(bare.value.args[0], "de")
    assert said.startswith("sag, welches Boot du schiebst: `schieben rot`"), said
    assert "push" not in said and "`skub rød`" in tr(bare.value.args[0], "da")
    assert "`push red`" in str(bare.value.args[0])


def test_krasserfall_figure_buttons_show_the_move_in_the_readers_words() -> None:
    from games.krasserfall.words import _button_label

    assert tr(_button_label("move 2:big red>blue"), "de") == "umsetzen 2:groß rot>blau"
    assert tr(_button_label("move 2:big red>blue"), "da") == "flyt 2:stor rød>blå"
