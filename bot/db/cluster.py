"""A throwaway PostgreSQL server from the machine's own binaries (for the tests and the bench).

``initdb`` and ``pg_ctl`` on a temporary folder and a free loopback port. ``initdb`` refuses
to run as root, so as root the server runs as the ``postgres`` user (through ``runuser``).
:func:`new_schema` gives each user of one server an empty schema of its own
(``?search_path=...`` in the URL, which asyncpg passes to the server).
"""

from __future__ import annotations

import asyncio
import glob
import os
import secrets
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path
from urllib.parse import urlencode, urlsplit, urlunsplit


def find_binaries() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl`` (newest Debian version first)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parent.parent.name) if Path(p).parent.parent.name.isdigit() else 0,
                   reverse=True)
    if found:
        return Path(found[0]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """One PostgreSQL server in a temporary folder; :meth:`stop` removes it all."""

    def __init__(self, binaries: Path, *, durable: bool = False) -> None:
        self.binaries = binaries
        self.durable = durable  # tests trade crash safety for speed; the bench does not
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="tidepool-pg-"))
        self.data = self.folder / "data"
        self.as_root = os.geteuid() == 0

    def _run(self, *args: str) -> None:
        command = [str(self.binaries / args[0]), *args[1:]]
        if self.as_root:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed ({done.returncode}): {done.stderr.strip()[-800:]}")

    def start(self) -> str:
        if self.as_root:
            shutil.chown(self.folder, "postgres", "postgres")
        self.folder.chmod(0o700)
        self._run("initdb", "-D", str(self.data), "-U", "tidepool", "--auth=trust", "-E", "UTF8",
                  "--no-sync")
        options = [f"-p {self.port}", "-c listen_addresses=127.0.0.1",
                   f"-c unix_socket_directories={self.folder}", "-c max_connections=200"]
        if not self.durable:
            options += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.folder / "server.log"),
                  "-o", " ".join(options), "-w", "-t", "60", "start")
        return self.url

    @property
    def url(self) -> str:
        return f"postgresql://tidepool@127.0.0.1:{self.port}/postgres"

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        except (RuntimeError, OSError, subprocess.TimeoutExpired):
            pass
        shutil.rmtree(self.folder, ignore_errors=True)


def with_schema(url: str, schema: str) -> str:
    """``url`` with every connection's ``search_path`` set to ``schema``."""
    return with_settings(url, search_path=schema)


def with_settings(url: str, **settings: str) -> str:
    """``url`` with server settings for every connection (asyncpg sends unknown URL
    parameters to the server, e.g. ``synchronous_commit=off``)."""
    parts = urlsplit(url)
    query = "&".join(q for q in (parts.query, urlencode(settings)) if q)
    return urlunsplit(parts._replace(query=query))


async def _sql(url: str, statement: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute(statement)
    finally:
        await conn.close()


def new_schema(url: str) -> tuple[str, str]:
    """A fresh, empty schema on the server at ``url``: (its name, a URL that uses it)."""
    name = f"t_{secrets.token_hex(6)}"
    asyncio.run(_sql(url, f"CREATE SCHEMA {name}"))
    return name, with_schema(url, name)


def drop_schema(url: str, name: str) -> None:
    asyncio.run(_sql(url, f"DROP SCHEMA IF EXISTS {name} CASCADE"))
