"""Moves a prompt shows read in the reader's words (``setzen groß rot``), and are moves.

Every example a game's sentence gives as a command (`` `/zug …` ``) is translated word by
word with the game's aliases (``games.text``), whether the template writes it or a parameter
passes it in; the bot's own sentences pass moves as :class:`games.text.Notation`. Over random
games of every game, each example in German and Danish must parse as a move, and keep no
English word that the language has a word for.
"""

from __future__ import annotations

import re

import pytest

from bot.i18n import tr
from games import REGISTRY, InvalidMove
from games.text import COMMANDS, Notation, Text, command_path, translator
from tests.games.helpers import random_game

LANGS = ("de", "da")
#: Examples that show the shape of a move, not a move (``remove X-Y X Y``, ``shell …``).
PATTERNS = re.compile(r"…|\bX\b|<")


def _examples(said: str, lang: str) -> list[str]:
    from bot.i18n import lookup

    command = command_path("move", lambda w: lookup(lang)(COMMANDS, w, None, None))
    return re.findall("`" + re.escape(command) + r" ([^`\n]+)`", said)


def _check(gid: str, lang: str, said: str) -> int:
    game = REGISTRY[gid]
    found = 0
    for example in _examples(said, lang):
        if PATTERNS.search(example):
            continue
        try:
            game.parse_move(example)
        except InvalidMove as exc:
            raise AssertionError(f"{gid}/{lang}: `{example}` in {said!r}: {exc}") from None
        assert game.aliases.local(example, lang) == example, (gid, lang, example, said)
        found += 1
    return found


@pytest.mark.parametrize("gid", sorted(REGISTRY))
@pytest.mark.parametrize("lang", LANGS)
def test_every_prompt_and_summary_shows_moves_in_the_readers_words(gid: str, lang: str) -> None:
    game = REGISTRY[gid]
    seen = _check(gid, lang, tr(game.summary, lang))
    for n in sorted({game.min_players, game.max_players}):
        for seed in range(2):
            for state in random_game(gid, n, seed, steps=150):
                for player in sorted(game.to_act(state)):
                    seen += _check(gid, lang, tr(game.prompt(state, player, {}), lang))
    assert seen, f"{gid}/{lang}: no example move met"


def test_a_krasserfall_prompt_in_german_and_danish() -> None:
    _ = translator("krasserfall")
    text = _("place a figure ({left} left): `{cmd:move} {example}`.", left="3",
             example="place big red")
    assert tr(text, "de") == "Setz eine Figur ein (noch 3): `/zug setzen groß rot`."
    assert tr(text, "da").endswith("`/træk sæt stor rød`.")
    assert str(text).endswith("`/move place big red`.")  # English as it was
    assert tr(Text.load(text.dump()), "de") == tr(text, "de")


def test_a_move_in_the_bots_own_sentence() -> None:
    """The bot's sentences (another domain) name the game with the move: ``Notation``."""
    _ = translator("bot")
    text = _("`{cmd:move} {move}`", move=Notation("krasserfall", "push red half"))
    assert str(text) == "`/move push red half`"
    assert tr(text, "de") == "`/zug schieben rot halb`"
    again = Text.load(text.dump())
    assert isinstance(again.params["move"], Notation) and tr(again, "da") == "`/træk skub rød halv`"
    plain = _("`{cmd:move} {move}`", move="push red")  # a plain string is shown as it is
    assert tr(plain, "de") == "`/zug push red`"
