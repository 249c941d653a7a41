"""Pictures speak their reader's language (#32 §1): a channel's board its language, the
asker's own hand and private board the asker's, a replay the asker's; the language travels
with the outbox row, so a resend draws the same words."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import renderers
from bot.delivery.pipeline import Pipeline
from bot.delivery.recorder import Recorder
from bot.service import GameService
from bot.store import Store
from bot.store.envelopes import decode_art, encode_art

from .conftest import ALICE, BOB, PLACE, delivered
from .kahuna_turns import ACTORS, KAHUNA, current, first_of, first_turn

NAMES = {"101": "Alice", "202": "Bob"}


class Drawn:
    """A board renderer that remembers the language of every picture it draws."""

    def __init__(self) -> None:
        self.langs: list[str] = []

    def __call__(self, view: Any, names: Any, focus: str | None = None, lang: str = "en") -> bytes:
        self.langs.append(lang)
        return renderers.render_board(view, names, focus, lang)


async def test_a_channels_board_speaks_the_channels_language(store: Store, clock: Any) -> None:
    drawn = Drawn()
    service = GameService(store, clock=clock, render=drawn)
    await service.settings.configure(ALICE, PLACE, language="de")
    row, state, player = await first_turn(service)
    drawn.langs.clear()
    reply = await service.play.move(ACTORS[player], PLACE, first_of(state, player, "bridge"))
    assert drawn.langs == ["en"]  # the step's private reply: the asker's client is English
    await delivered(service, reply)
    row, state = await current(service)
    actor = ACTORS[player]
    out = await delivered(service, await service.play.move(actor, PLACE, first_of(state, player, "draw")))
    [post] = out.posts
    assert drawn.langs[-1] == "de"  # the board post: the channel's language
    assert post.image.data == renderers.render_board(KAHUNA.view((await current(service))[1], None),
                                                     NAMES, lang="de")


async def test_the_askers_hand_is_drawn_in_their_language_and_kept_so(service: GameService) -> None:
    row, state, player = await first_turn(service)
    danish = replace(ACTORS[player], lang="da")
    out = await service.play.move(danish, PLACE, first_of(state, player, "bridge"))
    [dm] = out.dms
    assert dm.art is not None and dm.art.lang == "da"  # stored with the row
    stored = [r for r in await service.store.outbox.rows(pending=True)
              if r["kind"] == "dm" and r["user_id"] == danish.user_id]
    assert stored[-1]["body"]["art"]["lang"] == "da"
    # delivered later by the loop (no interaction: a restart, say): still Danish, text and all
    recorder = Recorder()
    await Pipeline(service, recorder).sweep(grace=0)
    sent = [s for s in recorder.sent if s.kind in ("dm", "dm-edit") and s.user_id == danish.user_id][-1]
    assert sent.lang == "da"
    row, state = await current(service)
    assert sent.image.data == renderers.render_hand(KAHUNA.view(state, player), NAMES, "da")


async def test_private_pictures_speak_the_askers_language(service: GameService) -> None:
    await first_turn(service)
    german = replace(ALICE, lang="de")
    board = await service.looking.board(german, PLACE)
    row, state = await current(service)
    assert board.reply_file.data == renderers.render_board(KAHUNA.view(state, None), NAMES,
                                                           lang="de")
    hand = await service.looking.hand(german, PLACE)
    assert hand.reply_file.data == renderers.render_hand(KAHUNA.view(state, "101"), NAMES, "de")
    assert (await service.looking.hand(BOB, PLACE)).reply_file.data == renderers.render_hand(
        KAHUNA.view(state, "202"), NAMES, "en")


def test_the_outbox_keeps_a_pictures_language() -> None:
    art = decode_art(encode_art(replace(_art(), lang="da")))
    assert art is not None and art.lang == "da"
    unset = decode_art(encode_art(_art()))  # a row from before: the message's language
    assert unset is not None and unset.lang is None and unset.read_in("de").lang == "de"
    assert "lang" not in (encode_art(_art()) or {})


def _art() -> Any:
    from bot.messages import Art

    return Art(kind="board", game="kahuna", view={"game": "kahuna"}, names={}, filename="x.png")
