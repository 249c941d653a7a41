"""``python -m bot`` as a child process of a test (or of the benchmark), pointed at the emulator.

It is watched while anyone waits for it (:meth:`BotProcess.problem`): when it exits unasked or
logs an ERROR or a traceback, the emulator's waits fail at once with its log.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sqlite3
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from bot.db import is_postgres, sqlite_path
from bot.db.postgres import numbered
from tests.waiting import PATIENCE

from .emulator import TOKEN, Emulator, Session

REPO = Path(__file__).resolve().parents[2]


ANSI = re.compile(r"\x1b\[[0-9;]*m")
ERROR_LINE = re.compile(r"[\s\[]ERROR\s|Traceback")  # plain "[ERROR   ]" or coloured " ERROR "


class BotProcess:
    """``python -m bot`` as a child process, configured only through its environment.

    Several may run side by side (``name`` keeps their logs apart); all of one test share the
    database ``bot.sqlite3`` in ``workdir`` unless ``env`` says otherwise.
    """

    def __init__(self, emulator: Emulator, workdir: Path, name: str = "bot",
                 env: dict[str, str] | None = None) -> None:
        self.emulator = emulator
        self.workdir = workdir
        self.name = name
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0
        self.env: dict[str, str] = dict(env or {})  # settings a test changes (e.g. LOG_LEVEL)
        self.sessions: list[Session] = []  # its gateway connections since the last start
        self.expect_exit = False  # stopped or killed by the test: no problem
        self._scanned = 0  # bytes of the current log already looked at for errors
        self.errors: list[str] = []  # ERROR and traceback lines seen since :meth:`mark`
        emulator.watchers.append(self.problem)

    @property
    def log_path(self) -> Path:
        return self.workdir / f"{self.name}-{self.starts}.log"

    @property
    def shards(self) -> list[int]:
        """The shards it runs: SHARD_IDS, else all of SHARD_COUNT or of what the emulator
        recommends (discord.py asks it)."""
        if self.env.get("SHARD_IDS"):
            return [int(n) for n in self.env["SHARD_IDS"].split(",")]
        return list(range(int(self.env.get("SHARD_COUNT") or self.emulator.shard_count)))

    async def start(self) -> None:
        self.starts += 1
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("DISCORD_", "DATABASE_", "SHARD_", "SYNC_COMMANDS"))}
        env.update({
            "DISCORD_TOKEN": TOKEN,
            "DISCORD_API_BASE": self.emulator.api_base,
            "DISCORD_GATEWAY_URL": self.emulator.gateway_url,
            "DATABASE_PATH": str(self.workdir / "bot.sqlite3"),
            "LOG_LEVEL": "INFO",
            # Each game's art is drawn on first use: the same pictures, and a start-up that does
            # not spend seconds of CPU on games the test never plays. test_a_complete_aqualin_game
            # starts warmed up, as production does.
            "WARM_UP": "false",
            "PYTHONPATH": str(REPO),
        })
        env.update(self.env)
        since = self.emulator.identifies  # its connections are the ones identified after this
        log = open(self.log_path, "wb")  # noqa: SIM115 - the child owns it
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=self.workdir, env=env, stdout=log, stderr=log,
        )
        log.close()
        self._scanned = 0  # a new log file
        self.expect_exit = False
        # The watcher (:meth:`problem`) ends the wait at once if the process exits meanwhile.
        self.sessions = await self.emulator.wait_ready(PATIENCE, shards=self.shards, since=since)

    async def ensure_started(self) -> None:
        """Start it unless it runs (a shared process runs already)."""
        if not self.alive:
            await self.start()

    def scan(self) -> list[str]:
        """The ERROR and traceback lines it logged since :meth:`mark` (reading only what is new)."""
        path = self.log_path
        if self.proc is not None and path.exists():
            with open(path, "rb") as log:
                log.seek(self._scanned)
                chunk = log.read()
            complete = chunk[:chunk.rfind(b"\n") + 1]  # a line still being written waits
            self._scanned += len(complete)
            for line in ANSI.sub("", complete.decode(errors="replace")).splitlines():
                if ERROR_LINE.search(line):
                    self.errors.append(line)
        return self.errors

    def mark(self) -> None:
        """Forget the errors seen so far (a shared process, before each test)."""
        self.scan()
        self.errors = []

    def problem(self) -> str | None:
        """Why a wait for this process is pointless (None while all is well)."""
        if self.proc is None or self.expect_exit:
            return None
        if self.proc.returncode is not None:
            return f"{self.name} exited with status {self.proc.returncode}:\n{self.logs()[-4000:]}"
        if self.scan():
            return f"{self.name} logged an error:\n" + self.logs()[-4000:]
        return None

    def logs(self) -> str:
        """Every run's output, colours removed."""
        return ANSI.sub("", "\n".join(p.read_text(errors="replace")
                                       for p in sorted(self.workdir.glob(f"{self.name}-*.log"))))

    async def kill(self) -> None:
        """SIGKILL: no clean shutdown, like a crash or an OOM kill."""
        assert self.proc is not None
        self.expect_exit = True
        self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()

    async def stop(self) -> None:
        self.expect_exit = True
        if self.proc is None or self.proc.returncode is not None:
            return
        self.proc.terminate()
        try:
            await asyncio.wait_for(self.proc.wait(), 60)
        except TimeoutError:
            self.proc.kill()
            await self.proc.wait()

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    @property
    def database(self) -> str:
        """The database this process uses, as a URL."""
        return self.env.get("DATABASE_URL") or f"sqlite:///{self.workdir / 'bot.sqlite3'}"

    @property
    def on_postgres(self) -> bool:
        return is_postgres(self.database)

    def sql(self, statement: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Run one statement on the bot's database behind its back (``?`` placeholders, on
        either backend), as an operator with a database shell would; the rows it returns."""
        if not self.on_postgres:
            db = sqlite3.connect(sqlite_path(self.database))
            try:
                with db:
                    return db.execute(statement, params).fetchall()
            finally:
                db.close()

        async def run() -> list[tuple[Any, ...]]:
            import asyncpg

            conn = await asyncpg.connect(self.database)
            try:
                return [tuple(r) for r in await conn.fetch(numbered(statement), *params)]
            finally:
                await conn.close()

        # The test's own event loop is busy running it: a short-lived loop in a thread.
        with ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, run()).result()
