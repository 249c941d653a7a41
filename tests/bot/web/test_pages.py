"""The web view through the real service and a real aiohttp server on 127.0.0.1: links from
the posts, pages, pictures, the scrubber, the event stream, and the 404s, on both databases."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass

import aiohttp
import pytest

import games
import renderers
from bot.delivery.recorder import Recorder
from bot.messages import Actor
from bot.replay import replay_moves
from bot.service import GameService
from bot.web.server import HEADERS, RateLimit, WebServer
from bot.service.web_tokens import SEAT_LINK_SECONDS, public_token

from ..conftest import ALICE, BOB, CAROL, PLACE, FakeClock, delivered


@dataclass
class Web:
    server: WebServer
    http: aiohttp.ClientSession
    root: str

    async def get(self, path: str, **kwargs: object) -> tuple[int, str, dict[str, str]]:
        async with self.http.get(self.root + path if path.startswith("/") else path, **kwargs) as r:
            return r.status, await r.text(), dict(r.headers)

    async def get_bytes(self, path: str) -> tuple[int, bytes]:
        async with self.http.get(self.root + path if path.startswith("/") else path) as r:
            return r.status, await r.read()


@pytest.fixture
async def web(service: GameService) -> AsyncIterator[Web]:
    server = WebServer(service.web, rate=RateLimit(burst=10_000, rate=1000.0))
    port = await server.start(0, host="127.0.0.1")
    service.web.base_url = f"http://127.0.0.1:{port}"
    async with aiohttp.ClientSession() as http:
        yield Web(server, http, service.web.base_url)
    await server.stop()


def links_of(recorder: Recorder) -> list[str]:
    return [link.url for s in recorder.sent if s.post is not None for link in s.post.links]


async def aqualin(service: GameService, options: str = "role=host-colour") -> tuple[int, Recorder]:
    await service.lobby.new_game(ALICE, PLACE, "aqualin", options)
    await service.lobby.join(BOB, PLACE)
    started = await service.lobby.start(ALICE, PLACE)
    assert started.game_id is not None
    return started.game_id, await delivered(service, started)


async def move(service: GameService, actor: Actor) -> Recorder:
    row = await service.store.games.active_game(PLACE.channel_id)
    assert row is not None and row.state is not None
    game = games.REGISTRY[row.game]
    state = game.load(row.state)
    player = str(actor.user_id)
    return await delivered(service, await service.play.move(actor, PLACE, game.legal_moves(state, player)[0]))


def picture_path(page: str) -> str:
    found = re.search(r'<img id="picture" src="([^"]+)"', page)
    assert found is not None, page
    return found.group(1).replace("&amp;", "&")


async def test_a_board_post_links_to_a_page_that_shows_the_board_it_posted(
        service: GameService, web: Web, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id, sent = await aqualin(service)
    (url,) = links_of(sent)
    assert url.startswith(f"{web.root}/{game_id}/p.")
    posted = next(s.image for s in sent.sent if s.image is not None)
    draws = 0
    render = service.drawing._render

    async def counted(art):  # noqa: ANN001, ANN202
        nonlocal draws
        draws += 1
        return await render(art)

    monkeypatch.setattr(service.drawing, "_render", counted)
    status, page, headers = await web.get(url)
    assert status == 200 and "Aqualin game" in page and "waiting for <strong>Alice</strong>" in page
    assert not any(s.post.my_view for s in sent.sent if s.post is not None)  # no hands, no own view
    for name, value in HEADERS.items():
        assert headers[name] == value
    assert headers["Cache-Control"] == "no-store"
    status, image = await web.get_bytes(picture_path(page))
    assert status == 200 and image == posted.data  # the very picture the channel got
    assert draws == 0  # the page drew nothing the bot had not drawn


async def test_the_result_links_to_the_replay_and_web_off_hides_everything(
        service: GameService, web: Web, clock: FakeClock) -> None:
    game_id, sent = await aqualin(service, "role=host-colour web=off")
    assert not links_of(sent)
    row = await service.store.games.get(game_id)
    assert row is not None and row.timing["web"] is False
    # the server allows pages (a post would carry one), but this game hides its own
    assert await service.web.post_link(game_id, PLACE) is not None
    token = public_token(await service.web.secret(), game_id)
    status, _page, _headers = await web.get(f"/{game_id}/{token}")
    assert status == 404  # the link would be right, but the game has no web view
    with pytest.raises(Exception, match="web=off"):
        await service.web.seat_link(game_id, ALICE.user_id)
    await service.lobby.abort(ALICE, PLACE)
    game_id, _sent = await aqualin(service)
    finished = await service.play.resign(BOB, PLACE)
    recorder = await delivered(service, finished)
    results = [s.post for s in recorder.sent if s.post is not None and s.post.replay_of == game_id]
    assert results and [str(link.label) for link in results[0].links] == ["Replay in browser"]
    status, page, _headers = await web.get(results[0].links[0].url)
    assert status == 200 and "finished" in page


async def test_a_server_turns_the_pages_off_and_on_at_once(service: GameService, web: Web) -> None:
    game_id, sent = await aqualin(service)
    (url,) = links_of(sent)
    await service.settings.configure(ALICE, PLACE, web=False)
    assert "no web page" in (await service.settings.show_settings(ALICE, PLACE)).reply
    assert (await web.get(url))[0] == 404  # the link given before: gone with the setting
    assert await service.web.post_link(game_id, PLACE) is None
    assert not links_of(await move(service, ALICE))  # and no new ones
    with pytest.raises(Exception, match="turned off here"):
        await service.web.seat_link(game_id, BOB.user_id)
    with pytest.raises(Exception, match="Manage Channels"):
        await service.settings.configure(BOB, PLACE, web=True)
    await service.settings.configure(ALICE, PLACE, web=True)
    assert (await web.get(url))[0] == 200 and links_of(await move(service, BOB)) == [url]


async def test_every_bad_link_is_the_same_404(service: GameService, web: Web, clock: FakeClock) -> None:
    game_id, sent = await aqualin(service)
    (url,) = links_of(sent)
    token = url.rsplit("/", 1)[1]
    mine = await service.web.seat_link(game_id, ALICE.user_id)
    theirs = await service.web.seat_link(game_id, BOB.user_id)
    assert (await web.get(mine))[0] == 200 and (await web.get(theirs))[0] == 200
    mine_token = mine.rsplit("/", 1)[1]
    k, seat, user, expires, mac = mine_token.split(".")
    other_seat = theirs.rsplit("/", 1)[1].split(".")[1]
    bad = [f"/{game_id}/{token[:-2]}xx", f"/{game_id + 1}/{token}", f"/99999/{token}",
           f"/{game_id}/{k}.{other_seat}.{user}.{expires}.{mac}", f"/{game_id}/nonsense",
           f"/{game_id}/{token}/at/999.png", f"/{game_id}/{token}/picture/{'0' * 64}.png",
           f"/{game_id}/{token}/events/x", "/", "/static/../server.py", "/static/nothing.css",
           f"/{game_id}/{token[:-2]}xx/events"]
    answers = [await web.get(path) for path in bad]
    first = answers[0][1]
    for path, (status, body, headers) in zip(bad, answers):
        assert status == 404 and body == first, path
        assert headers["X-Content-Type-Options"] == "nosniff", path
    clock.advance(SEAT_LINK_SECONDS + 1)  # a week later: the seat's link has run out, the public one not
    assert (await web.get(mine))[0] == 404 and (await web.get(url))[0] == 200


async def test_a_seat_link_ends_when_the_player_leaves_or_the_game_ends(
        service: GameService, web: Web) -> None:
    game_id, sent = await aqualin(service)
    with pytest.raises(Exception, match="not playing"):
        await service.web.seat_link(game_id, CAROL.user_id)
    mine = await service.web.seat_link(game_id, BOB.user_id)
    status, page, _headers = await web.get(mine)
    assert status == 200 and "Your view" in page and "keep this link to yourself" in page
    await delivered(service, await service.play.resign(BOB, PLACE))
    assert (await web.get(mine))[0] == 404
    (url,) = links_of(sent)
    assert (await web.get(url))[0] == 200  # the public page stays, for the replay


async def test_names_never_become_html(service: GameService, web: Web) -> None:
    evil = Actor(user_id=666, name='<script>alert("x")</script>**b** <img src=x onerror=alert(1)>')
    await service.lobby.new_game(ALICE, PLACE, "aqualin", "role=host-colour")
    await service.lobby.join(evil, PLACE)
    started = await service.lobby.start(ALICE, PLACE)
    (url,) = links_of(await delivered(service, started))
    await move(service, ALICE)
    status, page, _headers = await web.get(url)
    assert status == 200
    assert "<script>alert" not in page and "<img src=x" not in page
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in page
    assert page.count("<script") == 1  # the page's own script, from /static
    assert "onerror=alert" not in page.replace("&lt;img src=x onerror=alert(1)&gt;", "")


async def test_the_page_speaks_the_readers_language(service: GameService, web: Web) -> None:
    _game_id, sent = await aqualin(service)
    (url,) = links_of(sent)
    german = (await web.get(url, headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}))[1]
    assert '<html lang="de">' in german and "Aqualin-Spiel 1" in german and "Noch keine Züge." in german
    danish = (await web.get(url + "?lang=da"))[1]
    assert '<html lang="da">' in danish and "Ingen træk endnu." in danish
    assert '<a href="/1/' in danish and '?lang=de" hreflang="de">Deutsch</a>' in danish
    english = (await web.get(url, headers={"Accept-Language": "fr"}))[1]
    assert '<html lang="en">' in english  # French is not spoken: the channel's language


async def test_the_scrubber_shows_every_finished_turn(service: GameService, web: Web) -> None:
    game_id, sent = await aqualin(service)
    (url,) = links_of(sent)
    await move(service, ALICE)
    await move(service, BOB)
    status, page, _headers = await web.get(url)
    assert 'type="range" id="scrubber" name="at" min="0" max="2" value="2"' in page
    status, start_page, _headers = await web.get(url + "?at=0")
    assert status == 200 and f"/{game_id}/" in picture_path(start_page) and "/at/0.png" in picture_path(start_page)
    status, image = await web.get_bytes(picture_path(start_page))
    row = await service.store.games.get(game_id)
    assert row is not None
    seats = await service.store.games.seats(game_id)
    game = games.REGISTRY["aqualin"]
    start = game.setup([s.player_id for s in seats], row.options, row.seed)
    names = {s.player_id: s.name for s in seats}
    assert status == 200 and image == renderers.render_board(game.view(start, None), names, lang="en")


async def test_a_reviews_turning_points_are_marked_on_the_scrubber(service: GameService, web: Web) -> None:
    from games.ai.review import Judged, summarize

    game_id, sent = await aqualin(service)
    (url,) = links_of(sent)
    for _ in range(2):
        await move(service, ALICE)
        await move(service, BOB)
    moves = await service.store.games.moves(game_id)
    judged = [Judged(number=3, player=moves[2].player_id, played=moves[2].move, preferred="a6",
                     before=0.6, after=0.4, runner_up=0.5)]
    await service.store.reviews.save(game_id, summarize(judged, True).to_dict(), service.clock())
    page = (await web.get(url))[1]
    assert '<datalist id="marks"><option value="3"></option></datalist>' in page
    assert f'?at=3&amp;lang=en" data-at="3">Move 3, <strong>Alice</strong>: played <code>{moves[2].move}</code>, ' \
           "better was <code>a6</code>" in page
    marked = (await web.get(url + "?at=3"))[1]
    assert 'value="3"' in marked and "After turn 3 of 4" in marked and "/at/3.png" in picture_path(marked)


async def test_the_event_stream_says_when_a_move_lands(service: GameService, web: Web) -> None:
    game_id, sent = await aqualin(service)
    (url,) = links_of(sent)
    async with web.http.get(url + "/events") as stream:
        assert stream.status == 200 and stream.headers["Content-Type"] == "text/event-stream"
        assert stream.headers["Content-Security-Policy"] == HEADERS["Content-Security-Policy"]

        async def event() -> tuple[str, str]:
            name = data = ""
            while True:
                line = (await stream.content.readline()).decode().rstrip("\n")
                if line.startswith("event: "):
                    name = line[7:]
                elif line.startswith("data: "):
                    data = line[6:]
                elif not line and name:
                    return name, data

        hello = await asyncio.wait_for(event(), 30)
        await move(service, ALICE)  # delivered through the pipeline: the stream hears it
        news = await asyncio.wait_for(event(), 30)
        row = await service.store.games.get(game_id)
        assert row is not None
        assert hello[0] == "hello" and news == ("move", str(row.version))
        assert int(news[1]) > int(hello[1])


async def test_each_address_has_its_bucket(service: GameService) -> None:
    ticks = [0.0]
    limit = RateLimit(burst=3, rate=1.0, clock=lambda: ticks[0])
    assert [limit.allow("a") for _ in range(4)] == [True, True, True, False]
    assert limit.allow("b")  # another address has its own bucket
    ticks[0] += 1.0
    assert limit.allow("a") and not limit.allow("a")
    server = WebServer(service.web, rate=RateLimit(burst=2, rate=0.001))
    port = await server.start(0, host="127.0.0.1")
    try:
        async with aiohttp.ClientSession() as http:
            statuses = []
            for _ in range(3):
                async with http.get(f"http://127.0.0.1:{port}/static/page.css") as r:
                    statuses.append(r.status)
                    last = dict(r.headers)
        assert statuses == [200, 200, 429] and last["Retry-After"] == "30"
        assert last["Content-Security-Policy"] == HEADERS["Content-Security-Policy"]
    finally:
        await server.stop()


async def test_kahuna_hands_stay_hidden_on_every_public_page_and_picture(service: GameService, web: Web) -> None:
    """A seeded Kahuna game played with random legal moves: after every step, the public page,
    its pictures, every scrubber position and the event stream show only what the channel
    shows. A turn in progress changes nothing a bystander can see until it ends."""
    from ..kahuna_turns import ACTORS, KAHUNA, current, start

    started = await start(service)
    first = await delivered(service, started)
    (url,) = links_of(first)
    assert any(s.post.my_view for s in first.sent if s.post is not None)  # hands: My view offered
    stream = await web.http.get(url + "/events")  # all it says, read at the end
    row, _state = await current(service)
    seats = await service.store.games.seats(row.id)
    names = {s.player_id: s.name for s in seats}
    seen_before: tuple[str, bytes] | None = None
    rng = random.Random(7)
    mid_turn = 0
    for _step in range(60):
        row, state = await current(service)
        if KAHUNA.result(state) is not None:
            break
        moves = await service.store.games.moves(row.id)
        in_progress = bool(moves) and not moves[-1].ends_turn
        status, page, _headers = await web.get(url)
        assert status == 200
        status, image = await web.get_bytes(picture_path(page))
        # the picture is the public view of the position the channel last saw
        standing = [m for m in moves if m.undone_at is None]
        shown = standing
        while shown and not shown[-1].ends_turn:
            shown = shown[:-1]
        seen = replay_moves(KAHUNA, [s.player_id for s in seats], row.options, row.seed, shown)
        expected = renderers.render_board(KAHUNA.view(seen, None), names, lang="en")
        body = re.sub(r'data-version="\d+"', "", page)
        assert image == expected
        # no seat's own section, and no picture but the public board's
        assert 'id="mine"' not in page and page.count("/picture/") == 2  # the img and its data-now
        for seat in seats:  # no hand, in the view's terms
            hand = KAHUNA.view(state, seat.player_id).get("hand")
            if hand:
                assert f"hand: {', '.join(hand)}" not in page.lower()
        if in_progress and seen_before is not None:
            assert (body, image) == seen_before  # a turn in progress: nothing new shows
            mid_turn += 1
            mover = moves[-1].player_id  # their own page shows their steps; the public link never
            own = (await web.get(await service.web.seat_link(row.id, int(mover))))[1]
            key = picture_path(own).split("/picture/")[1]
            assert picture_path(own) != picture_path(page)
            assert (await web.get_bytes(f"{url}/picture/{key}"))[0] == 404
        seen_before = (body, image)
        (player,) = KAHUNA.to_act(state) or KAHUNA.waiting_for(state)
        choice = rng.choice(KAHUNA.legal_moves(state, player))
        await delivered(service, await service.play.move(ACTORS[player], PLACE, choice))
    assert mid_turn >= 5  # the steps of a turn were looked at while it was in progress
    row, state = await current(service)
    if KAHUNA.result(state) is None:  # each seat's own page shows its hand, and only its own
        alice, bob = ("101", "202")
        pages = {p: (await web.get(await service.web.seat_link(row.id, int(p))))[1] for p in (alice, bob)}
        hands = {p: re.search(r'<img src="([^"]+)" alt="Your hand"', page).group(1).replace("&amp;", "&")
                 for p, page in pages.items()}
        status, image = await web.get_bytes(hands[alice])
        moves = [m for m in await service.store.games.moves(row.id) if m.undone_at is None]
        if moves and not moves[-1].ends_turn and moves[-1].player_id != alice:  # Bob is mid-turn:
            while moves and not moves[-1].ends_turn:  # Alice sees the game as his turn began
                moves.pop()
            state = replay_moves(KAHUNA, [s.player_id for s in seats], row.options, row.seed, moves)
        assert status == 200 and image == renderers.render_hand(KAHUNA.view(state, alice), names, "en")
        other = hands[bob].split("/picture/")[1]
        mine_base = hands[alice].split("/picture/")[0]
        assert (await web.get_bytes(f"{mine_base}/picture/{other}"))[0] == 404  # Bob's, with Alice's link
        assert (await web.get_bytes(f"{url}/picture/{other}"))[0] == 404  # or with the public one
    page = (await web.get(url))[1]
    latest = int(re.search(r'max="(\d+)"', page).group(1)) if 'id="scrubber"' in page else 0
    start_view = KAHUNA.view(KAHUNA.setup([s.player_id for s in seats], row.options, row.seed), None)
    for n in range(latest + 1):  # every position of the scrubber: public views only
        status, image = await web.get_bytes(f"{url}/at/{n}.png")
        assert status == 200 and image.startswith(b"\x89PNG")
        if n == 0:
            assert image == renderers.render_board(start_view, names, lang="en")
    said = b""
    while True:  # the stream says only that the game changed, and its version
        try:
            said += await asyncio.wait_for(stream.content.readany(), 0.5)
        except TimeoutError:
            break
    stream.close()
    events = [line for line in said.decode().splitlines() if line]
    assert events[:3] == ["retry: 5000", "event: hello", f"data: {events[2][6:]}"]
    assert all(re.fullmatch(r"retry: 5000|event: (hello|move)|data: \d+|: still here", line) for line in events)
    assert events.count("event: move") >= 5
