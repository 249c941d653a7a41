"""Fixtures every test folder may use: a throwaway PostgreSQL server (see tests/postgres.py),
and the ``slow`` mark that ``pytest -m "not slow"`` leaves out (see the README)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.postgres import EXISTING, REQUIRE, Cluster, find_binaries


def pytest_configure(config: pytest.Config) -> None:
    """With ``-n``, xdist's ``loadgroup`` instead of its ``load``: the same, except that tests
    marked with one ``xdist_group`` share a worker (each end-to-end module, so that it starts
    its shared bot process once)."""
    if getattr(config.option, "dist", None) == "load":
        config.option.dist = "loadgroup"


def postgres_required() -> bool:
    """Whether a missing PostgreSQL fails the tests: in CI (``CI`` set, as CI services do, or
    ``TIDEPOOL_REQUIRE_POSTGRES``, as ``.ci/run`` does) it must run; elsewhere its half of the
    tests is skipped."""
    return any(os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no")
               for name in (REQUIRE, "CI"))


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL of a PostgreSQL server for this test session (one per xdist worker)."""
    existing = os.environ.get(EXISTING)
    if existing:
        yield existing
        return
    binaries = find_binaries()
    cluster = Cluster(binaries) if binaries is not None else None
    problem = ("PostgreSQL is not installed (no initdb under /usr/lib/postgresql/*/bin or on PATH); "
               f"install it or set {EXISTING}") if cluster is None else None
    if cluster is not None:
        try:
            cluster.start()
        except (RuntimeError, OSError) as exc:
            problem = f"PostgreSQL could not be started here ({' '.join(str(exc).split())[:300]})"
    if problem is not None:
        if postgres_required():
            pytest.fail(f"{problem}, and this run needs it (CI or {REQUIRE} is set).", pytrace=False)
        pytest.skip(f"{problem}: its tests are skipped.")
    assert cluster is not None
    try:
        yield cluster.url
    finally:
        cluster.stop()


#: The PostgreSQL half of a test that runs on both backends: in the full suite, not in the
#: quick one (``-m "not slow"`` runs SQLite only).
ON_POSTGRES = pytest.param("postgres", marks=pytest.mark.slow)
