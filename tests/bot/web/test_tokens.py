"""The web view's links: a public one per game, a seat's own one that expires; nothing else opens."""

from __future__ import annotations

from bot.service.web_tokens import SEAT_LINK_SECONDS, Grant, public_token, read_token, seat_token

SECRET = b"k" * 32
NOW = 1_800_000_000.0


def test_a_public_link_opens_its_game_only() -> None:
    token = public_token(SECRET, 12)
    assert read_token(SECRET, 12, token, NOW) == Grant(12)
    assert read_token(SECRET, 13, token, NOW) is None  # another game's address
    assert read_token(b"x" * 32, 12, token, NOW) is None  # another bot's secret
    assert public_token(SECRET, 12) != public_token(SECRET, 13)


def test_a_seat_link_names_its_seat_and_user_and_runs_out() -> None:
    token = seat_token(SECRET, 12, "101", 101, NOW)
    grant = read_token(SECRET, 12, token, NOW + 60)
    assert grant == Grant(12, "101", 101, int(NOW) + SEAT_LINK_SECONDS)
    assert read_token(SECRET, 12, token, NOW + SEAT_LINK_SECONDS + 1) is None
    assert read_token(SECRET, 13, token, NOW) is None


def test_altered_links_open_nothing() -> None:
    token = seat_token(SECRET, 12, "101", 101, NOW)
    kind, seat, user, expires, mac = token.split(".")
    other_seat = seat_token(SECRET, 12, "202", 202, NOW).split(".")[1]
    altered = [
        ".".join((kind, other_seat, user, expires, mac)),  # another seat, same MAC
        ".".join((kind, seat, "202", expires, mac)),  # another user
        ".".join((kind, seat, user, str(int(expires) + 86400), mac)),  # a longer life
        ".".join((kind, seat, "0" + user, expires, mac)),  # the same number spelled otherwise
        ".".join((kind, seat, user, expires, mac[:-1] + ("A" if mac[-1] != "A" else "B"))),
        "p." + mac, "s", "", "p", "s.....", "p.%%%", ".".join((kind, "***", user, expires, mac)),
        ".".join((kind, seat, "١٠١", expires, mac)),  # digits of another script
    ]
    for bad in altered:
        assert read_token(SECRET, 12, bad, NOW) is None, bad
