"""Turn notices (``/game notify``): which pings and which DM rows each choice writes, after a
move, a start, a skip, a reminder and a passed deadline; one DM per person, none for bots, and
closed DMs remembered until the person chooses again or a DM goes through."""

from __future__ import annotations

from typing import Any

import pytest

import games
from bot.refusals import ServiceError
from bot.i18n import tr
from bot.messages import Actor, DirectMessage, Place
from bot.store.envelopes import decode_dm
from bot.service import GameService
from bot.service.notify import NOTIFY_CHOICES

from .conftest import ALICE, BOB, CHANNEL, GUILD, PLACE, FakeClock, deliver_all, sent_out

HOUR = 3600.0
DM_WANTED = {"channel": False, "dm": True, "both": True, "off": False}
PINGED = {"channel": True, "dm": False, "both": True, "off": False}


async def aqualin(service: GameService, options: str = "role=host-colour") -> int:
    """Alice (to move first) against Bob, everything delivered (the turn clocks run)."""
    out = await sent_out(service, await service.lobby.new_game(ALICE, PLACE, "aqualin", options))
    await sent_out(service, await service.lobby.join(BOB, PLACE))
    await sent_out(service, await service.lobby.start(ALICE, PLACE))
    return out.game_id


async def notices(service: GameService, user_id: int | None = None,
                  pending: bool = False) -> list[dict[str, Any]]:
    """The turn-notice DM rows (of everyone, or of one person)."""
    rows = await service.store.outbox.rows(pending=pending)
    return [r for r in rows if r["kind"] == "dm" and r["body"].get("board") is not None
            and (user_id is None or r["user_id"] == user_id)]


async def dms_of(service: GameService, user_id: int) -> list[DirectMessage]:
    return [decode_dm(r["body"]) for r in await notices(service, user_id)]


# ----- the choice ---------------------------------------------------------------------------


async def test_nobody_chose_the_channel_pings_as_before(service: GameService) -> None:
    await aqualin(service)
    moved = await service.play.move(ALICE, PLACE, "a1")
    [post] = moved.posts
    assert post.mention == (BOB.user_id,) and post.notify == ()
    assert await notices(service) == []
    assert await service.store.settings.notify_pref(BOB.user_id) is None
    assert await service.notices.notify_where(BOB.user_id, GUILD) == "channel"


@pytest.mark.parametrize("where", NOTIFY_CHOICES)
async def test_after_a_move_each_choice_writes_its_ping_and_dm(service: GameService, where: str) -> None:
    game_id = await aqualin(service)
    reply = await service.notices.notify(BOB, PLACE, where)
    assert "all your games" in reply.reply
    assert await service.store.settings.notify_pref(BOB.user_id) == where
    moved = await service.play.move(ALICE, PLACE, "a1")
    [post] = moved.posts
    assert "<@202>, your turn" in post.text  # named in every case ...
    assert post.mention == ((BOB.user_id,) if PINGED[where] else ())  # ... pinged only if wanted
    rows = await notices(service, pending=True)
    if not DM_WANTED[where]:
        assert rows == [] and post.notify == ()
        return
    [row] = rows
    assert row["user_id"] == BOB.user_id and row["key"] in moved.outbox
    assert row["game_id"] is None  # not a DM of the game's hands (those edit their last DM)
    assert row["channel_id"] == CHANNEL and row["guild_id"] == GUILD  # where a fallback goes
    dm = decode_dm(row["body"])
    assert dm.board == game_id and "It's your turn in **Aqualin**" in dm.text
    assert "https://discord.com/channels/900/700" in dm.text
    assert "/game notify" in dm.fallback and "<@202>" in dm.fallback
    # Delivered after the board it links to: the last row of the change.
    assert [r["key"] for r in await service.store.outbox.rows(pending=True)][-1] == row["key"]


async def test_the_link_is_filled_in_with_the_board_posted_just_before(service: GameService) -> None:
    game_id = await aqualin(service)
    await service.notices.notify(BOB, PLACE, "dm")
    await service.play.move(ALICE, PLACE, "a1")
    [dm] = await dms_of(service, BOB.user_id)
    await service.narrator.remember_message(game_id, "board", 555)  # the adapter posted the board
    linked = await service.notices.linked(dm)
    assert linked.text.endswith("https://discord.com/channels/900/700/555")
    assert tr(linked.text, "de") == ("🎲 Du bist in **Aqualin** dran: "
                                     "https://discord.com/channels/900/700/555")
    assert tr(linked.text, "da").startswith("🎲 Det er din tur i **Aqualin**: https://")


async def test_the_mover_and_other_people_get_nothing(service: GameService) -> None:
    await aqualin(service)
    await service.notices.notify(ALICE, PLACE, "dm")
    await service.notices.notify(BOB, PLACE, "dm")
    await service.play.move(ALICE, PLACE, "a1")
    assert [r["user_id"] for r in await notices(service)] == [BOB.user_id]
    await deliver_all(service)
    await service.play.move(BOB, PLACE, "b2")
    assert [r["user_id"] for r in await notices(service)] == [BOB.user_id, ALICE.user_id]


async def test_choosing_again_and_seeing_the_choice(service: GameService) -> None:
    shown = await service.notices.notify(BOB, PLACE)
    assert "ping you in the game's channel" in shown.reply and "/game notify" in shown.reply
    await service.notices.notify(BOB, PLACE, " DM ")
    assert await service.store.settings.notify_pref(BOB.user_id) == "dm"
    assert "send you a DM" in (await service.notices.notify(BOB, PLACE)).reply
    with pytest.raises(ServiceError, match="choose channel, dm, both or off"):
        await service.notices.notify(BOB, PLACE, "pigeon")
    assert await service.store.settings.notify_pref(BOB.user_id) == "dm"  # a bad choice loses nothing
    await service.notices.notify(BOB, PLACE, "off")
    assert "won't ping you" in (await service.notices.notify(BOB, PLACE)).reply
    assert await service.store.settings.notify_pref(ALICE.user_id) is None  # per person


async def test_the_default_is_one_method_a_context_can_change(service: GameService,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A place without a server (the user-installed app) may make DMs the default."""
    monkeypatch.setattr(type(service.notices), "notify_default",
                        lambda self, guild_id: "dm" if guild_id is None else "channel")
    assert await service.notices.notify_where(BOB.user_id, None) == "dm"
    assert await service.notices.notify_where(BOB.user_id, GUILD) == "channel"
    await service.notices.notify(BOB, PLACE, "off")
    assert await service.notices.notify_where(BOB.user_id, None) == "off"  # a choice beats any default


# ----- every way a turn begins -----------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(games.REGISTRY))
async def test_the_start_of_every_game_sends_the_first_player_a_dm(service: GameService, game: str) -> None:
    await service.notices.notify(ALICE, PLACE, "dm")
    await service.notices.notify(BOB, PLACE, "dm")
    await service.lobby.new_game(ALICE, PLACE, game)
    await service.lobby.join(BOB, PLACE)
    started = await service.lobby.start(ALICE, PLACE)
    [post] = started.posts
    assert post.mention == ()  # both chose DMs alone
    row = await service.store.games.active_game(CHANNEL)
    waiting = {s.user_id for s in await service.store.games.seats(row.id)
               if s.player_id in games.REGISTRY[game].waiting_for(games.REGISTRY[game].load(row.state))}
    rows = await notices(service)
    assert {r["user_id"] for r in rows} == waiting and len(rows) == len(waiting)
    for r in rows:
        assert f"<@{r['user_id']}>" in post.text
        dm = decode_dm(r["body"])
        title = games.REGISTRY[game].title
        assert f"It's your turn in **{title}**" in dm.text
        assert tr(dm.text, "de") != str(dm.text) and tr(dm.text, "da") != str(dm.text)


async def test_a_skip_tells_the_next_player(service: GameService) -> None:
    kahuna = games.REGISTRY["kahuna"]
    await service.notices.notify(ALICE, PLACE, "both")
    await service.notices.notify(BOB, PLACE, "both")
    await service.lobby.new_game(ALICE, PLACE, "kahuna")
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(ALICE, PLACE)
    await deliver_all(service)
    row = await service.store.games.active_game(CHANNEL)
    [first] = kahuna.waiting_for(kahuna.load(row.state))
    nxt = BOB if first == str(ALICE.user_id) else ALICE
    skipped = await service.play.skip(Actor(909, "Ref", manage_channels=True), PLACE)
    [post] = skipped.posts
    assert post.mention == (nxt.user_id,)  # both: the ping stays ...
    [dm] = post.notify  # ... and the DM comes too
    assert dm.user_id == nxt.user_id and "It's your turn in **Kahuna**" in dm.text
    [row] = await notices(service, nxt.user_id, pending=True)
    assert row["key"] in skipped.outbox


async def test_a_forced_move_tells_the_player_after_it(service: GameService) -> None:
    """Krasserfall: a move followed by a forced one; whoever acts next is told by DM."""
    from .test_ux_forced import play_until, start, told_forced

    await service.notices.notify(ALICE, PLACE, "dm")
    await service.notices.notify(BOB, PLACE, "dm")
    await start(service)
    out = await play_until(service, lambda out, _before: told_forced(out.reply) and out.posts)
    assert out is not None
    [post] = out.posts
    pinged = [u for u in (ALICE.user_id, BOB.user_id) if f"<@{u}>, your turn" in post.text]
    assert pinged and post.mention == ()
    assert [d.user_id for d in post.notify] == pinged


# ----- reminders and deadlines -----------------------------------------------------------------


@pytest.mark.parametrize("where", NOTIFY_CHOICES)
async def test_a_reminder_follows_the_choice(service: GameService, clock: FakeClock, where: str) -> None:
    game_id = await aqualin(service)
    await service.notices.notify(ALICE, PLACE, where)
    clock.advance(12 * HOUR)
    [(_, outcome)] = await service.timers.fire_due()
    [post] = outcome.posts
    assert "<@101>, it's your turn in **Aqualin**" in post.text
    assert post.mention == ((ALICE.user_id,) if PINGED[where] else ())
    rows = await notices(service, ALICE.user_id)
    assert len(rows) == int(DM_WANTED[where])
    if rows:
        dm = decode_dm(rows[0]["body"])
        assert dm.board == game_id and rows[0]["key"] in outcome.outbox
        assert "⏰ Reminder: it's your turn in **Aqualin** (waiting for 12 h)" in dm.text
        assert "waiting for 12 h" in dm.text and "Erinnerung" in tr(dm.text, "de")
        assert "Påmindelse" in tr(dm.text, "da")


async def test_a_reminder_dm_says_when_the_deadline_falls(service: GameService, clock: FakeClock) -> None:
    await aqualin(service, "role=host-colour reminder=12h deadline=2d on-deadline=remind")
    await service.notices.notify(ALICE, PLACE, "dm")
    clock.advance(12 * HOUR)
    await service.timers.fire_due()
    [dm] = await dms_of(service, ALICE.user_id)
    assert "Deadline in 1 d 12 h" in dm.text
    await deliver_all(service)
    clock.advance(36 * HOUR)  # the deadline (remind: a ping) and the next reminders
    fired = await service.timers.fire_due()
    passed = [o.posts[0] for _, o in fired if "deadline has passed" in o.posts[0].text]
    assert len(passed) == 1 and passed[0].mention == ()
    texts = [str(d.text) for d in await dms_of(service, ALICE.user_id)]
    assert any(t.startswith("⌛ The turn deadline in **Aqualin** has passed") for t in texts)


async def test_off_means_no_ping_anywhere(service: GameService, clock: FakeClock) -> None:
    await aqualin(service, "role=host-colour reminder=12h deadline=1d on-deadline=remind")
    await service.notices.notify(ALICE, PLACE, "off")
    await service.notices.notify(BOB, PLACE, "off")
    clock.advance(24 * HOUR)
    posts = [p for _, o in await service.timers.fire_due() for p in o.posts]
    assert posts and all(p.mention == () for p in posts)
    moved = await service.play.move(ALICE, PLACE, "a1")
    assert moved.posts[0].mention == ()
    assert await notices(service) == []


async def test_the_thanks_at_the_end_ping_only_who_wants_channel_pings(service: GameService) -> None:
    await aqualin(service)
    await service.notices.notify(ALICE, PLACE, "dm")
    await service.notices.notify(BOB, PLACE, "both")
    ended = await service.play.resign(ALICE, PLACE)
    [post] = ended.posts
    assert "Thanks for playing, <@101>, <@202>!" in post.text
    assert post.mention == (BOB.user_id,) and post.notify == ()  # the end is no turn: no DM
    assert await notices(service) == []


# ----- several seats, bots ---------------------------------------------------------------------


async def test_a_person_with_several_seats_gets_one_dm_per_turn(service: GameService,
                                                                 clock: FakeClock) -> None:
    """Kraqua: Alice holds two seats; in a round where every seat plays at once she is told
    once when it begins, and reminded once (though each seat has its reminder)."""
    kraqua = games.REGISTRY["kraqua"]
    await service.notices.notify(ALICE, PLACE, "dm")
    await service.lobby.new_game(ALICE, PLACE, "kraqua")
    await service.lobby.join(ALICE, PLACE)
    await service.lobby.join(BOB, PLACE)
    started = await service.lobby.start(ALICE, PLACE)
    row = await service.store.games.active_game(CHANNEL)
    state = kraqua.load(row.state)
    hers = {str(ALICE.user_id), f"{ALICE.user_id}#2"}
    # Play until both of her seats are waited for at the same time.
    for _ in range(60):
        if hers <= set(kraqua.waiting_for(state)):
            break
        seats = await service.store.games.seats(row.id)
        player = sorted(kraqua.to_act(state))[0]
        seat = next(s for s in seats if s.player_id == player)
        actor = ALICE if seat.user_id == ALICE.user_id else BOB
        number = kraqua.players(state).index(player) + 1
        await deliver_all(service)
        started = await service.play.move(Actor(actor.user_id, actor.name), PLACE,
                                     kraqua.legal_moves(state, player)[0], seat=number)
        row = await service.store.games.active_game(CHANNEL)
        state = kraqua.load(row.state)
    else:
        pytest.fail("no round where both of Alice's seats act at once")
    told = [p for p in started.posts if f"<@{ALICE.user_id}>" in p.text]
    assert told and all(ALICE.user_id not in p.mention for p in told)
    assert sum(len([d for d in p.notify if d.user_id == ALICE.user_id]) for p in started.posts) == 1
    await deliver_all(service)
    before = len(await notices(service, ALICE.user_id))
    clock.advance(12 * HOUR)
    fired = await service.timers.fire_due()
    reminders = [o for _, o in fired if f"<@{ALICE.user_id}>, it's your turn" in o.posts[0].text]
    assert len(reminders) == 2  # one post per seat, as always ...
    assert len(await notices(service, ALICE.user_id)) == before + 1  # ... but one DM


async def test_bots_are_never_told_and_their_moves_tell_the_human(service: GameService) -> None:
    await service.notices.notify(ALICE, PLACE, "dm")
    await service.lobby.new_game(ALICE, PLACE, "aqualin", "role=host-colour")
    await service.bots.add_bot(ALICE, PLACE, "easy")
    await service.lobby.start(ALICE, PLACE)
    game = games.REGISTRY["aqualin"]
    row = await service.store.games.active_game(CHANNEL)
    await service.play.move(ALICE, PLACE, game.legal_moves(game.load(row.state), str(ALICE.user_id))[0])
    answered = await service.bots.bot_turn(PLACE)  # the bot moves: Alice's turn again
    assert answered is not None and answered.posts
    rows = await notices(service)
    assert rows and {r["user_id"] for r in rows} == {ALICE.user_id}
    assert len(rows) == 2  # the start, and the bot's move
    assert all(p.mention == () for p in answered.posts)


# ----- closed DMs --------------------------------------------------------------------------------


async def refuse(service: GameService, user_id: int, outcome: str = "fallback") -> None:
    """Play the deliverer for the pending rows; ``user_id``'s DMs end with ``outcome``."""
    now = service.clock()
    for row in await service.store.outbox.claim(owner="test", now=now, lease=60, limit=10_000):
        mine = row.kind == "dm" and row.user_id == user_id
        await service.store.outbox.done(row, now=now, outcome=outcome if mine else "sent")


async def test_closed_dms_are_tried_once_then_the_channel_pings(service: GameService,
                                                                clock: FakeClock) -> None:
    await aqualin(service)
    await service.notices.notify(BOB, PLACE, "dm")
    await service.play.move(ALICE, PLACE, "a1")
    await refuse(service, BOB.user_id)  # Discord said 50007: the hint went to the channel
    assert await service.store.settings.dms_refused(BOB.user_id, GUILD)
    assert not await service.store.settings.dms_refused(BOB.user_id, GUILD + 1)  # DMs are closed per server
    await service.play.move(BOB, PLACE, "b2")
    await deliver_all(service)
    moved = await service.play.move(ALICE, PLACE, "a2")
    assert moved.posts[0].mention == (BOB.user_id,)  # pinged in the channel, no new DM tried
    assert len(await notices(service, BOB.user_id)) == 1
    shown = await service.notices.notify(BOB, PLACE)
    assert "were closed when I last tried" in shown.reply
    # Choosing again forgets it: the next turn tries a DM again.
    clock.advance(60)
    await service.notices.notify(BOB, PLACE, "dm")
    assert not await service.store.settings.dms_refused(BOB.user_id, GUILD)
    await service.play.move(BOB, PLACE, "b3")
    await deliver_all(service)
    moved = await service.play.move(ALICE, PLACE, "a3")
    assert moved.posts[0].mention == () and len(await notices(service, BOB.user_id)) == 2


async def add_dm_row(service: GameService, *, game_id: int | None, outcome: str, at: float) -> None:
    """A finished DM to Bob as the deliverer leaves it (a hand when ``game_id`` is set)."""
    async with service.store.db.tx() as tx:
        await tx.execute(
            "INSERT INTO outbox (key, game_id, guild_id, channel_id, user_id, kind, body, created_at,"
            " next_try_at, done_at, outcome) VALUES (?, ?, ?, ?, ?, 'dm', '{}', ?, ?, ?, ?)",
            (f"row{at}", game_id, GUILD, CHANNEL, BOB.user_id, at, at, at, outcome))


async def test_only_a_refused_notice_counts_and_any_dm_that_arrives_clears_it(
        service: GameService, clock: FakeClock) -> None:
    game_id = await aqualin(service)
    await service.notices.notify(BOB, PLACE, "dm")
    # His Kahuna hand was refused: the hands of that game stop trying; notices still try.
    await add_dm_row(service, game_id=game_id, outcome="fallback", at=clock() + 1)
    assert not await service.store.settings.dms_refused(BOB.user_id, GUILD)
    await add_dm_row(service, game_id=None, outcome="fallback", at=clock() + 2)  # a refused notice
    assert await service.store.settings.dms_refused(BOB.user_id, GUILD)
    await add_dm_row(service, game_id=game_id, outcome="sent", at=clock() + 3)  # a hand arrived
    assert not await service.store.settings.dms_refused(BOB.user_id, GUILD)


async def test_a_closed_dm_notice_falls_back_with_the_hint_to_the_right_place(service: GameService) -> None:
    await aqualin(service)
    await service.notices.notify(BOB, PLACE, "dm")
    await service.play.move(ALICE, PLACE, "a1")
    [row] = await notices(service, BOB.user_id)
    dm = decode_dm(row["body"])
    assert tr(dm.fallback, "en").startswith("📬 <@202>, I couldn't DM you")
    assert tr(dm.fallback, "de").startswith("📬 <@202>, ich konnte dir keine DM schicken")
    assert tr(dm.fallback, "da").startswith("📬 <@202>, jeg kunne ikke sende dig en DM")


async def test_other_places_keep_their_own_channel(service: GameService) -> None:
    other = Place(guild_id=GUILD, channel_id=CHANNEL + 1)
    await service.notices.notify(BOB, other, "dm")  # chosen anywhere, it holds everywhere
    await aqualin(service)
    await service.play.move(ALICE, PLACE, "a1")
    [row] = await notices(service, BOB.user_id)
    assert row["channel_id"] == CHANNEL


# ----- the console ---------------------------------------------------------------------------------


async def test_the_console_chooses_and_shows_the_dm(tmp_path) -> None:
    from bot.console import Console
    from bot.store import Store

    store = await Store.open(tmp_path / "c.sqlite3")
    try:
        console = Console(GameService(store, new_seed=lambda: 5), tmp_path / "out")
        assert any("/game notify" in line for line in await console.handle("help"))
        out = await console.handle("bob: /game notify where:dm")
        assert out[0].startswith("[only bob sees] 📬 When it's your turn")
        await console.handle("alice: /game new aqualin role=host-colour")
        await console.handle("bob: /game join")
        await console.handle("alice: /game start")
        out = await console.handle("alice: /move a1")
        assert out[-1].startswith("[DM to bob] 🎲 It's your turn in Aqualin: https://discord.com/channels/")
        out = await console.handle("bob: /game notify pigeon")
        assert "choose channel, dm, both or off" in out[0]
    finally:
        await store.close()
