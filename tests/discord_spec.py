"""Check what the bot sends against Discord's official OpenAPI spec.

The spec is vendored, compressed, in ``tests/data/discord-openapi.json.gz`` (its source and
commit are noted in ``tests/data/README.md``); ``$DISCORD_API_SPEC`` may point at another copy
(plain JSON or ``.gz``). OpenAPI 3.1 schemas are JSON Schema 2020-12; ``$ref``s resolve against
the whole document.
"""

from __future__ import annotations

import gzip
import json
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import quote

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

REPO = Path(__file__).resolve().parents[1]
SPEC_URI = "urn:discord-openapi"
#: Message content limit in Discord's documentation (the spec allows 4000).
DOCUMENTED_CONTENT_LIMIT = 2000


VENDORED = REPO / "tests" / "data" / "discord-openapi.json.gz"


def spec_path() -> Path | None:
    for candidate in (os.environ.get("DISCORD_API_SPEC"), VENDORED):
        if candidate and Path(candidate).is_file():
            return Path(candidate)
    return None


def _stringify_ids(value: Any, key: str = "") -> Any:
    """discord.py sends some snowflakes as ints; Discord accepts them, the spec says strings."""
    if isinstance(value, dict):
        return {k: _stringify_ids(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_stringify_ids(v, key) for v in value]
    if isinstance(value, int) and not isinstance(value, bool) and (key == "id" or key.endswith("_id")
                                                                   or key in ("users", "roles")):
        return str(value)
    return value


class DiscordSpec:
    """Request-body validation for every operation of the spec."""

    def __init__(self, path: Path) -> None:
        raw = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
        self.document = json.loads(raw.decode("utf-8"))
        resource = Resource.from_contents(self.document, default_specification=DRAFT202012)
        self.registry = Registry().with_resource(SPEC_URI, resource)
        routes = []
        for template in self.document["paths"]:
            pattern = "^" + re.sub(r"\\\{\w+\\\}", "[^/]+", re.escape(template)) + "$"
            routes.append((template.count("{"), template, re.compile(pattern)))
        routes.sort()  # literal segments (like /users/@me) win over placeholders
        self.routes = routes
        #: Bodies already validated, with their verdict: the same deferral, edit or button row
        #: comes thousands of times in a test run, and a validation takes milliseconds.
        self._verdicts: dict[str, list[str]] = {}

    def operation(self, method: str, path: str) -> tuple[str, dict[str, Any]] | None:
        for _, template, pattern in self.routes:
            if pattern.match(path):
                op = self.document["paths"][template].get(method.lower())
                if op is not None:
                    return template, op
        return None

    @lru_cache(maxsize=256)
    def _validator(self, template: str, method: str, media: str) -> Draft202012Validator:
        pointer = "/".join(
            quote(part.replace("~", "~0").replace("/", "~1"), safe="~")
            for part in ("paths", template, method.lower(), "requestBody", "content", media, "schema")
        )
        return Draft202012Validator({"$ref": f"{SPEC_URI}#/{pointer}"}, registry=self.registry)

    def check(self, method: str, path: str, body: Any) -> list[str]:
        """Violations of the spec by this request (empty when it validates)."""
        found = self.operation(method, path)
        if found is None:
            return [f"{method} {path} is not an operation of Discord's API"]
        template, op = found
        content = op.get("requestBody", {}).get("content", {})
        if body is None:
            if op.get("requestBody", {}).get("required"):
                return [f"{method} {path}: a request body is required"]
            return []
        if "application/json" not in content:
            return [f"{method} {path}: this operation takes no JSON body"]
        found_errors = self._schema_errors(method, template, _stringify_ids(body))
        found_errors = [f"{method} {path} ({template}): {error}" for error in found_errors]
        # Where the prose documentation is stricter than the spec, the documentation wins.
        message = body.get("data") if isinstance(body, dict) and "type" in body else body
        content = message.get("content") if isinstance(message, dict) else None
        if isinstance(content, str) and len(content) > DOCUMENTED_CONTENT_LIMIT:
            found_errors.append(f"{method} {path} ({template}): content: longer than "
                                f"{DOCUMENTED_CONTENT_LIMIT} characters (Discord's documentation)")
        return found_errors


    def _schema_errors(self, method: str, template: str, body: Any) -> list[str]:
        key = json.dumps([method, template, body], sort_keys=True)
        found = self._verdicts.get(key)
        if found is None:
            validator = self._validator(template, method, "application/json")
            errors = sorted(validator.iter_errors(body), key=lambda e: list(e.path))
            found = [f"{'/'.join(map(str, e.path)) or '<body>'}: {e.message[:300]}" for e in errors]
            if len(self._verdicts) > 20_000:
                self._verdicts.clear()
            self._verdicts[key] = found
        return list(found)


@lru_cache(maxsize=1)
def load_spec() -> DiscordSpec | None:
    path = spec_path()
    return DiscordSpec(path) if path else None
