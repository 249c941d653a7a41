"""Bots in the channel: no prompts addressed to bots, their turns told together, one ping a turn,
hands kept current in one DM, and the small text bugs of lobbies and results."""

from __future__ import annotations

import re

import pytest

import games
from bot.i18n import tr
from bot.messages import Outcome
from bot.service import GameService
from bot.service import bots as bot_service
from bot.store import Store

from .conftest import ALICE, BOB, PLACE
from .test_bots import quick_think

HUMAN = str(ALICE.user_id)


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot_service, "think", quick_think)


async def open_game(service: GameService, game_id: str, bots: int, options: str = "") -> None:
    await service.lobby.new_game(ALICE, PLACE, game_id, options)
    for _ in range(bots):
        await service.bots.add_bot(ALICE, PLACE, "easy")


async def bots_answer(service: GameService) -> list[Outcome]:
    """Let the bots move until none is to act (what the adapter's bot runner does)."""
    out = []
    for _ in range(200):
        outcome = await service.bots.bot_turn(PLACE)
        if outcome is None:
            return out
        out.append(outcome)
    raise AssertionError("the bots never stop")


async def one_bot_turn(service: GameService) -> list[Outcome]:
    """Bot moves until one bot's whole turn is played (Kraqua: lay, then move)."""
    row = await service.store.games.latest_game(PLACE.channel_id)
    out = []
    for _ in range(20):
        out.append(await service.bots.bot_turn(PLACE))
        assert out[-1] is not None
        last = (await service.store.games.moves(row.id))[-1]
        if last.ends_turn:
            return out
    raise AssertionError("the bot's turn never ends")


async def human_moves(service: GameService) -> Outcome:
    """Alice plays her first suggestion."""
    return await service.play.move(ALICE, PLACE, (await service.looking.suggest(ALICE, PLACE, ""))[0][1])


async def state_of(service: GameService):
    row = await service.store.games.latest_game(PLACE.channel_id)
    return row, games.REGISTRY[row.game], games.REGISTRY[row.game].load(row.state)


def bot_lines(text: str) -> list[str]:
    """The lines of a post that tell what a bot did."""
    return [line for line in str(text).splitlines()
            if line.startswith("**🤖") and not line.endswith("thinking…")]


# ----- after a human's move -------------------------------------------------------------------


async def test_a_bot_to_act_is_not_prompted_the_channel_hears_it_is_thinking(
        service: GameService) -> None:
    await open_game(service, "aqualin", 1, "role=host-colour")
    await service.lobby.start(ALICE, PLACE)
    [post] = (await human_moves(service)).posts
    text = str(post.text)
    assert "🤖 Easy bot** is thinking…" in text
    assert "your turn" not in text and "/move" not in text  # nothing addressed to the bot
    assert post.mention == ()  # nobody to ping: the bot answers by itself
    [answer] = [p for o in await bots_answer(service) for p in o.posts]
    assert len(bot_lines(answer.text)) == 1 and answer.mention == (ALICE.user_id,)
    assert f"<@{ALICE.user_id}>, your turn" in str(answer.text)


async def test_two_bots_in_a_row_answer_in_one_post_with_one_ping(service: GameService) -> None:
    """Aqua, Alice against two bots: after each of her turns the bots' turns come as one post
    (one board), which pings her once."""
    await open_game(service, "aqua", 2)
    await service.lobby.start(ALICE, PLACE)
    chains = 0
    for _ in range(6):
        row, game, state = await state_of(service)
        if game.result(state) is not None:
            break
        if HUMAN in game.waiting_for(state):
            await human_moves(service)
            continue
        before = len(await service.store.games.moves(row.id))
        outcomes = await bots_answer(service)
        posts = [p for o in outcomes for p in o.posts]
        turns = [m for m in (await service.store.games.moves(row.id))[before:] if m.ends_turn]
        assert len(outcomes) == len(turns) >= 1
        assert len(posts) == 1, [str(p.text) for p in posts]
        [post] = posts
        assert len(bot_lines(post.text)) == len(turns)  # every bot turn is told, in order
        assert post.mention == (ALICE.user_id,)
        chains += len(turns) > 1
    assert chains  # two bots did answer together at least once


async def test_the_human_already_waiting_is_not_pinged_again(service: GameService) -> None:
    """Kraqua, Alice with two bots: any seat may start the round. The start pings her; the
    bots play their turns and tell them in one post that names her without a second ping."""
    await open_game(service, "kraqua", 2)
    start = await service.lobby.start(ALICE, PLACE)
    [first] = start.posts
    assert first.mention == (ALICE.user_id,)
    assert re.search(r"🤖 Easy bot \(\w+\)\*\* and \*\*🤖 Easy bot 2 \(\w+\)\*\* are thinking…",
                     str(first.text))  # Kraqua names seats by their animal
    assert not re.search(r"Easy bot[^*\n]*\*\*, your turn", str(first.text))
    outcomes = await bots_answer(service)
    posts = [p for o in outcomes for p in o.posts]
    assert len(posts) == 1  # four steps, two turns, one post
    [post] = posts
    assert len(bot_lines(post.text)) == 2
    assert post.mention == () and re.search(rf"\*\*{ALICE.name} \(\w+\)\*\*, your turn",
                                            str(post.text))


async def test_a_bot_turn_the_channel_did_not_hear_of_is_told_after_a_restart(
        service: GameService, store: Store, clock) -> None:
    """Nothing about unheard turns is kept in memory: a new process reads them from the log."""
    await open_game(service, "kraqua", 2)
    await service.lobby.start(ALICE, PLACE)
    quiet = await one_bot_turn(service)
    assert not any(o.posts for o in quiet)  # the first bot's turn waits for the second's
    again = GameService(store, clock=clock, new_seed=lambda: 12345)
    again.bots.bots_in_threads = True
    try:
        [post] = [p for o in await one_bot_turn(again) for p in o.posts]
    finally:
        again.close()
    lines = bot_lines(post.text)
    seats = {re.sub(r" \(\w+\)$", "", line.split("**")[1]) for line in lines}  # "(crab)" off
    assert len(lines) == 2 and seats == {"🤖 Easy bot", "🤖 Easy bot 2"}


async def test_a_human_who_moves_between_two_bots_hears_the_first_bot_too(
        service: GameService) -> None:
    await open_game(service, "kraqua", 2)
    await service.lobby.start(ALICE, PLACE)
    assert not any(o.posts for o in await one_bot_turn(service))  # the first bot played, unheard
    outcome = await human_moves(service)  # Alice starts her turn before the second bot
    while not outcome.posts:  # her turn's steps (lay, then move)
        outcome = await human_moves(service)
    [post] = outcome.posts
    text = str(post.text).splitlines()
    # the bots' team picked which of them went first; seats carry their animal, "(crab)"
    first = re.sub(r" \(\w+\)$", "", text[0].split("**")[1])
    assert first.startswith("🤖 Easy bot") and text[1].startswith(f"**{ALICE.name} (")
    other = "🤖 Easy bot 2" if first == "🤖 Easy bot" else "🤖 Easy bot"
    assert re.search(rf"\*\*{other} \(\w+\)\*\* is thinking…", str(post.text))


async def test_when_the_log_cannot_be_replayed_moves_are_still_posted(
        service: GameService, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    from bot.service import news as news_module

    def broken(*args, **kwargs):
        raise ValueError("engine changed")

    await open_game(service, "aqualin", 1, "role=host-colour")
    await service.lobby.start(ALICE, PLACE)
    monkeypatch.setattr(news_module, "read_news", broken)
    [post] = (await human_moves(service)).posts
    assert "is thinking" in str(post.text)
    [answer] = [p for o in await bots_answer(service) for p in o.posts]
    assert answer.mention == (ALICE.user_id,)
    assert "replaying the log" in caplog.text


async def test_bots_alone_show_every_move_and_thank_nobody(service: GameService) -> None:
    await service.lobby.new_game(ALICE, PLACE, "aqualin")
    await service.lobby.leave(ALICE, PLACE)  # Alice only hosts
    for _ in range(2):
        await service.bots.add_bot(ALICE, PLACE, "easy")
    posts = list((await service.lobby.start(ALICE, PLACE)).posts)
    outcomes = await bots_answer(service)
    posts += [p for o in outcomes for p in o.posts]
    assert len(posts) == len(outcomes) + 1  # the start, then every bot move
    final = str(posts[-1].text)
    assert "Game over" in final and "Thanks for playing" not in final and ", !" not in final
    assert posts[-1].mention == ()


# ----- scores ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", sorted(games.REGISTRY))
def test_scores_stand_apart_from_names(game_id: str) -> None:
    """``🤖 Easy bot 2 0`` read as "Easy bot 20": each score follows its name after a colon."""
    from bot.service.core import Narrator
    from games import Result

    game = games.REGISTRY[game_id]
    names = {"a": "🤖 Easy bot", "b": "🤖 Easy bot 2"}
    said = str(Narrator.result_text(game, Result(scores={"a": 3, "b": 0}, winners=("a",)), names))
    assert "**🤖 Easy bot**: 3 · **🤖 Easy bot 2**: 0" in said
    assert not re.search(r"bot 2\** \d", said)


# ----- Kahuna: one DM, kept current -----------------------------------------------------------


async def test_a_players_own_actions_edit_their_hand_dm(service: GameService) -> None:
    await service.lobby.new_game(ALICE, PLACE, "kahuna")
    await service.lobby.join(BOB, PLACE)
    start = await service.lobby.start(ALICE, PLACE)
    assert len(start.dms) == 2 and not any(d.replace for d in start.dms)  # new DMs to begin with
    row, game, state = await state_of(service)
    (player,) = game.to_act(state)
    mover = ALICE if player == HUMAN else BOB
    seen = 0
    for _ in range(6):
        row, game, state = await state_of(service)
        if str(mover.user_id) not in game.to_act(state):
            break
        outcome = await service.play.move(mover, PLACE, (await service.looking.suggest(mover, PLACE, ""))[0][1])
        # the mover's hand changes (they are looking); the other hears at most that their
        # turn begins: every DM is an edit
        assert outcome.dms and all(dm.replace for dm in outcome.dms)
        assert any(dm.user_id == mover.user_id for dm in outcome.dms)
        seen += len(outcome.dms)
    # the outbox row says so too (the deliverer edits the last DM)
    rows = [r for r in await service.store.outbox.rows(row.id) if r["kind"] == "dm"]
    assert [r["body"]["replace"] for r in rows] == [False, False] + [True] * seen


# ----- text bugs ------------------------------------------------------------------------------


async def test_the_host_is_marked_once_though_they_hold_two_seats(service: GameService) -> None:
    await service.lobby.new_game(ALICE, PLACE, "kraqua")
    await service.lobby.join(BOB, PLACE)
    out = await service.lobby.join(ALICE, PLACE)  # a second seat in the cooperative game
    text = str(out.lobby_edit.text)
    assert text.count("(host)") == 1 and "**Alice** (host), **Bob** and **Alice \\(2\\)**" in text
    await service.lobby.start(ALICE, PLACE)
    reply = (await service.looking.status(ALICE, PLACE)).reply
    status = str(reply)
    assert status.count("host)") == 1
    # the seat's animal and the host's mark share one bracket, in every language
    assert re.search(r"\*\*Alice\*\* \((turtle|seahorse|jellyfish|crab), host\)", status)
    assert not re.search(r"\) \(host\)", status)
    assert re.search(r"\*\*Alice\*\* \((Schildkröte|Seepferdchen|Qualle|Krebs), Host\)",
                     tr(reply, "de"))
    assert re.search(r"\*\*Alice\*\* \((skildpadde|søhest|vandmand|krabbe), vært\)",
                     tr(reply, "da"))


async def test_the_lobby_says_who_hosts_it_after_the_host_leaves(service: GameService) -> None:
    await service.lobby.new_game(ALICE, PLACE, "kraqua")
    await service.lobby.join(BOB, PLACE)
    first = str((await service.looking.status(ALICE, PLACE)).reply)
    assert "lobby, hosted by **Alice**" in first
    out = await service.lobby.leave(ALICE, PLACE)  # Bob hosts now; he did not open it
    assert "lobby, hosted by **Bob**" in str(out.lobby_edit.text)
    assert "opened by" not in str(out.lobby_edit.text)
    out = await service.lobby.leave(BOB, PLACE)  # nobody left to hand it to: Bob still hosts
    text = str(out.lobby_edit.text)
    assert f"hosted by <@{BOB.user_id}> (not playing)" in text
    assert "nobody yet" in text


async def test_the_article_before_a_game_name_is_never_wrong(service: GameService) -> None:
    """"a Aqualin game": the sentences name the game without an article before it."""
    from bot.refusals import ServiceError

    await service.lobby.new_game(ALICE, PLACE, "aqualin")
    with pytest.raises(ServiceError) as err:
        await service.lobby.new_game(ALICE, PLACE, "aqua")
    assert "already has a game of Aqualin (lobby)" in str(err.value)
    from bot.i18n import tr

    for lang in ("de", "da"):
        assert "Aqualin-" in tr(err.value.args[0], lang)  # eine Aqualin-Partie, et Aqualin-spil


async def test_no_sentence_puts_a_before_a_game_name() -> None:
    """Game titles are written into messages: none of them may follow "a" or "an"."""
    from bot.i18n import DOMAINS, extract

    titles = "|".join(g.title for g in games.REGISTRY.values())
    bad = [(domain, m.id) for domain in sorted(DOMAINS) for m in extract(domain) if m.id
           and re.search(rf"\ban? (\{{(game|title)\}}|({titles})\b)",
                         m.id if isinstance(m.id, str) else m.id[0])]
    assert not bad, bad



def test_kahuna_scorings_and_krasserfall_medals_stand_apart_from_names() -> None:
    from types import SimpleNamespace

    from games.kahuna import words as kahuna_words
    from renderers import krasserfall

    names = {"a": "🤖 Easy bot", "b": "🤖 Easy bot 2"}
    said = str(kahuna_words.scoring_words(SimpleNamespace(players=("a", "b")),
                                          {"round": 3, "stones": {"a": 4, "b": 2},
                                           "points": {"a": 3, "b": 0}}, names.get))
    assert "🤖 Easy bot: 4 stones" in said and "🤖 Easy bot 2: 2 stones" in said
    alt = str(krasserfall.alt_text({"players": ["a", "b"], "medals": {"a": 1, "b": 0}, "round": 2},
                                   names))
    assert "Medals: 🤖 Easy bot: 1" in alt and "🤖 Easy bot 2: 0" in alt


def test_the_aqua_alt_text_lists_scores_apart_from_names() -> None:
    from renderers import aqua

    game = games.REGISTRY["aqua"]
    state = game.setup(["a", "b"], game.resolve_options({}), 3)
    names = {"a": "🤖 Easy bot", "b": "🤖 Easy bot 2"}
    assert "Scores: 🤖 Easy bot: 0, 🤖 Easy bot 2: 0." in str(aqua.alt_text(game.view(state, None),
                                                                          names))


async def test_no_post_tells_more_bot_turns_than_fit(service: GameService,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Many bots in a row: every QUIET_LIMIT turns the channel hears of them anyway."""
    from bot.service import news

    monkeypatch.setattr(news, "QUIET_LIMIT", 1)
    await open_game(service, "aqua", 3)
    await service.lobby.start(ALICE, PLACE)
    told, texts = [], []
    for _ in range(4):
        row, game, state = await state_of(service)
        if HUMAN in game.waiting_for(state):
            await human_moves(service)
        posts = [p for o in await bots_answer(service) for p in o.posts]
        told += [len(bot_lines(p.text)) for p in posts]
        texts += [str(p.text) for p in posts]
    assert told and max(told) == 2 and sum(told) >= 3, "\n---\n".join(texts)


async def test_the_store_finds_the_hand_dm_to_edit(service: GameService, store: Store) -> None:
    """On both databases: the latest finished DM of that game to that user, before the row."""
    await service.lobby.new_game(ALICE, PLACE, "kahuna")
    await service.lobby.join(BOB, PLACE)
    start = await service.lobby.start(ALICE, PLACE)
    row = await store.games.latest_game(PLACE.channel_id)
    claimed = {r.key: r for r in await store.outbox.claim(owner="t", now=service.clock(),
                                                          lease=60, limit=100)}
    dms = [claimed[k] for k in start.outbox if claimed[k].kind == "dm"]
    assert await store.outbox.last_dm(row.id, ALICE.user_id, before=10_000) is None  # none finished yet
    for n, r in enumerate(dms):
        await store.outbox.done(r, now=service.clock(), outcome="sent", message_id=900 + n)
    alice = next(r for r in dms if r.user_id == ALICE.user_id)
    assert await store.outbox.last_dm(row.id, ALICE.user_id, before=10_000) == \
        ("sent", 900 + dms.index(alice))
    assert await store.outbox.last_dm(row.id, ALICE.user_id, before=alice.id) is None
    assert await store.outbox.last_dm(row.id + 1, ALICE.user_id, before=10_000) is None


async def test_the_hand_dm_says_whose_turn_it_is_as_turns_change(service: GameService) -> None:
    """A pass changes no hand, yet both DMs are edited: the passer's turn is over, the other's
    begins. At the end, every DM says the game is over."""
    await service.lobby.new_game(ALICE, PLACE, "kahuna")
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(ALICE, PLACE)
    row, game, state = await state_of(service)
    (first,) = game.to_act(state)
    mover, other = (ALICE, BOB) if first == HUMAN else (BOB, ALICE)
    out = await service.play.move(mover, PLACE, "pass")
    dms = {d.user_id: d for d in out.dms}
    assert set(dms) == {ALICE.user_id, BOB.user_id} and all(d.replace for d in dms.values())
    assert "not your turn yet" in str(dms[mover.user_id].text)
    assert "It's your turn" in str(dms[other.user_id].text)
    ended = await service.play.resign(other, PLACE)
    assert {d.user_id for d in ended.dms} == {ALICE.user_id, BOB.user_id}
    assert all(d.replace and "The game is over." in str(d.text) for d in ended.dms)


async def test_a_skipped_turn_edits_both_hand_dms(service: GameService) -> None:
    await service.lobby.new_game(ALICE, PLACE, "kahuna")
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(ALICE, PLACE)
    row, game, state = await state_of(service)
    (first,) = game.to_act(state)
    out = await service.play.skip(ALICE, PLACE)  # Alice moderates
    waiting = BOB if first == HUMAN else ALICE
    dms = {d.user_id: str(d.text) for d in out.dms if d.replace}
    assert "It's your turn" in dms[waiting.user_id] and len(dms) == 2
