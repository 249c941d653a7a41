"""``python -m bot console``: play through the real service in a terminal, without Discord.

Each line is ``name: command``, e.g. ``alice: /game new aqualin rules=classic``,
``bob: /game join``, ``alice: /move d4``. Users are made up on first use; board
images are saved to a folder and their paths printed. Handy for trying the bot and
for debugging a game from its database.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import re
import shlex
import sys
import time
from collections.abc import Iterable
from pathlib import Path

from games import GameError

from .errors import ServiceError, explain
from .messages import Actor, Attachment, Outcome, Place
from .service import GameService
from .store import Store
from .timing import format_duration, parse_duration

HELP = """Lines look like `name: command`. Commands:
  /game new <game> [key=value ...]   open a lobby (e.g. /game new aqualin rules=classic)
  /game join | leave | start | board | hand | status | resign
  /game rules [game]                 how to play
  /game abort [reason]
  /game undo | log [count] | export | stats [game]
  /game kick <name> | skip [name]
  /game addbot [easy|normal|hard] | removebot
  /game config [who_starts=… reminder=12h deadline=2d on_deadline=skip]
  /move <move>                       e.g. /move d4  or  /move b2-c3 d4
  /moves [typed]                     what /move's autocomplete would offer
  /wait <duration>                   let time pass (e.g. 13h) and fire due reminders/deadlines
  help, quit"""

BOT = Actor(user_id=0, name="bot")
CONSOLE_GUILD = 1
CONSOLE_CHANNEL = 1


def user_id_for(name: str) -> int:
    """A stable made-up Discord id per console name, so a saved database keeps working."""
    return int(hashlib.sha256(name.lower().encode()).hexdigest()[:12], 16)


class Console:
    """Turns console lines into service calls and outcomes into printable lines."""

    def __init__(self, service: GameService, out_dir: Path, moderators: set[str] | None = None,
                 channel_id: int = CONSOLE_CHANNEL) -> None:
        self.service = service
        self.out_dir = out_dir
        self.moderators = moderators  # None: everyone may moderate
        self.place = Place(guild_id=CONSOLE_GUILD, channel_id=channel_id)
        self.names: dict[int, str] = {}
        self.images = 0
        self.messages = 0
        self.offset = 0.0  # /wait moves the service's clock forward
        service.clock = lambda: time.time() + self.offset

    def actor(self, name: str) -> Actor:
        uid = user_id_for(name)
        self.names[uid] = name
        mod = self.moderators is None or name.lower() in self.moderators
        return Actor(user_id=uid, name=name, manage_channels=mod)

    async def handle(self, line: str) -> list[str]:
        line = line.strip()
        if not line or line.startswith("#"):
            return []
        if line in ("help", "?"):
            return HELP.splitlines()
        name, sep, command = line.partition(":")
        if not sep or not name.strip() or not command.strip().startswith("/"):
            return ["Write `name: /command`, e.g. `alice: /game new aqualin` (or `help`)."]
        actor = self.actor(name.strip())
        try:
            words = shlex.split(command.strip())
        except ValueError as exc:
            return [f"could not read that line: {exc}"]
        try:
            outcome = await self._dispatch(actor, words)
        except (ServiceError, GameError) as exc:
            return [f"[only {actor.name} sees] {explain(exc)}"]
        if isinstance(outcome, list):
            return outcome
        shown = self._show(actor, await self.service.deliver_here(outcome))
        # Bot seats move on their own, as in Discord (without the pause).
        for _ in range(2000):
            move = await self.service.bot_turn(self.place)
            if move is None:
                break
            shown += self._show(BOT, await self.service.deliver_here(move))[1:]
        return shown

    async def _dispatch(self, actor: Actor, words: list[str]) -> Outcome | list[str]:
        s, p = self.service, self.place
        head = words[0].lower()
        args = [w.split(":", 1)[1] if re.match(r"^(game|options|action|reason):", w) else w
                for w in words[1:]]
        if head == "/move":
            return await s.move(actor, p, " ".join(args))
        if head == "/wait":
            seconds = parse_duration(" ".join(args) or "?", what="duration") or 0
            self.offset += seconds
            lines = [f"(time passes: {format_duration(seconds)})"]
            for _, outcome in await s.fire_due():
                lines += self._show(actor, await s.deliver_here(outcome))[1:]
            return lines
        if head == "/moves":
            pairs = await s.suggest(actor, p, " ".join(args))
            return [f"  {label}" for label, _ in pairs]
        if head != "/game" or not args:
            raise ServiceError("Unknown command; type `help`.")
        sub, rest = args[0].lower(), args[1:]
        if sub == "new":
            if not rest:
                raise ServiceError("Which game? e.g. `/game new aqualin`.")
            return await s.new_game(actor, p, rest[0], " ".join(rest[1:]))
        simple = {"join": s.join, "leave": s.leave, "start": s.start, "board": s.board,
                  "hand": s.hand, "status": s.status, "resign": s.resign, "undo": s.undo,
                  "export": s.export}
        if sub in simple:
            return await simple[sub](actor, p)
        if sub == "rules":
            return await s.rules(p, rest[0] if rest else None)
        if sub == "abort":
            return await s.abort(actor, p, " ".join(rest))
        if sub == "log":
            return await s.log(actor, p, int(rest[0]) if rest and rest[0].isdigit() else 10)
        if sub == "stats":
            return await s.stats(actor, p, rest[0] if rest else None)
        if sub == "kick" and rest:
            return await s.kick(actor, p, user_id_for(rest[0]), rest[0])
        if sub == "skip":
            return await s.skip(actor, p, user_id_for(rest[0]) if rest else None)
        if sub == "config":
            try:
                changes = dict(w.split("=", 1) for w in rest)
            except ValueError:
                raise ServiceError("Write settings as key=value, e.g. reminder=6h.") from None
            flags = {"bot_takeover", "clear_manager_role"}
            settings = {k.replace("-", "_"): v for k, v in changes.items()}
            for key in flags & set(settings):
                settings[key] = str(settings[key]).lower() in ("1", "true", "yes", "on")
            return await s.configure(actor, p, **settings)
        if sub == "addbot":
            return await s.add_bot(actor, p, rest[0] if rest else "normal")
        if sub == "removebot":
            return await s.remove_bot(actor, p)
        raise ServiceError(f"Unknown command `/game {sub}`; type `help`.")

    def _plain(self, text: str) -> str:
        text = re.sub(r"<@(\d+)>", lambda m: "@" + self.names.get(int(m[1]), m[1]), text)
        text = re.sub(r"<@&(\d+)>", r"@role:\1", text)
        return text.replace("**", "").replace("\\", "").replace("\u200b", "")

    def _save(self, image: Attachment) -> str:
        self.out_dir.mkdir(parents=True, exist_ok=True)
        self.images += 1
        path = self.out_dir / f"{self.images:04d}-{image.filename}"
        path.write_bytes(image.data)
        return str(path)

    def _show(self, actor: Actor, outcome: Outcome) -> list[str]:
        lines = [f"[only {actor.name} sees] " + self._plain(outcome.reply)]
        if outcome.reply_file is not None:
            kind = "image" if outcome.reply_file.filename.endswith(".png") else "file"
            lines.append(f"  {kind}: {self._save(outcome.reply_file)}")
        for post in outcome.posts:
            self.messages += 1
            lines.append("[channel] " + self._plain(post.text))
            if post.image is not None:
                lines.append(f"  image: {self._save(post.image)}")
            if post.lobby is not None and post.lobby.open:
                lines.append("  (buttons: Join, Leave, Start)")
        if outcome.lobby_edit is not None:
            lines.append("[lobby updated] " + self._plain(outcome.lobby_edit.text))
        for dm in outcome.dms:
            edited = ", edited" if dm.replace else ""  # Discord edits their last DM in place
            lines.append(f"[DM to {self.names.get(dm.user_id, dm.user_id)}{edited}] " + self._plain(dm.text))
            if dm.image is not None:
                lines.append(f"  image: {self._save(dm.image)}")
        return lines


async def run_console(lines: Iterable[str] | None, db: Path, out_dir: Path,
                      moderators: set[str] | None) -> int:
    store = await Store.open(db)
    service = GameService(store)
    try:
        console = Console(service, out_dir, moderators)
        interactive = lines is None and sys.stdin.isatty()
        if interactive:
            print(f"Tidepool console. Database: {db}. Images go to {out_dir}/. Type `help`.")
        source = iter(lines) if lines is not None else None
        while True:
            if source is not None:
                line = next(source, None)
            else:
                if interactive:
                    print("> ", end="", flush=True)
                line = await asyncio.to_thread(sys.stdin.readline)
                line = line if line else None
            if line is None or line.strip() in ("quit", "exit"):
                return 0
            for out in await console.handle(line):
                print(out, flush=True)
    finally:
        service.close()  # the bots' worker
        await store.close()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot console", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", type=Path, default=Path("data/console.sqlite3"),
                        help="SQLite file (default data/console.sqlite3; reuse it to continue games)")
    parser.add_argument("--out", type=Path, default=Path("console-out"),
                        help="folder for board images (default console-out/)")
    parser.add_argument("--mods", default="",
                        help="comma-separated names with moderator rights (default: everyone)")
    parser.add_argument("script", nargs="?", type=Path,
                        help="a file of lines to run instead of reading the terminal")
    args = parser.parse_args(argv)
    mods = {m.strip().lower() for m in args.mods.split(",") if m.strip()} or None
    lines = args.script.read_text(encoding="utf-8").splitlines() if args.script else None
    return asyncio.run(run_console(lines, args.db, args.out, mods))
