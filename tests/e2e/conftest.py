"""The emulator and the real bot process (``python -m bot``) on 127.0.0.1.

Every test of this folder runs in its module's event loop, so a module can share one emulator
and one started bot process between the tests that do not restart it (:func:`shared`); the
others make their own (:func:`emulator`, :func:`bots`, :func:`bot`).

A bot process is watched while a test waits for it: when it exits unasked or logs an ERROR or
a traceback, the wait fails at once with its log, instead of running into the deadline.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path

import pytest
import pytest_asyncio

from tests.discord_spec import load_spec
from tests.postgres import drop_schema, new_schema
from tests.waiting import PATIENCE

from .emulator import Emulator
from .process import ERROR_LINE, BotProcess

__all__ = ["BOTH_BACKENDS", "SHARED_ON_BOTH_BACKENDS", "BotProcess", "Bots"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Each test of this folder is ``slow`` (real processes: the full suite runs them, the quick
    subset does not), runs in its module's loop (where a shared bot lives), and with
    ``pytest -n`` all tests of a module run in one worker (``--dist loadgroup``, see
    tests/conftest.py), so a module starts its shared bot once, not once per worker."""
    here = Path(__file__).parent
    for item in items:
        if not item.path.is_relative_to(here):
            continue
        item.add_marker(pytest.mark.slow)  # real processes: the full suite's
        item.add_marker(pytest.mark.xdist_group(f"e2e-{item.path.stem}"))
        if pytest_asyncio.is_async_test(item):
            item.add_marker(pytest.mark.asyncio(loop_scope="module"), append=False)


async def new_emulator() -> Emulator:
    spec = load_spec()
    assert spec is not None, "the vendored spec tests/data/discord-openapi.json.gz is missing"
    # Late acknowledgements are accepted (and counted): on a loaded machine the bot is slow,
    # not wrong. How fast it answers is the benchmark's to measure.
    emu = Emulator(spec, ack_deadline=PATIENCE)
    await emu.start()
    return emu


async def close_emulator(emu: Emulator) -> None:
    await emu.close()
    assert not emu.violations, "requests that break Discord's API spec:\n" + "\n".join(emu.violations)


@pytest_asyncio.fixture(loop_scope="module")
async def emulator() -> AsyncIterator[Emulator]:
    """An emulator of this test's own."""
    emu = await new_emulator()
    yield emu
    await close_emulator(emu)


#: For the tests whose subject is the database (restarts, races, the outbox, timers, shards
#: sharing one database): they run on both backends. The others run on SQLite; the service
#: tests (``tests/bot``) run every store path on both.
BOTH_BACKENDS = pytest.mark.parametrize("bot_env", ["sqlite", "postgres"], indirect=True)


def backend_env(request: pytest.FixtureRequest) -> Iterator[dict[str, str]]:
    if request.param == "sqlite":
        yield {}
        return
    server = request.getfixturevalue("postgres_server")
    name, url = new_schema(server)
    try:
        yield {"DATABASE_URL": url}
    finally:
        drop_schema(server, name)


@pytest.fixture(params=["sqlite"])
def bot_env(request: pytest.FixtureRequest) -> Iterator[dict[str, str]]:
    """Settings every bot process of a test starts with: an SQLite file in the test's folder,
    or (``postgres``) a fresh schema of the session's PostgreSQL server (``DATABASE_URL``)."""
    yield from backend_env(request)


#: The same for tests that share their module's bot (:func:`shared`).
SHARED_ON_BOTH_BACKENDS = pytest.mark.parametrize("shared_env", ["sqlite", "postgres"], indirect=True)


@pytest.fixture(scope="module", params=["sqlite"])
def shared_env(request: pytest.FixtureRequest) -> Iterator[dict[str, str]]:
    """:func:`bot_env` for the module's shared bot."""
    yield from backend_env(request)


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
        """A new process (the emulator watches it from now on)."""
        assert all(p.name != name for p in self.processes), f"a bot process is already named {name}"
        process = BotProcess(self.emulator, self.workdir, name, {**self.env, **env})
        self.processes.append(process)
        return process


def assert_no_errors(process: BotProcess) -> None:
    errors = [line for line in process.logs().splitlines() if ERROR_LINE.search(line)]
    assert not errors, f"{process.name} logged errors:\n" + process.logs()[-5000:]


@pytest_asyncio.fixture(loop_scope="module")
async def bots(emulator: Emulator, tmp_path: Path, bot_env: dict[str, str]) -> AsyncIterator[Bots]:
    """The factory; afterwards every process is stopped and none may have logged an error."""
    factory = Bots(emulator, tmp_path, bot_env)
    yield factory
    await asyncio.gather(*(process.stop() for process in factory.processes))
    for process in factory.processes:
        assert_no_errors(process)


@pytest_asyncio.fixture(loop_scope="module")
async def bot(bots: Bots) -> BotProcess:
    """A bot process of this test's own, not yet started (tests add users and channels first)."""
    return bots()


#: Settings of each module's shared bot, where they differ from a test's own bot.
SHARED_SETTINGS = {
    # As in production: the drawing worker warms up while the bot connects.
    "WARM_UP": "true",
}


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def shared_process(tmp_path_factory: pytest.TempPathFactory,
                         shared_env: dict[str, str]) -> AsyncIterator[BotProcess]:
    emu = await new_emulator()
    process = BotProcess(emu, tmp_path_factory.mktemp("shared-bot"), "shared",
                         {**SHARED_SETTINGS, **shared_env})
    await process.start()
    yield process
    await process.stop()
    await close_emulator(emu)
    assert_no_errors(process)


@pytest_asyncio.fixture(loop_scope="module")
async def shared(shared_process: BotProcess) -> AsyncIterator[BotProcess]:
    """The module's running bot process, with its own emulator (``shared.emulator``), for a test
    that does not restart it, change its settings or count what every test does (such as
    gateway connections): it adds channels and users of its own, and reads only those. The test
    fails if the process logged an error or broke the spec meanwhile, or is no longer running."""
    emu = shared_process.emulator
    await shared_process.ensure_started()  # after a test that failed by crashing it
    shared_process.mark()
    emu.violations.clear()
    yield shared_process
    problem = emu.problem()
    emu.violations.clear()  # charged to this test only
    shared_process.mark()
    assert problem is None, problem


Starter = Callable[[], Awaitable[None]]
