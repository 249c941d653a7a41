"""The emulator and the real bot process (``python -m bot``) on 127.0.0.1."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sqlite3
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from bot.db import is_postgres, sqlite_path
from bot.db.postgres import numbered
from tests.discord_spec import load_spec
from tests.postgres import drop_schema, new_schema

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
        ready = asyncio.create_task(self.emulator.wait_ready(60, shards=self.shards, since=since))
        exited = asyncio.create_task(self.proc.wait())
        done, _ = await asyncio.wait({ready, exited}, return_when=asyncio.FIRST_COMPLETED)
        if exited in done:
            ready.cancel()
            raise AssertionError(f"the bot exited during start-up:\n{self.logs()}")
        exited.cancel()
        self.sessions = ready.result()

    def logs(self) -> str:
        """Every run's output, colours removed."""
        return ANSI.sub("", "\n".join(p.read_text(errors="replace")
                                       for p in sorted(self.workdir.glob(f"{self.name}-*.log"))))

    async def kill(self) -> None:
        """SIGKILL: no clean shutdown, like a crash or an OOM kill."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()

    async def stop(self) -> None:
        if self.proc is None or self.proc.returncode is not None:
            return
        self.proc.terminate()
        try:
            await asyncio.wait_for(self.proc.wait(), 10)
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


@pytest.fixture
async def emulator() -> AsyncIterator[Emulator]:
    spec = load_spec()
    assert spec is not None, "the vendored spec tests/data/discord-openapi.json.gz is missing"
    emu = Emulator(spec)
    await emu.start()
    yield emu
    await emu.close()
    assert not emu.violations, "requests that break Discord's API spec:\n" + "\n".join(emu.violations)


#: For the tests whose subject is the database (restarts, races, the outbox, timers, shards
#: sharing one database): they run on both backends. The others run on SQLite; the service
#: tests (``tests/bot``) run every store path on both.
BOTH_BACKENDS = pytest.mark.parametrize("bot_env", ["sqlite", "postgres"], indirect=True)


@pytest.fixture(params=["sqlite"])
def bot_env(request: pytest.FixtureRequest) -> Iterator[dict[str, str]]:
    """Settings every bot process of a test starts with: an SQLite file in the test's folder,
    or (``postgres``) a fresh schema of the session's PostgreSQL server (``DATABASE_URL``)."""
    if request.param == "sqlite":
        yield {}
        return
    server = request.getfixturevalue("postgres_server")
    name, url = new_schema(server)
    try:
        yield {"DATABASE_URL": url}
    finally:
        drop_schema(server, name)


class Bots:
    """Makes bot processes, not yet started: ``bots("shard1", SHARD_COUNT="2", SHARD_IDS="1")``.

    They share the emulator, ``bot_env`` and the database in the test's folder; each can be
    started, SIGKILLed (:meth:`BotProcess.kill`) and started again.
    """

    def __init__(self, emulator: Emulator, workdir: Path, env: dict[str, str]) -> None:
        self.emulator = emulator
        self.workdir = workdir
        self.env = env
        self.processes: list[BotProcess] = []

    def __call__(self, name: str = "bot", **env: str) -> BotProcess:
        assert all(p.name != name for p in self.processes), f"a bot process is already named {name}"
        process = BotProcess(self.emulator, self.workdir, name, {**self.env, **env})
        self.processes.append(process)
        return process


@pytest.fixture
async def bots(emulator: Emulator, tmp_path: Path, bot_env: dict[str, str]) -> AsyncIterator[Bots]:
    """The factory; afterwards every process is stopped and none may have logged an error."""
    factory = Bots(emulator, tmp_path, bot_env)
    yield factory
    await asyncio.gather(*(process.stop() for process in factory.processes))
    for process in factory.processes:
        errors = [line for line in process.logs().splitlines() if ERROR_LINE.search(line)]
        assert not errors, f"{process.name} logged errors:\n" + process.logs()[-5000:]


@pytest.fixture
async def bot(bots: Bots) -> BotProcess:
    """A bot process, not yet started (tests add users and channels first)."""
    return bots()


Starter = Callable[[], Awaitable[None]]
