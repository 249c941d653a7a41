"""A throwaway PostgreSQL server for the tests: the code lives in :mod:`bot.db.cluster` (the
bench starts one too); this module keeps the names the tests import and the test settings.

``TIDEPOOL_TEST_DATABASE_URL`` points at an existing server instead of starting one.
"""

from __future__ import annotations

from bot.db.cluster import Cluster, drop_schema, find_binaries, free_port, new_schema, with_schema

__all__ = ["EXISTING", "REQUIRE", "Cluster", "drop_schema", "find_binaries", "free_port",
           "new_schema", "with_schema"]

#: Set (e.g. by .ci/run) to make a missing PostgreSQL a failure instead of a skip.
REQUIRE = "TIDEPOOL_REQUIRE_POSTGRES"
#: An existing server to use instead of starting one.
EXISTING = "TIDEPOOL_TEST_DATABASE_URL"
