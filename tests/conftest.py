"""Fixtures every test folder may use: a throwaway PostgreSQL server (see tests/postgres.py)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.postgres import EXISTING, REQUIRE, Cluster, find_binaries


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL of a PostgreSQL server for this test session.

    Skips the PostgreSQL half of the tests where no server can be had, unless
    ``TIDEPOOL_REQUIRE_POSTGRES`` is set (CI sets it): then a missing server fails.
    """
    existing = os.environ.get(EXISTING)
    if existing:
        yield existing
        return
    binaries = find_binaries()
    if binaries is None:
        message = ("PostgreSQL is not installed (no initdb under /usr/lib/postgresql/*/bin or on "
                   f"PATH): its tests are skipped. Install it, or set {EXISTING}.")
        if os.environ.get(REQUIRE):
            pytest.fail(f"{message} ({REQUIRE} is set, so this is a failure.)", pytrace=False)
        pytest.skip(message)
    cluster = Cluster(binaries)
    try:
        cluster.start()
    except (RuntimeError, OSError) as exc:
        if os.environ.get(REQUIRE):
            raise
        pytest.skip(f"PostgreSQL could not be started here: {exc}")
    try:
        yield cluster.url
    finally:
        cluster.stop()
