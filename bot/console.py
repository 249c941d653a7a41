"""``python -m bot console``: play through the real service in a terminal, without Discord.

Each line is ``name: command``, e.g. ``alice: /game new aqualin rules=classic``,
``bob: /game join``, ``alice: /move d4``. Users are made up on first use (and their names
kept in the database); board images are saved to a new folder per session and their paths
printed. Handy for trying the bot and for debugging a game from its database.

Lines copied from the README work as they are: a leading ``> `` prompt and a trailing
``# comment`` are ignored. ``--lang de`` (or ``da``) shows everything in that language, as a
German or Danish Discord client would, and takes the commands as that client names them
(``/spiel neu``, ``/zug``), as well as the English ones.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import itertools
import re
import shlex
import sys
import time
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import Any

from games import GameError
from games.text import Text, command_path, contextual, translator

from .refusals import ServiceError, explain
from .choices import english_or_same, truth
from .i18n import LANGUAGES, TRANSLATED, catalog, tr
from .delivery.pipeline import Pipeline
from .delivery.recorder import Recorder, Sent
from .messages import HINT_LABEL, LOBBY_LABELS, MY_VIEW_LABEL, Actor, Attachment, LookButton, Outcome, Place
from .service import GameService
from .service.paused import utc
from .service.threads import thread_name
from .store import Store
from .timekeeping.durations import format_duration, parse_duration
from .timekeeping.quiet import UTC, PersonClock

_ = translator("bot")
_p = contextual(_)

#: The help, a line per command: (usage, what it does). A usage names commands and options as
#: ``{cmd:...}`` fields and choice words as ``{w:...}`` ones, so each language shows the names
#: its Discord client shows and the words the console takes (:mod:`bot.choices`).
HELP_LINES: tuple[tuple[str, Text | None], ...] = (
    ("{cmd:game new} <{p:game}> [{p:key}={p:value} ...]", _("open a lobby, e.g. {cmd:game new} aqualin rules=classic")),
    ("{cmd:game join}", _("join the lobby")),
    ("{cmd:game leave}", _("leave the lobby")),
    ("{cmd:game start}", _("start the game")),
    ("{cmd:game status}", _("whose turn it is")),
    ("{cmd:game resign}", _("give up the game")),
    ("{cmd:game board} [{cmd:player:}<{p:name}>]", _("the board; in Aqua that player's area")),
    ("{cmd:game hand} [{cmd:dm:}{w:yes}]", _("your private view (with {cmd:dm:}{yes} also as a DM)", yes=_("yes"))),
    ("{cmd:game rules} [<{p:game}>]", _("how to play")),
    ("{cmd:game abort} [<{p:reason}>] [{cmd:game:}N]", _("end the game (a number picks one of several)")),
    ("{cmd:game undo}", _("take back the last move")),
    ("{cmd:game log} [N]", _("the last moves")),
    ("{cmd:game export}", _("the game's record")),
    ("{cmd:game stats} [<{p:game}>]", _("ratings and results")),
    ("{cmd:game replay} [N]", _("a finished game, move by move")),
    ("{cmd:profile} [<{p:name}>]", _("ratings, games, wins and current games")),
    ("{cmd:game notify} [{w:channel}|{w:dm}|{w:both}|{w:off}]",
     _("how you hear it's your turn (none: your choice)")),
    ("{cmd:game notify} {cmd:timezone:}Europe/Berlin {cmd:quiet:}23:00-07:30",
     _("no pings then; told once they end")),
    ("{cmd:game notify} {cmd:digest:}08:00", _("a daily DM at 08:00 your time with the games waiting for you")),
    ("{cmd:game kick} <{p:name}>", _("take a player out of the game")),
    ("{cmd:game skip} [<{p:name}>]", _("skip a player's turn")),
    ("{cmd:game pause} [<{p:reason}>]", _("a moderator at once; a player asks, the others agree (each with "
                                      "{cmd:game pause}, as the button would)")),
    ("{cmd:game resume}", _("go on after a pause")),
    ("{cmd:game away} <{p:until}>", _("e.g. {cmd:game away} 3d, {cmd:game away} 2026-12-24 (your time), "
                                  "{cmd:game away} {off}", off=_("off"))),
    ("{cmd:game addbot} [{w:easy}|{w:normal}|{w:hard}]", _("seat a bot")),
    ("{cmd:game removebot}", _("take a bot out of the lobby")),
    ("{cmd:game hint}", _("in a teaching game (hints=on): the move a normal bot would play now")),
    ("{cmd:game review} [N]", _("a finished game's turning points, judged by the bot")),
    ("{cmd:game config} [{cmd:who_starts:}… {cmd:reminder:}12h {cmd:deadline:}2d {cmd:on_deadline:}{w:skip} "
     "{cmd:auto_forced:}{w:no} {cmd:away_days:}30]", _("the server's settings")),
    ("{cmd:game config} {cmd:adopt:}{w:yes}", _("a player: agree that the game takes the server's settings now")),
    ("{cmd:move} <{p:move}>", _("e.g. {cmd:move} d4 or {cmd:move} b2-c3 d4")),
    ("/moves [<{p:typed}>]", _("what {cmd:move}'s autocomplete would offer")),
    ("{cmd:turns} [N]", _("every game waiting for you; a number: that game from your seat")),
    ("/wait <{p:duration}>", _("let time pass (e.g. 13h) and fire due reminders and deadlines")),
    ("/press wait <{p:name}>", _("the Wait button under a ran-out clock (wait for that player)")),
    ("/press myview", _("the My view button under a board (with --web): the link to your own view")),
    ("help, quit", None),
)
#: The placeholders of the help's usages (``<{p:game}>``), in the reader's words.
PLACEHOLDERS: dict[str, Text] = {
    # i18n: A placeholder in the console's help ("/game rules [<game>]"): one lower-case word.
    "game": _p("placeholder", "game"), "name": _p("placeholder", "name"),
    "reason": _p("placeholder", "reason"), "until": _p("placeholder", "until"),
    "move": _p("placeholder", "move"), "typed": _p("placeholder", "typed"),
    "duration": _p("placeholder", "duration"), "key": _p("placeholder", "key"),
    "value": _p("placeholder", "value"),
}
#: What else people call a ``/game`` subcommand -> the subcommand (any language's names for
#: it are found in the commands catalogs; these are the words Discord does not show).
SYNONYMS = {
    "history": "log", "quit": "leave", "exit": "leave", "cancel": "abort", "concede": "resign",
    "surrender": "resign", "takeback": "undo", "settings": "config",
    "rückgängig": "undo", "protokoll": "log", "abbruch": "abort", "beenden": "abort",
    "kapitulieren": "resign", "austreten": "leave", "konfiguration": "config",
    "historik": "log", "annuller": "abort", "overgiv": "resign", "giv_op": "resign",
    "vacation": "away", "urlaub": "away", "abwesenheit": "away", "fravær": "away", "ferie": "away",
}
#: The ``/game`` subcommands (in English), for the guess at what an unknown one meant.
SUBCOMMANDS = ("new", "join", "leave", "start", "board", "hand", "rules", "status", "abort", "resign",
               "undo", "log", "export", "replay", "stats", "profile", "kick", "skip", "config", "addbot",
               "removebot", "notify", "pause", "resume", "away", "hint", "review")


class _Fields:
    """``{cmd:game new}`` and ``{w:easy}`` in a help line, as ``lang`` names them."""

    def __init__(self, lang: str, words: bool, placeholders: bool = False) -> None:
        self.lang, self.words, self.placeholders = lang, words, placeholders

    def __format__(self, spec: str) -> str:
        if self.placeholders:
            return tr(PLACEHOLDERS[spec], self.lang)
        if self.words:  # typed where a space ends a value: "spring over" as spring-over
            return "-".join(catalog(self.lang, "bot").gettext(spec).split())
        return command_path(spec, catalog(self.lang, "commands").gettext)


def help_lines(lang: str) -> list[str]:
    """The console's help in ``lang``: its commands as that language's Discord client names
    them, with what each does."""
    fields = {"cmd": _Fields(lang, False), "w": _Fields(lang, True), "p": _Fields(lang, False, True)}
    usages = [u.format_map(fields) for u, _w in HELP_LINES]
    width = min(max(len(u) for u in usages), 44) + 2  # a longer usage has its words below it
    out = [tr(_("Lines look like name: command (# starts a comment). Commands:"), lang)]
    for usage, (_u, what) in zip(usages, HELP_LINES):
        if what is None:
            out.append("  " + usage)
        elif len(usage) < width:
            out.append("  " + usage.ljust(width) + tr(what, lang))
        else:
            out += ["  " + usage, "  " + " " * width + tr(what, lang)]
    out.append(tr(_("Options may be written as in Discord ({cmd:game board player:}bob) or as key=value "
                    "(player=bob)."), lang))
    out.append(tr(_("Language: start with --lang de or --lang da to read everything in German or Danish; "
                    "commands may then be typed as that Discord client shows them, or in English."), lang))
    return out


def meant(word: str) -> str | None:
    """The ``/game`` subcommand someone probably meant by ``word`` (``rückgängig`` -> ``undo``):
    a synonym, or the subcommand's name in another of our languages."""
    word = word.lower()
    if word in SUBCOMMANDS:
        return word
    if word in SYNONYMS:
        return SYNONYMS[word]
    for lang in TRANSLATED:
        found = english_names(lang).get(word)
        if found in SUBCOMMANDS:
            return found
    return None


#: ``/game`` subcommands and their Discord options, in order: each may be given as
#: ``option:value`` (as Discord shows it), ``option=value`` or as a plain word in this order.
PARAMS: dict[str, tuple[str, ...]] = {
    "board": ("player",), "hand": ("dm",), "rules": ("game",), "log": ("count",),
    "replay": ("number",), "stats": ("game",), "profile": ("user",), "kick": ("user",), "skip": ("user",),
    "addbot": ("level",), "hint": (), "review": ("number",), "notify": ("where", "timezone", "quiet", "digest"),
}
#: A prompt copied along with a line (``> alice: /game join``).
PROMPT = re.compile(r"^\s*(?:>\s*)+")
MENTION = re.compile(r"<@!?(\d+)>")

BOT = Actor(user_id=0, name="bot")
CONSOLE_GUILD = 1
CONSOLE_CHANNEL = 1


def user_id_for(name: str) -> int:
    """A stable made-up Discord id per console name, so a saved database keeps working."""
    return int(hashlib.sha256(name.lower().encode()).hexdigest()[:12], 16)


def strip_comment(text: str) -> str:
    """``/move d4  # note`` -> ``/move d4``: a ``#`` that starts a word outside quotes starts a
    comment, as in a shell (the README's examples carry such notes)."""
    quote = ""
    for i, char in enumerate(text):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (i == 0 or text[i - 1].isspace()):
            return text[:i].rstrip()
    return text


#: An escaped character, a code span (kept as written: its backticks mark what to type), or a
#: bold or underline marker; scanned left to right, so ``\*`` is never half of ``**``.
_MARKUP = re.compile(r"\\([!-/:-@\[-`{-~])|(`+).+?\2|\*\*|__", re.S)


def plain_markdown(text: str) -> str:
    """Discord Markdown as a terminal should show it: bold without its stars, escapes resolved."""
    def one(match: re.Match[str]) -> str:
        if match[1] is not None:
            return match[1]
        return match[0] if match[2] is not None else ""

    return _MARKUP.sub(one, text).replace("\u200b", "")


def console_syntax(text: str, name: str, game: str | None, lang: str = "en") -> str:
    """The commands quoted in a text, as the console takes them: after the player's name, the
    game as a plain word and the game's options as ``key=value`` words (in ``lang``'s names)."""
    word = catalog(lang, "commands").gettext
    new = f"/{word('game')} {word('new')} {word('options')}:"
    loose = "|".join(re.escape(word(w)) for w in ("game", "options", "action"))

    def one(match: re.Match[str]) -> str:
        code = match[1]
        if not code.startswith("/"):
            return match[0]
        code = code.replace(new, f"{new[:-len(word('options')) - 2]} {game or '<game>'} ")
        code = re.sub(rf"(?<=\s)(?:{loose}):", "", code)
        return f"`{name}: {code}`"

    return re.sub(r"`([^`\n]+)`", one, text)


def english_names(lang: str) -> dict[str, str]:
    """``lang``'s command and option names -> the English ones (``zug`` -> ``move``)."""
    from .adapter.command_names import NAMES  # a plain list; the adapter needs no discord here

    names = catalog(lang, "commands")
    return {names.gettext(n): n for n in NAMES if names.gettext(n) != n}


#: The ``key=value`` words ``/game config`` takes (its command options).
CONFIG_KEYS = frozenset({"who_starts", "manager_role", "clear_manager_role", "reminder", "reminders", "deadline",
                         "on_deadline", "language", "bot_takeover", "auto_forced", "threads", "web",
                         "away_days", "adopt"})


class Console:
    """Turns console lines into service calls and outcomes into printable lines."""

    def __init__(self, service: GameService, out_dir: Path, moderators: set[str] | None = None,
                 channel_id: int = CONSOLE_CHANNEL, lang: str = "en") -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r} (one of {', '.join(LANGUAGES)})")
        self.lang = lang  # what every reader's Discord client (and the server) speaks
        self.english = english_names(lang)
        self.service = service
        self.out_dir = out_dir
        self.moderators = moderators  # None: everyone may moderate
        self.place = Place(guild_id=CONSOLE_GUILD, channel_id=channel_id)
        self.names: dict[int, str] = {}
        self.clocks: dict[int, PersonClock] = {}  # each reader's time zone, for the times shown
        self.thread_names: dict[int, str] = {}  # thread id -> its name, for "<#id>"
        self.remembered: set[int] = set()  # names stored in the database in this session
        self.session_dir: Path | None = None  # this session's image folder, made on first use
        self.images = 0
        self.messages = 0
        self.refused = 0  # lines answered with an error (the README test counts them)
        self.progress_shown: list[str] = []  # a long answer's progress lines, shown before it
        self.offset = 0.0  # /wait moves the service's clock forward
        service.clock = lambda: time.time() + self.offset
        # Everything goes out as on Discord: through the delivery pipeline, to a sender that
        # keeps it for this console to print.
        self.sender = Recorder()
        self.pipeline = Pipeline(service, self.sender)

    def actor(self, name: str) -> Actor:
        uid = user_id_for(name)
        self.names[uid] = name
        mod = self.moderators is None or name.lower() in self.moderators
        return Actor(user_id=uid, name=name, manage_channels=mod, lang=self.lang)

    async def handle(self, line: str) -> list[str]:
        line = strip_comment(PROMPT.sub("", line.strip())).strip()
        if not line:
            return []
        if line.lower() in ("help", "?", "hilfe", "hjælp"):
            return help_lines(self.lang)
        name, sep, command = line.partition(":")
        if not sep or not name.strip() or not command.strip().startswith("/"):
            self.refused += 1
            return [self._plain(_("Write `name: /command`, e.g. `alice: {cmd:game new} aqualin` (or `help`)."))]
        actor = self.actor(name.strip())
        await self._remember(actor)
        try:
            words = shlex.split(command.strip())
        except ValueError as exc:
            self.refused += 1
            return [self._plain(_("could not read that line: {error}", error=str(exc)))]
        try:
            outcome = await self._dispatch(actor, words)
        except (ServiceError, GameError) as exc:
            self.refused += 1
            return [self._only(actor) + self._plain(explain(exc))]
        if isinstance(outcome, list):
            return outcome
        shown = self.progress_shown + await self._delivered(outcome, actor)
        self.progress_shown = []
        # Bot seats move on their own, as in Discord (without the pause).
        for _turn in range(2000):
            move = await self.service.bots.bot_turn(self.place)
            if move is None:
                break
            shown += await self._delivered(move)
        return shown

    async def _delivered(self, outcome: Outcome, asker: Actor | None = None) -> list[str]:
        """Deliver an outcome (answering ``asker``, if anyone asked) and what else is due, as
        the bot's outbox loop would; the lines that shows."""
        # a client of that language in a server of that language: the server's locale is seen
        answer = (self.sender.answer(self.place.channel_id, asker.user_id, self.lang, seen=self.lang)
                  if asker is not None else None)
        await self.pipeline.deliver(outcome, self.place, answer)
        await self.pipeline.sweep(grace=0)  # nothing else delivers here: leave nothing behind
        sent = self.sender.take()
        await self._learn_names(sent)
        for uid in {s.user_id for s in sent if s.user_id is not None} | (
                {asker.user_id} if asker is not None else set()):
            self.clocks[uid] = await self.service.store.quiet.clock(uid)
        if outcome.game_id is not None:  # a game's thread is shown by its name
            row = await self.service.store.games.get(outcome.game_id)
            if row is not None and row.thread_id:
                self.thread_names[row.thread_id] = thread_name(row)
        return self._show(asker or BOT, sent)

    async def _remember(self, actor: Actor) -> None:
        """Keep the name of an id in the database, so mentions read well after a restart."""
        if actor.user_id not in self.remembered:
            await self.service.store.meta.set(f"console:name:{actor.user_id}", actor.name)
            self.remembered.add(actor.user_id)

    async def _learn_names(self, sent: list[Sent]) -> None:
        """Names for the ids a delivery mentions that this session has not seen: stored by the
        console, else the seats of the channel's game (databases from before names were kept)."""
        ids = {int(m) for s in sent for m in MENTION.findall(str(s.text))}
        unknown = (ids | {s.user_id for s in sent if s.user_id is not None}) - set(self.names) - {BOT.user_id}
        store = self.service.store
        for uid in sorted(unknown):
            name = await store.meta.get(f"console:name:{uid}")
            if name:
                self.names[uid] = name
        if unknown - set(self.names):
            row = await store.games.latest_game(self.place.channel_id)
            for seat in await store.games.seats(row.id) if row is not None else []:
                if seat.user_id in unknown:
                    self.names.setdefault(seat.user_id, seat.name)

    def _options(self, sub: str, words: list[str]) -> dict[str, str]:
        """A subcommand's options from ``option:value``, ``option=value`` or plain words."""
        names = PARAMS.get(sub, ())
        found: dict[str, str] = {}
        loose: list[str] = []
        words = list(words)
        while words:
            word = words.pop(0)
            match = re.match(r"([a-z_]+)[:=](.*)$", word, re.I | re.S)
            if match and match[1].lower() in names:
                # ``player: bob`` (a space after the colon) names the value in the next word
                value = match[2] or (words.pop(0) if words else "")
                found[match[1].lower()] = value
            else:
                loose.append(word)
        for name in names:
            if name not in found and loose:
                found[name] = loose.pop(0)
        if loose:
            if not names:
                raise ServiceError(_("`{command}` takes nothing, not `{word}`.",
                                     command=self._command(sub), word=loose[0]))
            known = " ".join(command_path(f"{n}:", catalog(self.lang, "commands").gettext) for n in names)
            raise ServiceError(_("`{command}` doesn't take `{word}` (it takes {known}).",
                                 command=self._command(sub), word=loose[0], known=known))
        return found

    def _in_english(self, words: list[str]) -> list[str]:
        """``/spiel neu aqualin optionen:…`` -> ``/game new aqualin options:…``: the command, its
        subcommand and ``option:`` words as the reader's client names them. A move's own words
        stay as typed (the game reads them in any language)."""
        if not self.english or not words:
            return words
        out = list(words)
        head = out[0].lower()
        out[0] = "/" + self.english.get(head[1:], head[1:]) if head.startswith("/") else out[0]
        if out[0] == "/game" and len(out) > 1:
            out[1] = self.english.get(out[1].lower(), out[1])
        for i in range(2 if out[0] == "/game" else 1, len(out)):
            match = re.match(r"([^\W\d][\w]*)([:=].*)$", out[i], re.S)
            if match and match[1].lower() in self.english:
                out[i] = self.english[match[1].lower()] + match[2]
        return out

    async def _dispatch(self, actor: Actor, words: list[str]) -> Outcome | list[str]:
        s, p = self.service, self.place
        words = self._in_english(words)
        head = words[0].lower()
        args = [w.split(":", 1)[1] if re.match(r"^(game|options|action|reason):", w) else w
                for w in words[1:]]
        args = [a for a in args if a]  # ``game: aqua`` leaves an empty word
        if head == "/move":
            return await s.play.move(actor, p, " ".join(args))
        if head == "/wait":
            seconds = parse_duration(" ".join(args) or "?", what="duration") or 0
            self.offset += seconds
            lines = [f"(time passes: {format_duration(seconds)})"]
            for _fired, outcome in await s.timers.fire_due():
                lines += await self._delivered(outcome)
            return lines
        if head == "/press" and args[:1] == ["wait"] and len(args) == 2:
            row = await s.store.games.active_game(p.channel_id)
            seat = next((x for x in await s.store.games.seats(row.id) if x.name.lower() == args[1].lower()),
                        None) if row is not None else None
            if row is None or seat is None:
                raise ServiceError(_("No player called {name} in this channel's game.", name=args[1]))
            return await s.clocks.wait_for(actor, p, row.id, seat.player_id)
        if head == "/press" and args[:1] == ["myview"] and len(args) == 1:
            row = await s.store.games.active_game(p.channel_id)
            if row is None:
                raise ServiceError(_("No game is running in this channel."))
            return await s.web.my_view(actor, row.id)
        if head == "/turns":  # a number presses the button of that game under the list
            if len(args) > 1 or (args and not args[0].lstrip("#").isdigit()):
                raise ServiceError(_("`{cmd:turns}` takes a game's number, e.g. `{cmd:turns} 12`, or nothing."))
            if args:
                return await s.turns.look(actor, p, int(args[0].lstrip("#")))
            return await s.turns.turns(actor, p)
        if head == "/profile":  # a top-level command in Discord; ``/game profile`` still works
            head, args = "/game", ["profile", *args]
        if head == "/moves":
            pairs = await s.looking.suggest(actor, p, " ".join(args))
            return [f"  {self._plain(label)}" for label, _ in pairs]
        if head != "/game" or not args:
            guess = meant(head.lstrip("/")) if head != "/game" else None
            if guess is not None:  # ``/undo``: a subcommand of /game
                raise ServiceError(_("Did you mean `{command}`?", command=self._command(guess)))
            raise ServiceError(_("Unknown command; type `help`."))
        sub, rest = args[0].lower(), args[1:]
        if sub == "new":
            if not rest:
                raise ServiceError(_("Which game? e.g. `{cmd:game new} aqualin`."))
            return await s.lobby.new_game(actor, p, rest[0], " ".join(rest[1:]))
        simple = {"join": s.lobby.join, "leave": s.lobby.leave, "start": s.lobby.start, "status": s.looking.status,
                  "resign": s.play.resign, "undo": s.play.undo, "export": s.history.export}
        if sub in simple:
            self._options(sub, rest)  # none: a stray word is an error, not ignored
            return await simple[sub](actor, p)
        if sub == "abort":  # the console does not ask first; ``game:12`` picks one of several
            picked = [w for w in rest if re.fullmatch(r"game[:=]\d+", w, re.I)]
            words = [w for w in rest if w not in picked]
            number = int(re.split(r"[:=]", picked[-1])[1]) if picked else None
            return await s.lobby.abort(actor, p, " ".join(words), number=number)
        if sub == "pause":
            return await s.pauses.pause(actor, p, " ".join(rest) or None)
        if sub == "resume":
            self._options(sub, rest)
            return await s.pauses.resume(actor, p)
        if sub == "away":
            until = re.sub(r"^until[:=]\s*", "", " ".join(rest))
            if not until:
                raise ServiceError(_("Until when? e.g. `{cmd:game away} 3d` or `{cmd:game away} {off}`.", off=_("off")))
            return await s.pauses.away(actor, p, until)
        if sub == "config":
            try:
                changes = dict(re.split(r"[=:]", w, maxsplit=1) for w in rest)
            except ValueError:
                raise ServiceError(_("Write settings as key=value, e.g. {cmd:reminder:}6h.")) from None
            flags = {"bot_takeover", "auto_forced", "clear_manager_role", "threads", "web"}
            settings: dict[str, Any] = {k.replace("-", "_"): v for k, v in changes.items()}
            if truth(str(settings.pop("adopt", "false"))):
                return await s.kept.adopt(actor, p)
            known = CONFIG_KEYS - {"adopt"}
            unknown = sorted(set(settings) - known)
            if unknown:
                names = catalog(self.lang, "commands").gettext
                raise ServiceError(_("`{key}` is not a setting; these are: {known}.", key=unknown[0],
                                     known=", ".join(sorted(names(k) for k in known))))
            for key in flags & set(settings):  # ja, til, an ... as well
                settings[key] = bool(truth(str(settings[key])))
            for key in ("on_deadline", "who_starts"):  # überspringen, alle ...: the English value
                if key in settings:
                    settings[key] = english_or_same(key, str(settings[key]))
            return await s.settings.configure(actor, p, **settings)
        if sub not in PARAMS and sub != "removebot":
            guess = meant(sub)
            if guess is not None:
                raise ServiceError(_("Did you mean `{command}`?", command=self._command(guess)))
            raise ServiceError(_("Unknown command `{command}`; type `help`.", command=self._command(sub)))
        opts = self._options(sub, rest)
        if sub == "board":
            player = opts.get("player", "").lstrip("@")
            return await s.looking.board(actor, p, user_id_for(player) if player else None)
        if sub == "hand":
            dm = opts.get("dm", "false")
            wanted = True if dm.lower() == "dm" else truth(dm)
            if wanted is None:
                raise ServiceError(_("`{cmd:dm:}` is yes or no, e.g. `{cmd:game hand dm:}{yes}`.", yes=_("yes")))
            return await s.looking.hand(actor, p, wanted)
        if sub == "rules":
            outcome = await s.looking.rules(p, opts.get("game"))
            game = opts.get("game") or getattr(await s.store.games.latest_game(p.channel_id), "game", None)
            outcome.reply = console_syntax(tr(outcome.reply, self.lang), actor.name, game, self.lang)
            return outcome
        if sub in ("log", "replay"):
            given = opts.get("count" if sub == "log" else "number")
            if given is not None and not given.isdigit():
                raise ServiceError(_("`{command}` takes a number, e.g. `{command} 3`.", command=self._command(sub)))
            if sub == "log":
                return await s.history.log(actor, p, int(given) if given else 10)
            return await s.history.replay_animation(actor, p, int(given) if given else None)
        if sub == "stats":
            return await s.ratings.stats(actor, p, opts.get("game"))
        if sub == "profile":
            user = opts.get("user", "").lstrip("@")
            return await s.ratings.profile(actor, p, user_id_for(user) if user else None, user or None)
        if sub == "kick":
            if "user" not in opts:
                raise ServiceError(_("Whom? e.g. `{cmd:game kick} bob`."))
            user = opts["user"].lstrip("@")
            return await s.play.kick(actor, p, user_id_for(user), user)
        if sub == "skip":
            user = opts.get("user", "").lstrip("@")
            return await s.play.skip(actor, p, user_id_for(user) if user else None)
        if sub == "addbot":
            if english_or_same("level", opts.get("level", "")) == "remove":  # as Discord's choice
                return await s.bots.remove_bot(actor, p)
            return await s.bots.add_bot(actor, p, opts.get("level", "normal"))
        if sub == "hint":
            return await s.hints.hint(actor, p)
        if sub == "review":
            given = opts.get("number")
            if given is not None and not given.lstrip("#").isdigit():
                raise ServiceError(_("`{command}` takes a number, e.g. `{command} 3`.", command=self._command(sub)))
            return await s.reviews.review(actor, p, int(given.lstrip("#")) if given else None,
                                          progress=self._progress(actor))
        if sub == "notify":
            return await s.notices.notify(actor, p, opts.get("where"), timezone=opts.get("timezone"),
                                          quiet=opts.get("quiet"), digest=opts.get("digest"))
        return await s.bots.remove_bot(actor, p)

    def _command(self, sub: str) -> str:
        """``/game <sub>`` as this console's language names it (``/spiel zurücknehmen``)."""
        return command_path(f"game {sub}", catalog(self.lang, "commands").gettext)

    def _progress(self, actor: Actor) -> Callable[[Any], Awaitable[None]]:
        """A long answer's progress (a review), as the asker's "thinking" message shows it."""
        async def progress(text: Any) -> None:
            self.progress_shown.append(self._only(actor) + self._plain(text, actor.user_id))

        return progress

    def _plain(self, text: str, reader: int | None = None) -> str:
        """``text`` as a terminal shows it; times on the clock of ``reader`` (who reads it, if
        one person does), else in UTC."""
        text = plain_markdown(tr(text, self.lang))
        text = re.sub(r"(?m)^-# ", "", text)  # Discord's small print, as a line of its own
        text = MENTION.sub(lambda m: "@" + self.names.get(int(m[1]), m[1]), text)
        text = re.sub(r"<@&(\d+)>", r"@role:\1", text)
        # A timestamp reads as a Discord client shows it, here in UTC; a masked link as its words.
        text = re.sub(r"<t:(-?\d+)(?::([tTdDfFR]))?>",
                      lambda m: self._moment(int(m[1]), m[2], self.clocks.get(reader or -1)), text)
        text = re.sub(r"\[([^\]\n]+)\]\(https?://[^)\s]+\)", r"\1", text)
        # A channel mention shows its name, as Discord does: a game's thread, or this channel.
        return re.sub(r"<#(\d+)>", lambda m: "#" + self.thread_names.get(int(m[1]), "console"), text)

    def _moment(self, at: int, style: str | None, clock: PersonClock | None = None) -> str:
        """``<t:…:R>`` as "in 3 h (2026-12-24 18:00 UTC)", other styles as the time alone: on
        the reader's clock, as their Discord client would show it."""
        stamp = clock.local(at) if clock is not None and clock.zone != UTC else utc(at)
        if style != "R":
            return stamp
        ahead = round((at - self.service.clock()) / 60) * 60  # to the minute, as a client rounds
        span = format_duration(abs(ahead)) if abs(ahead) >= 60 else None
        if span is None:
            said = _("now ({stamp})", stamp=stamp)
        elif ahead > 0:
            said = _("in {span} ({stamp})", span=span, stamp=stamp)
        else:
            said = _("{span} ago ({stamp})", span=span, stamp=stamp)
        return tr(said, self.lang)

    def _folder(self) -> Path:
        """This session's image folder: a new one per run, so sessions never mix."""
        if self.session_dir is None:
            stamp = time.strftime("%Y-%m-%d-%H%M%S")
            for n in itertools.count(1):
                folder = self.out_dir / (stamp if n == 1 else f"{stamp}-{n}")
                try:
                    folder.mkdir(parents=True)
                except FileExistsError:
                    continue
                self.session_dir = folder
                break
        assert self.session_dir is not None
        return self.session_dir

    def _save(self, image: Attachment) -> str:
        self.images += 1
        path = self._folder() / f"{self.images:04d}-{image.filename}"
        path.write_bytes(image.data)
        return str(path)

    def _show(self, actor: Actor, sent: list[Sent]) -> list[str]:
        """The lines of one delivery: the answer first (only its asker sees it), then what
        everyone sees, where they see it."""
        lines: list[str] = []
        for s in sorted(sent, key=lambda s: s.kind not in ("reply", "private")):
            if s.kind in ("reply", "private"):
                lines.append(self._only(actor) + self._plain(s.text, actor.user_id))
                if s.image is not None:
                    lines.append(self._file(s.image))
                looks = [b for b in s.buttons if isinstance(b, LookButton)]
                if looks:
                    lines.append("  " + self._plain(_(
                        "(buttons: {labels}; `{cmd:turns} {game}` presses the first)",
                        labels=", ".join(self._plain(b.label) for b in looks), game=looks[0].game_id)))
            elif s.kind in ("post", "public", "say"):
                self.messages += 1
                lines.append(f"[{self._channel(s)}] " + self._plain(s.text))
                if s.image is not None:
                    lines.append(self._file(s.image))
                post = s.post
                if post is None:
                    continue
                if post.lobby is not None and post.lobby.open:
                    labels = ", ".join(self._plain(LOBBY_LABELS[a]) for a in ("join", "leave", "start"))
                    lines.append("  " + self._plain(_("(buttons: {labels})", labels=labels)))
                for ask in post.asks:  # here the players agree by typing the same command
                    lines.append("  " + self._plain(_("(button: {label}; here: {command})",
                                                      label=ask.label, command=self._command(ask.action))))
                if post.hint_of is not None:  # a teaching game's Hint button
                    lines.append("  " + self._plain(_("(button: {label}; here: {command})",
                                                      label=HINT_LABEL, command=self._command("hint"))))
                for link in post.links:  # the web view (--web)
                    lines.append("  " + self._plain(_("(link: {label} → {url})", label=link.label, url=link.url)))
                if post.links and post.web_of is not None and post.my_view:
                    lines.append("  " + self._plain(_("(button: {label}; `/press myview` presses it)",
                                                      label=MY_VIEW_LABEL)))
                if post.wait is not None:
                    lines.append("  " + self._plain(_("(button: {label}; `/press wait <name>` presses it)",
                                                      label=post.wait.label)))
            elif s.kind == "lobby":
                lines.append(self._plain(_("[lobby updated] {text}", text=s.text)))
            elif s.kind in ("dm", "dm-edit"):
                who = self.names.get(s.user_id, s.user_id) if s.user_id is not None else "?"
                frame = (_("[DM to {name}, edited]", name=who) if s.kind == "dm-edit" else  # in place
                         _("[DM to {name}, silently: quiet hours]", name=who) if s.silent else
                         _("[DM to {name}]", name=who))
                lines.append(self._plain(frame) + " " + self._plain(s.text, s.user_id))
                if s.image is not None:
                    lines.append(self._file(s.image))
        return lines

    def _only(self, actor: Actor) -> str:
        """The frame of an answer only its asker sees (an ephemeral reply, in Discord)."""
        return self._plain(_("[only {name} sees]", name=actor.name)) + " "

    def _file(self, image: Attachment) -> str:
        """Where an image (or an exported file) was saved."""
        path = self._save(image)
        if image.filename.endswith(".png"):
            return "  " + self._plain(_("image: {path}", path=path))
        return "  " + self._plain(_("file: {path}", path=path))

    def _channel(self, sent: Sent) -> str:
        """Where a message was posted: this channel, or a game's thread by its name."""
        where = sent.place.channel_id if sent.place is not None else self.place.channel_id
        if where == self.place.channel_id:
            return self._plain(_("channel"))
        return self._plain(_("thread {name}", name=self.thread_names.get(where, where)))


async def run_console(lines: Iterable[str] | None, db: Path, out_dir: Path,
                      moderators: set[str] | None, lang: str = "en", web: int | None = None) -> int:
    store = await Store.open(db)
    service = GameService(store)
    server = None
    try:
        console = Console(service, out_dir, moderators, lang=lang)
        if web is not None:  # the web view, as the bot serves it, on this machine only
            from .web.server import WebServer
            server = WebServer(service.web)
            port = await server.start(web, host="127.0.0.1")
            service.web.base_url = f"http://127.0.0.1:{port}"
            print(f"Web view: {service.web.base_url}/ (links appear under the boards)", flush=True)
        interactive = lines is None and sys.stdin.isatty()
        if interactive:
            print(f"Tidepool console. Database: {db}. Images go to a new folder under {out_dir}/ "
                  "for this session. Type `help`.")
        source = iter(lines) if lines is not None else None
        while True:
            if source is not None:
                line = next(source, None)
            else:
                if interactive:
                    print("> ", end="", flush=True)
                line = await asyncio.to_thread(sys.stdin.readline)
                line = line if line else None
            if line is None or PROMPT.sub("", line).strip() in ("quit", "exit"):
                return 0
            for out in await console.handle(line):
                print(out, flush=True)
    finally:
        if server is not None:
            await server.stop()
        service.close()  # the bots' worker
        await store.close()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot console", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", type=Path, default=Path("data/console.sqlite3"),
                        help="SQLite file (default data/console.sqlite3; reuse it to continue games)")
    parser.add_argument("--out", type=Path, default=Path("console-out"),
                        help="folder for board images, in a new subfolder per session "
                             "(default console-out/)")
    parser.add_argument("--mods", default="",
                        help="comma-separated names with moderator rights (default: everyone)")
    parser.add_argument("--lang", choices=LANGUAGES, default="en",
                        help="read everything in this language and take its command names "
                             "(de: /spiel neu, /zug; da: /spil nyt, /træk); default en")
    parser.add_argument("--web", type=int, metavar="PORT",
                        help="serve the web view on this port of 127.0.0.1 (0: any free port)")
    parser.add_argument("script", nargs="?", type=Path,
                        help="a file of lines to run instead of reading the terminal")
    args = parser.parse_args(argv)
    mods = {m.strip().lower() for m in args.mods.split(",") if m.strip()} or None
    lines = args.script.read_text(encoding="utf-8").splitlines() if args.script else None
    return asyncio.run(run_console(lines, args.db, args.out, mods, args.lang, args.web))
