"""Settings from the environment and .env, and the clear no-token exit of ``python -m bot``."""

from __future__ import annotations

import asyncio

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.runtime.config import DEFAULT_DATABASE, NO_TOKEN, ConfigError, load_settings, read_env_file
from tests.waiting import PATIENCE

REPO = Path(__file__).resolve().parents[2]


def test_defaults() -> None:
    s = load_settings({}, env_file=None)
    assert s.token is None and s.guild_id is None and s.log_level == "INFO"
    assert str(s.database_path) == DEFAULT_DATABASE and s.api_base is None and s.gateway_url is None


def test_env_file_is_a_fallback(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text(
        "# comment\n\nDISCORD_TOKEN='from-file'\nexport LOG_LEVEL=debug  # inline comment\n"
        "DATABASE_PATH=\"/tmp/x y.sqlite3\"\nDISCORD_GUILD_ID=123\n",
        encoding="utf-8",
    )
    s = load_settings({"DISCORD_TOKEN": "from-env"}, env_file=env)
    assert s.token == "from-env"  # the environment wins
    assert s.log_level == "DEBUG" and str(s.database_path) == "/tmp/x y.sqlite3" and s.guild_id == 123
    assert read_env_file(tmp_path / "missing") == {}


def test_warm_up_is_on_unless_turned_off() -> None:
    assert load_settings({}, env_file=None).warm_up
    assert load_settings({"WARM_UP": "TRUE"}, env_file=None).warm_up
    assert not load_settings({"WARM_UP": "false"}, env_file=None).warm_up
    assert not load_settings({"WARM_UP": "0"}, env_file=None).warm_up


def test_endpoint_overrides() -> None:
    s = load_settings({"DISCORD_API_BASE": "http://127.0.0.1:8080/",
                       "DISCORD_GATEWAY_URL": "ws://127.0.0.1:8080/gateway"}, env_file=None)
    assert s.api_base == "http://127.0.0.1:8080/api/v10"
    assert s.gateway_url == "ws://127.0.0.1:8080/gateway"
    s = load_settings({"DISCORD_API_BASE": "https://proxy.example/api/v10"}, env_file=None)
    assert s.api_base == "https://proxy.example/api/v10"


SECRETISH = "MTA5ODc2NTQzMjE.GhIjKl.s3cr3t-Value_zz"


@pytest.mark.parametrize("env, word", [
    ({"DISCORD_GUILD_ID": SECRETISH}, "DISCORD_GUILD_ID"),
    ({"LOG_LEVEL": SECRETISH}, "LOG_LEVEL"),
    ({"DISCORD_API_BASE": "ftp://" + SECRETISH}, "DISCORD_API_BASE"),
    ({"DISCORD_GATEWAY_URL": "http://" + SECRETISH}, "DISCORD_GATEWAY_URL"),
    ({"WARM_UP": SECRETISH}, "WARM_UP"),
])
def test_bad_values_name_the_setting_not_the_value(env: dict[str, str], word: str) -> None:
    with pytest.raises(ConfigError, match=word) as caught:
        load_settings(env, env_file=None)
    assert "s3cr3t" not in str(caught.value).lower() and "ghijkl" not in str(caught.value).lower()


def test_bad_log_level_lists_the_allowed_ones() -> None:
    with pytest.raises(ConfigError, match="DEBUG, INFO, WARNING, ERROR, CRITICAL"):
        load_settings({"LOG_LEVEL": "loud"}, env_file=None)


def test_bad_env_file_line(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("JUST_A_WORD\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=":1:"):
        load_settings({}, env_file=env)


@pytest.mark.parametrize("line, named", [
    (f"DISCORD_TOKEN {SECRETISH}", "DISCORD_TOKEN"),  # a space instead of '='
    (f"DISCORD_TOKEN: {SECRETISH}", "DISCORD_TOKEN"),
    (SECRETISH, None),  # the token pasted alone: the line is all secret, name nothing
    (f"={SECRETISH}", None),
])
def test_malformed_env_line_names_line_and_key_only(tmp_path: Path, line: str, named: str | None) -> None:
    env = tmp_path / ".env"
    env.write_text(f"# settings\nLOG_LEVEL=INFO\n{line}\n", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_settings({}, env_file=env)
    message = str(caught.value)
    assert ":3:" in message and SECRETISH not in message
    assert all(part not in message for part in SECRETISH.split("."))
    assert (named in message) if named else ("(for" not in message)


def test_env_file_that_is_not_text(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_bytes(b"DISCORD_TOKEN=\xff\xfe" + SECRETISH.encode() + b"\n")
    with pytest.raises(ConfigError, match="UTF-8") as caught:
        load_settings({}, env_file=env)
    assert "s3cr3t" not in str(caught.value)


def _run_bot(tmp_path: Path, *args: str, **extra: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    env["PYTHONPATH"] = str(REPO)
    env.update(extra)
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=PATIENCE)


def test_no_token_exits_with_one_clear_sentence(tmp_path: Path) -> None:
    done = _run_bot(tmp_path)  # no .env in tmp_path, no token in the environment
    assert done.returncode == 2
    assert done.stderr.strip() == NO_TOKEN
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_bad_setting_exits_cleanly(tmp_path: Path) -> None:
    done = _run_bot(tmp_path, DISCORD_TOKEN="x", LOG_LEVEL="shouty")
    assert done.returncode == 2 and "LOG_LEVEL" in done.stderr and "Traceback" not in done.stderr


def test_malformed_env_line_never_reaches_stderr(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text(f"LOG_LEVEL=INFO\nDISCORD_TOKEN {SECRETISH}\n", encoding="utf-8")
    done = _run_bot(tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert ":2:" in done.stderr and "DISCORD_TOKEN" in done.stderr
    for part in SECRETISH.split("."):
        assert part not in done.stderr and part not in done.stdout


def test_bad_guild_id_in_env_file_never_reaches_stderr(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text(f"DISCORD_GUILD_ID={SECRETISH}\n", encoding="utf-8")
    done = _run_bot(tmp_path, DISCORD_TOKEN=SECRETISH)
    assert done.returncode == 2 and "DISCORD_GUILD_ID" in done.stderr
    assert "s3cr3t" not in done.stderr and "Traceback" not in done.stderr


def test_help(tmp_path: Path) -> None:
    done = _run_bot(tmp_path, "--help")
    assert done.returncode == 0 and "console" in done.stdout


def test_database_url_wins_and_is_never_echoed() -> None:
    plain = load_settings({"DATABASE_PATH": "/srv/games.sqlite3"}, env_file=None)
    assert plain.database == "sqlite:////srv/games.sqlite3"
    url = "postgresql://bot:hunter2@db:5432/tidepool"
    s = load_settings({"DATABASE_PATH": "/srv/games.sqlite3", "DATABASE_URL": url}, env_file=None)
    assert s.database == url
    with pytest.raises(ConfigError) as err:
        load_settings({"DATABASE_URL": "mysql://bot:hunter2@db/tidepool"}, env_file=None)
    assert "DATABASE_URL" in str(err.value) and "hunter2" not in str(err.value)


@pytest.mark.parametrize("url, says", [
    ("postgresql://bot:hunter2@h:notaport/db", "port must be a number"),
    ("postgresql://bot:hunter2@h:99999/db", "port must be a number"),
    ("postgresql://bot:hunter2@[::1:1/db", "IPv6 host"),
])
def test_a_malformed_postgres_url_is_one_sentence(tmp_path: Path, url: str, says: str) -> None:
    with pytest.raises(ConfigError, match=says) as err:
        load_settings({"DATABASE_URL": url}, env_file=None)
    assert "hunter2" not in str(err.value)
    done = _run_bot(tmp_path, DISCORD_TOKEN="x", DATABASE_URL=url)
    assert done.returncode != 0 and says in done.stderr
    assert "Traceback" not in done.stderr and "hunter2" not in done.stderr
    # Where a URL is not checked as a setting (python -m bot db copy), it is the same sentence.
    from bot.db import DatabaseError, open_database
    with pytest.raises(DatabaseError, match=says):
        asyncio.run(open_database(url))
    # Several hosts, as libpq allows, are fine.
    assert load_settings({"DATABASE_URL": "postgresql://u@h1:5432,h2:5433/db"}, env_file=None)


def test_every_setting_is_documented() -> None:
    """``.env.example`` and the README's table name every setting the bot reads."""
    from bot.runtime.config import KEYS

    example = (REPO / ".env.example").read_text(encoding="utf-8")
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    for key in KEYS:
        assert f"\n{key}=" in example, key
        assert f"| `{key}` |" in readme, key


def test_outbox_retention_is_a_duration_or_off() -> None:
    assert load_settings({}, env_file=None).outbox_retention == 7 * 86400
    assert load_settings({"OUTBOX_RETENTION": "3d"}, env_file=None).outbox_retention == 3 * 86400
    assert load_settings({"OUTBOX_RETENTION": "off"}, env_file=None).outbox_retention is None
    for bad in ("soon", "1s", "90d"):
        with pytest.raises(ConfigError, match="OUTBOX_RETENTION"):
            load_settings({"OUTBOX_RETENTION": bad}, env_file=None)
