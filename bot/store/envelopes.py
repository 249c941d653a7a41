"""Outbox rows: what the service decided to say, stored in the transaction of the write.

A post, a DM or a lobby edit is turned into a JSON body here and back. Words stay
translatable :class:`~games.text.Text` (the pipeline picks the language when it sends), and
images stay views (:class:`~bot.messages.Art`), drawn when the row is delivered, so the
database never holds a PNG. The delivery pipeline (:mod:`bot.delivery`) sends what it decodes.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any

from games.text import Text

from ..messages import Art, AskButton, DirectMessage, LobbyCard, MoveButton, Place, Post, WaitButton
from ..vocab import OutboxKind


@dataclass(frozen=True)
class Envelope:
    """One message to store with a write. ``key`` names the row and is the message nonce."""

    key: str
    kind: OutboxKind
    channel_id: int
    guild_id: int | None
    body: dict[str, Any]
    user_id: int | None = None
    arms: bool = False  # delivering it starts the game's turn clocks
    #: False: stored without its game's id and version (a turn notice by DM: the hand DMs of
    #: a game look for their last DM by the game's id, and must not find this one).
    of_game: bool = True


@dataclass(frozen=True)
class OutboxRow:
    """A stored envelope as the delivery pipeline sees it."""

    id: int
    key: str
    kind: str
    game_id: int | None
    version: int | None
    guild_id: int | None
    channel_id: int
    user_id: int | None
    #: The JSON text as stored, decoded only when the row is sent: rows waiting in a busy
    #: deliverer's queue are then a few strings, not trees the garbage collector must walk.
    body: str
    arms: bool
    attempts: int
    created_at: float

    @property
    def nonce(self) -> str:
        """Discord keeps a nonce of at most 25 characters."""
        return self.key[:25]

    def data(self) -> dict[str, Any]:
        data = json.loads(self.body)
        if not isinstance(data, dict):
            raise ValueError("an outbox body is a JSON object")
        return data

    def post(self) -> Post:
        return decode_post(self.data())

    def dm(self) -> DirectMessage:
        return decode_dm(self.data())

    def card(self) -> LobbyCard:
        return decode_card(self.data())


def new_key() -> str:
    return secrets.token_hex(12)  # 24 characters: fits a nonce


# ----- words ----------------------------------------------------------------------------------


def encode_text(text: Any) -> Any:
    if isinstance(text, Text):
        return {"text": text.dump()}
    return {"str": str(text)}


def decode_text(data: Any) -> Any:
    if "text" in data:
        return Text.load(data["text"])
    return data["str"]


# ----- images ---------------------------------------------------------------------------------


def encode_art(art: Art | None) -> dict[str, Any] | None:
    if art is None:
        return None
    return {"kind": art.kind, "game": art.game, "view": art.view, "names": art.names,
            "filename": art.filename, "focus": art.focus, "clock": art.clock,
            **({"lang": art.lang} if art.lang else {})}


def decode_art(data: dict[str, Any] | None) -> Art | None:
    if data is None:
        return None
    return Art(kind=data["kind"], game=data["game"], view=data["view"], names=data["names"],
               filename=data["filename"], focus=data.get("focus"), clock=data.get("clock"),
               lang=data.get("lang"))


# ----- messages -------------------------------------------------------------------------------


def encode_card(card: LobbyCard) -> dict[str, Any]:
    return {"game_id": card.game_id, "text": encode_text(card.text), "open": card.open,
            "message_id": card.message_id}


def decode_card(data: dict[str, Any]) -> LobbyCard:
    return LobbyCard(game_id=data["game_id"], text=decode_text(data["text"]), open=data["open"],
                     message_id=data.get("message_id"))


def _encode_button(b: MoveButton) -> dict[str, Any]:
    return {"label": encode_text(b.label), "game_id": b.game_id, "version": b.version,
            "move": b.move, "seat": b.seat, "path": b.path}


def _decode_button(data: dict[str, Any]) -> MoveButton:
    return MoveButton(label=decode_text(data["label"]), game_id=data["game_id"],
                      version=data["version"], move=data["move"], seat=data["seat"],
                      path=data["path"])


def encode_post(post: Post) -> dict[str, Any]:
    if post.image is not None:
        raise ValueError("outbox posts carry art to draw, not ready-made files")
    return {
        "text": encode_text(post.text), "mention": list(post.mention),
        "lobby": encode_card(post.lobby) if post.lobby is not None else None,
        "is_board": post.is_board, "buttons": [_encode_button(b) for b in post.buttons],
        "replay_of": post.replay_of, "is_replay": post.is_replay, "art": encode_art(post.art),
        **({"asks": [{"label": encode_text(a.label), "game_id": a.game_id, "action": a.action}
                     for a in post.asks]} if post.asks else {}),
        **({"wait": {"label": encode_text(post.wait.label), "game_id": post.wait.game_id,
                     "player": post.wait.player}} if post.wait is not None else {}),
        **({"in_channel": True} if post.in_channel else {}),
        **({"hint_of": post.hint_of} if post.hint_of is not None else {}),
        **({"web_of": post.web_of} if post.web_of is not None else {}),
        **({"my_view": True} if post.my_view else {}),
    }


def decode_post(data: dict[str, Any]) -> Post:
    return Post(
        text=decode_text(data["text"]), mention=tuple(data["mention"]),
        lobby=decode_card(data["lobby"]) if data.get("lobby") else None,
        is_board=data["is_board"], buttons=tuple(_decode_button(b) for b in data["buttons"]),
        replay_of=data.get("replay_of"), is_replay=data.get("is_replay", False),
        art=decode_art(data.get("art")), in_channel=bool(data.get("in_channel", False)),
        hint_of=data.get("hint_of"), web_of=data.get("web_of"),
        my_view=bool(data.get("my_view", False)),
        asks=tuple(AskButton(label=decode_text(a["label"]), game_id=a["game_id"], action=a["action"])
                   for a in data.get("asks", ())),
        wait=(WaitButton(label=decode_text(data["wait"]["label"]), game_id=data["wait"]["game_id"],
                         player=data["wait"]["player"]) if data.get("wait") else None),
    )


def encode_dm(dm: DirectMessage) -> dict[str, Any]:
    if dm.image is not None:
        raise ValueError("outbox DMs carry art to draw, not ready-made files")
    return {"user_id": dm.user_id, "text": encode_text(dm.text),
            "fallback": encode_text(dm.fallback), "art": encode_art(dm.art), "replace": dm.replace,
            "board": dm.board, **({"silent": True} if dm.silent else {})}


def decode_dm(data: dict[str, Any]) -> DirectMessage:
    return DirectMessage(user_id=data["user_id"], text=decode_text(data["text"]),
                         fallback=decode_text(data["fallback"]), art=decode_art(data.get("art")),
                         replace=bool(data.get("replace", False)), board=data.get("board"),
                         silent=bool(data.get("silent", False)))


def envelopes(place: Place, *, posts: list[Post] | tuple[Post, ...] = (),
              dms: list[DirectMessage] | tuple[DirectMessage, ...] = (),
              lobby: LobbyCard | None = None) -> list[Envelope]:
    """The rows for one change, in the order they are to be delivered: posts, the lobby
    edit, then DMs (the board a DM talks about is in the channel first), turn notices last."""
    out = [Envelope(new_key(), OutboxKind.POST, place.channel_id, place.guild_id, encode_post(p),
                    arms=p.is_board and p.replay_of is None) for p in posts]
    if lobby is not None:
        out.append(Envelope(new_key(), OutboxKind.LOBBY, place.channel_id, place.guild_id, encode_card(lobby)))
    out += [Envelope(new_key(), OutboxKind.DM, place.channel_id, place.guild_id, encode_dm(d), user_id=d.user_id)
            for d in dms]
    out += [Envelope(new_key(), OutboxKind.DM, place.channel_id, place.guild_id, encode_dm(d), user_id=d.user_id,
                     of_game=False) for p in posts for d in p.notify]
    return out


def dumps(body: dict[str, Any]) -> str:
    return json.dumps(body, separators=(",", ":"), sort_keys=True, ensure_ascii=False, default=str)
