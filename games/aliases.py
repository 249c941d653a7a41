"""Moves typed in the player's language, found by the game's id: ``stab HUNA-ELAI``,
``schieben rot``, ``skub rød``.

Each game keeps its German and Danish words beside its notation and names them on its class
(``Game.aliases``, a :class:`games.notation.Aliases`), so adding a game's words touches that
game only. Its parser reads them itself; this module is how the bot reaches them from a game
id alone (autocomplete reads ``schieben r`` as ``push r``). What is stored and logged stays
the canonical English move.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from .registry import REGISTRY


class _ByGame(Mapping[str, Mapping[str, Mapping[str, str]]]):
    """Game id -> language -> {alias: English word}, for every registered game with aliases
    (read when asked, so a game registered later is in it too)."""

    def __getitem__(self, game_id: str) -> Mapping[str, Mapping[str, str]]:
        game = REGISTRY.get(game_id) if isinstance(game_id, str) else None
        if game is None or not game.aliases:
            raise KeyError(game_id)
        return game.aliases.table

    def __iter__(self) -> Iterator[str]:
        return iter([gid for gid, game in REGISTRY.items() if game.aliases])

    def __len__(self) -> int:
        return sum(1 for _ in self)


#: game id -> language -> {alias: English word}, as the registered games declare them.
ALIASES: Mapping[str, Mapping[str, Mapping[str, str]]] = _ByGame()


def words(game_id: str) -> dict[str, str]:
    """Every alias of ``game_id`` in every language: {alias: English word}."""
    game = REGISTRY.get(game_id)
    return dict(game.aliases.words) if game is not None else {}


def english(game_id: str, text: str) -> str:
    """``text`` with the game's German and Danish words in English; the rest as typed."""
    game = REGISTRY.get(game_id)
    return game.aliases.english(text) if game is not None else text


def local(game_id: str, lang: str, move: str) -> str:
    """``move`` (English notation) in the game's words of ``lang``; as it is without them."""
    game = REGISTRY.get(game_id)
    return game.aliases.local(move, lang) if game is not None else move
