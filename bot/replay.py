"""Rebuild a game from its seed, options and move log; export that as a file and read it back.

An export holds everything needed to replay a game exactly (engines are deterministic and
keep their chance in a seeded RNG), so a game can be checked, debugged or shown elsewhere.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

import games
from games import Game

from .store import GameRow, MoveRow, SeatRow

EXPORT_FORMAT = "tidepool.export/1"
#: Log kinds that resign a seat in the engine; the others are moves.
RESIGNING = ("resign", "forfeit", "kick")


def replay_steps(game: Game, state: Any, moves: Iterable[MoveRow | Mapping[str, Any]]
                 ) -> Iterator[tuple[str, Any]]:
    """From ``state``, every logged change that stands (undone ones are skipped): its log
    kind and the state after it. The one place that knows how a log entry is replayed."""
    for m in moves:
        kind, player, move, undone = (
            (m.kind, m.player_id, m.move, m.undone_at is not None) if isinstance(m, MoveRow)
            else (m["kind"], m["player"], m["move"], bool(m.get("undone")))
        )
        if undone:
            continue
        state = game.resign(state, player) if kind in RESIGNING else game.apply(state, player, move)
        yield kind, state


def replay_moves(game: Game, players: Sequence[str], options: Mapping[str, str], seed: int,
                 moves: Iterable[MoveRow | Mapping[str, Any]]) -> Any:
    """The state after ``moves`` (undone moves are skipped) from a fresh set-up."""
    state = game.setup(list(players), dict(options), seed)
    for _kind, state in replay_steps(game, state, moves):
        pass
    return state


def turn_views(game: Game, players: Sequence[str], options: Mapping[str, str], seed: int,
               moves: Iterable[MoveRow]) -> list[Mapping[str, Any]]:
    """Public views: the start, then the board after every completed turn (hands stay hidden)."""
    state = game.setup(list(players), dict(options), seed)
    views = [game.view(state, None)]
    standing = [m for m in moves if m.undone_at is None]
    for m, (kind, state) in zip(standing, replay_steps(game, state, standing)):
        if m.ends_turn or kind in RESIGNING:
            views.append(game.view(state, None))
    return views


def _iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def export_payload(row: GameRow, seats: Sequence[SeatRow], moves: Sequence[MoveRow],
                   review: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The export of a game; ``review``: its review (``games.ai.review.Review.to_dict``), if
    it has one, for a replay viewer to show its turning points."""
    game = games.REGISTRY[row.game]
    return {
        "format": EXPORT_FORMAT,
        "game": row.game,
        "title": game.title,
        "game_id": row.id,
        "options": dict(row.options),
        "seed": row.seed,
        "status": row.status,
        "players": [{"seat": i + 1, "player_id": s.player_id, "user_id": str(s.user_id), "name": s.name}
                    for i, s in enumerate(seats)],
        "moves": [{"n": m.n, "player": m.player_id, "kind": m.kind, "move": m.move,
                   "at": _iso(m.created_at), "undone": m.undone_at is not None} for m in moves],
        "result": row.result,
        "state_sha256": hashlib.sha256((row.state or "").encode()).hexdigest(),
        **({"review": dict(review)} if review is not None else {}),
    }


def replay_export(payload: Mapping[str, Any]) -> Any:
    """The final state of an exported game; raises ValueError if the export does not add up."""
    if payload.get("format") != EXPORT_FORMAT:
        raise ValueError(f"not a {EXPORT_FORMAT} file")
    game = games.REGISTRY.get(payload["game"])
    if game is None:
        raise ValueError(f"unknown game {payload['game']!r}")
    players = [p["player_id"] for p in sorted(payload["players"], key=lambda p: p["seat"])]
    state = replay_moves(game, players, payload["options"], int(payload["seed"]), payload["moves"])
    digest = hashlib.sha256(game.dump(state).encode()).hexdigest()
    if payload.get("state_sha256") and digest != payload["state_sha256"]:
        raise ValueError("the replayed state differs from the exported game's state")
    return state


def export_bytes(payload: Mapping[str, Any]) -> bytes:
    return (json.dumps(payload, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
