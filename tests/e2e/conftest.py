"""The emulator and the real bot process (``python -m bot``) on 127.0.0.1."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from tests.discord_spec import load_spec

from .emulator import TOKEN, Emulator

REPO = Path(__file__).resolve().parents[2]


class BotProcess:
    """``python -m bot`` as a child process, configured only through its environment."""

    def __init__(self, emulator: Emulator, workdir: Path) -> None:
        self.emulator = emulator
        self.workdir = workdir
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0
        self.env: dict[str, str] = {}  # settings a test changes (e.g. LOG_LEVEL)

    @property
    def log_path(self) -> Path:
        return self.workdir / f"bot-{self.starts}.log"

    async def start(self) -> None:
        self.starts += 1
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
        env.update({
            "DISCORD_TOKEN": TOKEN,
            "DISCORD_API_BASE": self.emulator.api_base,
            "DISCORD_GATEWAY_URL": self.emulator.gateway_url,
            "DATABASE_PATH": str(self.workdir / "bot.sqlite3"),
            "LOG_LEVEL": "INFO",
            "PYTHONPATH": str(REPO),
        })
        env.update(self.env)
        log = open(self.log_path, "wb")  # noqa: SIM115 - the child owns it
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=self.workdir, env=env, stdout=log, stderr=log,
        )
        log.close()
        ready = asyncio.create_task(self.emulator.wait_ready(60))
        exited = asyncio.create_task(self.proc.wait())
        done, _ = await asyncio.wait({ready, exited}, return_when=asyncio.FIRST_COMPLETED)
        if exited in done:
            ready.cancel()
            raise AssertionError(f"the bot exited during start-up:\n{self.logs()}")
        exited.cancel()
        ready.result()

    def logs(self) -> str:
        return "\n".join(p.read_text(errors="replace") for p in sorted(self.workdir.glob("bot-*.log")))

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


@pytest.fixture
async def emulator() -> AsyncIterator[Emulator]:
    spec = load_spec()
    assert spec is not None, "the vendored spec tests/data/discord-openapi.json.gz is missing"
    emu = Emulator(spec)
    await emu.start()
    yield emu
    await emu.close()
    assert not emu.violations, "requests that break Discord's API spec:\n" + "\n".join(emu.violations)


@pytest.fixture
async def bot(emulator: Emulator, tmp_path: Path) -> AsyncIterator[BotProcess]:
    """A bot process, not yet started (tests add users and channels first)."""
    process = BotProcess(emulator, tmp_path)
    yield process
    await process.stop()
    errors = [line for line in process.logs().splitlines() if " ERROR " in line or "Traceback" in line]
    assert not errors, "the bot logged errors:\n" + process.logs()[-5000:]


Starter = Callable[[], Awaitable[None]]
