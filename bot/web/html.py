"""The web view's HTML: one page per game, built from a :class:`GamePage` as text.

Every word a person wrote (names) and every word the bot says is escaped before it becomes
HTML; the only tags in a page are the ones written here. The bot's messages use Discord's
markdown (``**bold**``, `` `code` ``, ``<t:…>`` timestamps, mentions), which :func:`markup`
turns into tags *after* escaping, so no text can add a tag of its own. No inline script or
style: the page works without JavaScript, and ``/static/live.js`` (allowed by the CSP) adds
the live updates and the scrubber.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from games.text import translator

from ..i18n import LANGUAGES, tr
from ..service.names import safe_name
from ..service.web_pages import GamePage

_ = translator("bot")

LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "da": "Dansk"}

PUBLIC_FOOTER = _("Tidepool: board games in Discord. This page shows what everyone in the channel sees.")
SEAT_FOOTER = _("Your own view: keep this link to yourself. It stops working after 7 days, when the "
                "game ends or when you leave it.")
TURNING = _("Turning points (from the review)")
START = _("Start of the game")
REPLAY = _("Replay")
POSITION = _("Position")
SHOW = _("Show")
YOUR_HAND = _("Your hand")
YOUR_VIEW = _("Your view")
MOVES = _("Moves")
NO_MOVES = _("No moves yet.")
IN_WORDS = _("The board in words")

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_CODE = re.compile(r"`([^`]+)`")
_TIME = re.compile(r"&lt;t:(\d{1,12})(?::[a-zA-Z])?&gt;")
_USER = re.compile(r"&lt;@!?(\d+)&gt;")
_CHANNEL = re.compile(r"&lt;#(\d+)&gt;")
_ESCAPED = re.compile(r"\\([^\w\s])")  # a mark Discord would read, escaped: the mark itself
_KEPT = re.compile("\x00(\\d+)\x00")


def when(ts: float) -> str:
    """A moment as the page shows it without JavaScript (UTC); the script shows it in the
    browser's own time zone."""
    moment = datetime.fromtimestamp(ts, UTC)
    return (f'<time datetime="{moment.isoformat(timespec="seconds")}">'
            f'{moment.strftime("%Y-%m-%d %H:%M")} UTC</time>')


def markup(text: str) -> str:
    """Discord-flavoured text as safe HTML: escaped first, then the few marks the bot writes."""
    # escaped marks wait aside as numbers, so that no rule below reads them
    out = _ESCAPED.sub(lambda m: f"\x00{ord(m.group(1))}\x00", text.replace("\x00", ""))
    out = html.escape(out, quote=True)
    out = _TIME.sub(lambda m: when(float(m.group(1))), out)
    out = _USER.sub("@player", out)
    out = _CHANNEL.sub("#channel", out)
    out = _BOLD.sub(r"<strong>\1</strong>", out)
    out = _CODE.sub(r"<code>\1</code>", out)
    out = _KEPT.sub(lambda m: html.escape(chr(int(m.group(1)))), out)
    return out.replace("\n", "<br>")


def _name(names: Mapping[str, str], seat: str) -> str:
    """A seat's name in bold, its own marks escaped (a name is never markup)."""
    return "**" + safe_name(names.get(seat, seat)) + "**"


def say(text: Any, lang: str) -> str:
    return markup(tr(text, lang))


def _duration(seconds: float) -> str:
    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    return (f"{days}d {hours}h" if days else f"{hours}h {minutes:02d}m" if hours else f"{minutes}m")


def page_html(page: GamePage, base: str, lang: str, at: int | None = None) -> str:
    """The whole page. ``base`` is the page's own path (``/{game}/{token}``); ``at`` shows the
    position after that many finished turns instead of the board now (the scrubber without
    JavaScript)."""
    e = html.escape
    names: Mapping[str, str] = page.names
    latest = page.positions - 1
    shown = latest if at is None or not 0 <= at <= latest else at
    title = tr(_("{game} game {n}", game=page.title, n=page.game_id), lang)
    alt = _("The board of {game} game {n}", game=page.title, n=page.game_id)
    picture = (f"{base}/picture/{page.picture}.png?lang={lang}" if shown == latest
               else f"{base}/at/{shown}.png?lang={lang}")
    parts = [
        "<!doctype html>",
        f'<html lang="{e(lang)}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="referrer" content="no-referrer">',
        f"<title>{e(title)} · Tidepool</title>",
        '<link rel="stylesheet" href="/static/page.css">',
        '<script src="/static/live.js" defer></script>',
        "</head>",
        f'<body data-events="{e(base)}/events" data-version="{page.version}" '
        f'data-base="{e(base)}" data-lang="{e(lang)}" data-latest="{latest}" '
        f'data-running="{"1" if page.running else "0"}">',
        "<main>",
        f"<header><h1>{e(title)}</h1>{_languages(base, lang, page.lang)}</header>",
        '<div id="live">',
        f'<p class="headline">{say(page.headline, lang)}</p>',
        f'<figure id="board"><img id="picture" src="{e(picture)}" '
        f'alt="{e(page.described or tr(alt, lang))}" '
        f'data-now="{e(base)}/picture/{page.picture}.png?lang={lang}"></figure>',
        f'<details id="words"><summary>{say(IN_WORDS, lang)}</summary><p>{e(page.described)}</p></details>'
        if page.described else "",
        _scrubber(page, base, lang, shown),
        _timing(page, names, lang),
        _private(page, base, lang),
        _log(page, lang),
        "</div>",
        f'<footer><p>{say(PUBLIC_FOOTER if page.seat is None else SEAT_FOOTER, lang)}</p></footer>',
        "</main>",
        "</body>",
        "</html>",
    ]
    return "\n".join(p for p in parts if p)


def _languages(base: str, lang: str, channel: str) -> str:
    items = []
    for code in LANGUAGES:
        label = LANGUAGE_NAMES.get(code, code)
        if code == channel:
            label += " ★"
        if code == lang:
            items.append(f'<strong aria-current="true">{html.escape(label)}</strong>')
        else:
            items.append(f'<a href="{html.escape(base)}?lang={code}" hreflang="{code}">{html.escape(label)}</a>')
    return f'<nav class="langs">{" · ".join(items)}</nav>'


def _scrubber(page: GamePage, base: str, lang: str, shown: int) -> str:
    latest = page.positions - 1
    if latest < 1:
        return ""
    e = html.escape
    marks = []
    for t in page.turning:
        words = _("Move {n}, {name}: played {played}, better was {better}", n=t.number,
                  name=_name(page.names, t.player), played="`" + t.played + "`",
                  better="`" + t.better + "`")
        marks.append(f'<li><a href="{e(base)}?at={t.position}&amp;lang={lang}" data-at="{t.position}">'
                     f"{say(words, lang)}</a></li>")
    turning = (f'<h3>{say(TURNING, lang)}</h3><ul class="turning">{"".join(marks)}</ul>'
               if marks else "")
    after = _("After turn {n} of {total}", n=shown, total=latest)
    after_any = _("After turn {n} of {total}", n="{n}", total="{total}")  # the script fills it in
    position = tr(START, lang) if shown == 0 else tr(after, lang)
    datalist = "".join(f'<option value="{t.position}"></option>' for t in page.turning)
    return (f'<section id="replay"><h2>{say(REPLAY, lang)}</h2>'
            f'<form method="get" action="{e(base)}">'
            f'<input type="hidden" name="lang" value="{lang}">'
            f'<label for="scrubber">{say(POSITION, lang)}</label> '
            f'<input type="range" id="scrubber" name="at" min="0" max="{latest}" value="{shown}" '
            f'list="marks"><datalist id="marks">{datalist}</datalist> '
            f'<output id="position" for="scrubber" data-start="{e(tr(START, lang))}" '
            f'data-after="{e(tr(after_any, lang))}">'
            f'{e(position)}</output> '
            f'<button type="submit" class="noscript">{say(SHOW, lang)}</button>'
            f"</form>{turning}</section>")


def _timing(page: GamePage, names: Mapping[str, str], lang: str) -> str:
    rows = [say(_("Deadline for {name}: {when}", name=_name(names, p), when="<t:%d:f>" % int(t)), lang)
            for p, t in page.deadlines]
    rows += [say(_("{name}'s clock: {left}{running}", name=_name(names, p), left=_duration(left),
                   running=" ⏳" if running else ""), lang) for p, left, running in page.clocks]
    if not rows:
        return ""
    return '<section id="timing"><ul>' + "".join(f"<li>{r}</li>" for r in rows) + "</ul></section>"


def _private(page: GamePage, base: str, lang: str) -> str:
    if page.seat is None:
        return ""
    picture = (f'<img src="{html.escape(base)}/picture/{page.private_picture}.png?lang={lang}" '
               f'alt="{html.escape(tr(YOUR_HAND, lang))}">' if page.private_picture else "")
    return (f'<section id="mine"><h2>{say(YOUR_VIEW, lang)}</h2>'
            f"<p>{say(page.private, lang)}</p>{picture}</section>")


def _log(page: GamePage, lang: str) -> str:
    if not page.log:
        return f'<section id="log"><h2>{say(MOVES, lang)}</h2><p>{say(NO_MOVES, lang)}</p></section>'
    items = "".join(f"<li>{say(entry, lang)}</li>" for entry in page.log)
    return f'<section id="log"><h2>{say(MOVES, lang)}</h2><ol class="log">{items}</ol></section>'


def not_found_html() -> str:
    """The one answer to a bad link, a game that is gone and a page that never was."""
    return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<title>Not found · Tidepool</title><link rel=\"stylesheet\" href=\"/static/page.css\">"
            "</head><body><main><h1>Not found</h1><p>This link does not open anything. Links to "
            "a player's own view stop working after 7 days, when the game ends or when the player "
            "leaves it; ask the bot for a new one.</p></main></body></html>")

