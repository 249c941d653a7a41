"""Moves typed in German or Danish (``Game.aliases``): each alias reads as its English word.

Every legal move met in random games is typed again with the words of each language and must
parse to the same move; no alias is a word the English notation already uses in that game
(so an alias cannot turn an English move into another one), and wrong input stays wrong.
"""

from __future__ import annotations

import re
import pytest

from games import REGISTRY, InvalidMove
from games.aliases import ALIASES, english, words
from games.kahuna import notation as kahuna_moves
from games.kahuna.board import ISLANDS
from games.kraqua import notation as kraqua_notation
from games.krasserfall import notation as krasserfall_notation
from games.krasserfall.model import LANES, SIZES
from tests.games.helpers import random_game

WORD = re.compile(r"[^\W\d_]+")
LANGS = ("de", "da")


def _legal_moves(gid: str) -> set[str]:
    """Every legal move of a few random games, for every seat that may act."""
    game = REGISTRY[gid]
    found: set[str] = set()
    for n in sorted({game.min_players, game.max_players}):
        for seed in range(3):
            for state in random_game(gid, n, seed, steps=300):
                for p in game.to_act(state):
                    found |= set(game.legal_moves(state, p))
    return found


#: The English words each parser knows besides those of its legal moves (a game not named
#: here knows only those).
NOTATION: dict[str, set[str]] = {
    "aqualin": {c.lower() + k.lower() for c in "RYGBPV" for k in "CFJHST"} | set("abcdef"),
    "kahuna": set(kahuna_moves.KINDS) | {"deck", "take"} | {i.lower() for i in ISLANDS},
    "krasserfall": set(krasserfall_notation.KINDS) | set(krasserfall_notation.PLACES) | set(LANES)
    | set(SIZES) | {"half", "start"},
    "aqua": {"take", "at", "rot", "rotation", "r", "large", "side", "the", "sea", "snail", "done",
             "skip", "pass", "no", "pair", "line", "arc", "triangle", "diamond", "a", "b"},
    "kraqua": set(kraqua_notation.KINDS) | set(kraqua_notation._ROW_WORDS)
    | set(kraqua_notation._FISH_WORDS) | set(kraqua_notation._GEM_WORDS)
    | set(kraqua_notation._ANIMAL_WORDS) | set(kraqua_notation._SIDE_WORDS),
}


#: Moves random games seldom reach (a handicap, a diamond, a fish that cannot move, a half
#: push): parsing is syntax only, so they need no state. A game not named here has none.
RARE: dict[str, set[str]] = {
    "aqualin": {f"{c}{k} d4" for c in "RYGBPV" for k in "CFJHST"} | {"b2-b5 VS a1"},
    "kahuna": {"free HUNA-ELAI"},
    "aqua": {"large diamond 0,0 0,1 1,0 1,1", "large pair 0,0 0,1 side a"},
    "kraqua": {"lay inner", "lay outer", "skip"},
    "krasserfall": {"push red half", "push half"},
}


@pytest.fixture(scope="module")
def legal() -> dict[str, set[str]]:
    return {gid: _legal_moves(gid) | RARE.get(gid, set()) for gid in ALIASES}




@pytest.mark.parametrize("gid", sorted(ALIASES))
@pytest.mark.parametrize("lang", LANGS)
def test_every_alias_parses_as_its_english_word(gid: str, lang: str, legal) -> None:
    game = REGISTRY[gid]
    table = dict(ALIASES[gid][lang])
    used: set[str] = set()
    for move in sorted(legal[gid]):
        for alias, word in table.items():  # each alias of a word, not only the first
            if not re.search(rf"(?<![^\W\d_]){re.escape(word)}(?![^\W\d_])", move):
                continue
            typed = WORD.sub(lambda m, a=alias, w=word: a if m[0] == w else m[0], move)
            typed = game.aliases.local(typed, lang)  # the other words by their first alias
            assert game.parse_move(typed) == game.parse_move(move), (typed, move)
            assert game.parse_move(typed.upper()) == game.parse_move(move), typed.upper()
            assert game.normalize_move(typed) == game.normalize_move(move)  # logged in English
            used.add(alias)
    # Each alias was met in a real move, so none is dead weight or aimed at a wrong word.
    unused = set(table) - used
    assert not unused, f"{gid}/{lang}: aliases never met in a legal move: {sorted(unused)}"


@pytest.mark.parametrize("gid", sorted(ALIASES))
@pytest.mark.parametrize("lang", LANGS)
def test_every_move_shown_in_the_readers_words_reads_back(gid: str, lang: str, legal) -> None:
    """What the bot shows a German or Danish reader (``Aliases.local``) is the same move."""
    game = REGISTRY[gid]
    changed = 0
    for move in sorted(legal[gid]):
        shown = game.aliases.local(move, lang)
        assert game.parse_move(shown) == game.parse_move(move), (shown, move)
        changed += shown != move
        # only the words change: numbers, squares, seats and codes stay as they are
        assert re.findall(r"[\d:>,-]|\b[A-Z]{2,}\b", shown) == re.findall(r"[\d:>,-]|\b[A-Z]{2,}\b", move)
    if gid != "aqualin":  # Aqualin's moves are squares and tile codes: no words to show
        assert changed, f"{gid}/{lang}: no move reads differently"


def test_moves_shown_in_german_and_danish() -> None:
    krasserfall, kahuna = REGISTRY["krasserfall"].aliases, REGISTRY["kahuna"].aliases
    assert krasserfall.local("place big red", "de") == "setzen groß rot"
    assert krasserfall.local("move 2:small red>blue", "da") == "flyt 2:lille rød>blå"
    assert krasserfall.local("push red", "en") == "push red"
    assert kahuna.local("bridge HUNA-ELAI", "de") == "stab HUNA-ELAI"
    assert REGISTRY["aqualin"].aliases.local("b2-b5 BT d4", "de") == "b2-b5 BT d4"
    assert REGISTRY["kraqua"].aliases.local("skip", "da") == "spring over"


@pytest.mark.parametrize("gid", sorted(ALIASES))
def test_aliases_never_shadow_an_english_word(gid: str, legal) -> None:
    """An alias that is also an English word of the game would change what that word means."""
    english_words = set(NOTATION.get(gid, set()))
    for move in legal[gid]:
        english_words |= set(WORD.findall(move.lower()))
    clash = set(words(gid)) & english_words
    assert not clash, f"{gid}: {sorted(clash)} are English notation already"
    for alias, word in words(gid).items():
        assert word.lower() in english_words, (gid, alias, word)
        assert alias == alias.lower() and all(WORD.fullmatch(w) for w in alias.split()), alias
        assert not set(alias.split()) & english_words, (gid, alias)


@pytest.mark.parametrize("gid", sorted(ALIASES))
def test_one_alias_means_one_word_in_every_language(gid: str) -> None:
    seen: dict[str, str] = {}
    for lang in LANGS:
        for alias, word in ALIASES[gid][lang].items():
            assert seen.setdefault(alias, word) == word, (gid, alias, word, seen[alias])


def test_kahuna_aliases_are_not_islands() -> None:
    """Kahuna reads any 1-4 letter prefix of an island as that island."""
    for alias in words("kahuna"):
        with pytest.raises(InvalidMove):
            kahuna_moves.island(alias)


BAD: list[tuple[str, str]] = [
    ("krasserfall", "schieben lila"),  # no purple boat
    ("krasserfall", "skub skub"),
    ("krasserfall", "stab"),  # a Kahuna word means nothing in Krasserfall
    ("kahuna", "schieben rot"),
    ("kahuna", "stab"),  # a bridge needs its line
    ("kahuna", "stab HUNA-ELAI extra"),
    ("aqua", "nimm schnecke 2"),
    ("aqua", "stor trekant 0,1"),  # one site is no triangle
    ("kraqua", "fisch lila"),  # no purple fish
    ("kraqua", "qualle rot"),  # a jellyfish needs its animal
    ("aqualin", "stab d4"),  # a Kahuna word means nothing in Aqualin
    ("aqualin", "blau d4"),  # a colour alone is no tile
    ("aqualin", "blaue schildkröte"),  # a tile needs its square
]


@pytest.mark.parametrize("gid,text", BAD)
def test_wrong_input_stays_wrong(gid: str, text: str) -> None:
    with pytest.raises(InvalidMove):
        REGISTRY[gid].parse_move(text)


def test_the_issue_examples() -> None:
    assert REGISTRY["kahuna"].normalize_move("stab HUNA-ELAI") == "bridge HUNA-ELAI"
    assert REGISTRY["krasserfall"].normalize_move("schieben rot") == "push red"
    assert REGISTRY["krasserfall"].normalize_move("skub rød") == "push red"
    assert REGISTRY["krasserfall"].normalize_move("Umsetzen 2:Groß rot > blau") == "move 2:big red>blue"
    assert REGISTRY["kraqua"].normalize_move("Slå  igen") == "reroll"
    assert REGISTRY["kraqua"].normalize_move("spring over") == "skip"
    assert REGISTRY["kraqua"].normalize_move("neu würfeln") == "reroll"
    assert english("aqualin", "b2-c3 d4") == "b2-c3 d4"
    aqualin = REGISTRY["aqualin"]
    for typed in ("blaue Schildkröte d4", "Schildkröte blau d4", "blå skildpadde d4"):
        assert aqualin.normalize_move(typed) == aqualin.normalize_move("BT d4")
    assert aqualin.normalize_move("b2-b5 lila Seepferdchen a1") == aqualin.normalize_move("b2-b5 VH a1")


def test_errors_quote_what_was_typed() -> None:
    """The player sees their own words in an error, not the English the parser read."""
    with pytest.raises(InvalidMove) as caught:
        REGISTRY["krasserfall"].parse_move("schieben rot blau")
    assert "schieben rot blau" in str(caught.value)
    with pytest.raises(InvalidMove) as caught:  # the refused word itself, not its English
        REGISTRY["kraqua"].parse_move("Fisch Lila")
    assert "'lila'" in str(caught.value) and "purple" not in str(caught.value)



def test_the_bot_finds_each_games_words_by_its_id() -> None:
    """The table lives with the game (``Game.aliases``); the bot reaches it by id alone."""
    assert set(ALIASES) == {gid for gid, game in REGISTRY.items() if game.aliases}
    for gid in ALIASES:
        assert ALIASES[gid] is REGISTRY[gid].aliases.table
        assert words(gid) == REGISTRY[gid].aliases.words
    assert english("no-such-game", "schieben rot") == "schieben rot"
    assert words("no-such-game") == {} and "no-such-game" not in ALIASES
    assert english("krasserfall", "schieben rot") == "push red"
