"""The web view's links: an HMAC (SHA-256) over what a link opens, so that nobody can guess
one or turn one into another.

A *public* link opens a game's public page: ``p`` and a MAC over the game id. A *seat* link
opens one player's own view (the Kahuna hand): ``s``, the seat, the user it was given to, the
expiry, and a MAC over all four and the game id. Changing any part breaks the MAC, so a forged
link, another seat's link or an expired one are all the same: not found. Pure: no I/O, the
secret and the time are passed in.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass

#: How long a seat link stays good.
SEAT_LINK_DAYS = 7
SEAT_LINK_SECONDS = SEAT_LINK_DAYS * 86400
_MAC_BYTES = 16  # 128 bits: more than enough against guessing, short enough for a URL


@dataclass(frozen=True)
class Grant:
    """What a valid link opens: a game's public page, or one seat's own view (``seat`` set)."""

    game_id: int
    seat: str | None = None
    user_id: int | None = None
    expires: int | None = None


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _mac(secret: bytes, *parts: object) -> str:
    message = "\x1f".join(str(p) for p in parts).encode("utf-8")
    return _b64(hmac.new(secret, message, hashlib.sha256).digest()[:_MAC_BYTES])


def public_token(secret: bytes, game_id: int) -> str:
    return "p." + _mac(secret, "public", game_id)


def seat_token(secret: bytes, game_id: int, seat: str, user_id: int, now: float) -> str:
    expires = int(now) + SEAT_LINK_SECONDS
    return ".".join(("s", _b64(seat.encode("utf-8")), str(user_id), str(expires),
                     _mac(secret, "seat", game_id, seat, user_id, expires)))


def read_token(secret: bytes, game_id: int, token: str, now: float) -> Grant | None:
    """The grant of ``token`` for ``game_id``, or None (forged, altered or expired: the caller
    answers all of them alike)."""
    parts = token.split(".")
    try:
        if parts[0] == "p" and len(parts) == 2:
            return Grant(game_id) if hmac.compare_digest(parts[1], _mac(secret, "public", game_id)) else None
        if parts[0] == "s" and len(parts) == 5:
            if not all(p.isascii() and p.isdigit() and p == str(int(p)) for p in parts[2:4]):
                return None  # one spelling per number: "05" is not another name for 5
            seat = _unb64(parts[1]).decode("utf-8")
            user_id, expires = int(parts[2]), int(parts[3])
            if not hmac.compare_digest(parts[4], _mac(secret, "seat", game_id, seat, user_id, expires)):
                return None
            return Grant(game_id, seat, user_id, expires) if now < expires else None
    except (ValueError, UnicodeDecodeError):  # garbage: not base64, not a number
        return None
    return None
