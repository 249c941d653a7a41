"""The spec checker itself: it must accept good requests and name what is wrong in bad ones."""

from __future__ import annotations


from tests.discord_spec import load_spec

spec = load_spec()
assert spec is not None, "the vendored spec tests/data/discord-openapi.json.gz is missing"


def test_good_message_passes() -> None:
    body = {"content": "hi", "allowed_mentions": {"parse": [], "users": [123]},
            "attachments": [{"id": 0, "filename": "a.png", "description": "alt"}]}
    assert spec.check("POST", "/channels/1/messages", body) == []


def test_violations_name_the_path_and_the_problem() -> None:
    problems = spec.check("POST", "/channels/1/messages", {"content": "x" * 4001})
    assert len(problems) == 2  # the spec's 4000 and the documentation's 2000
    assert all("/channels/{channel_id}/messages" in p and "content" in p for p in problems)
    [documented] = spec.check("POST", "/channels/1/messages", {"content": "x" * 2001})
    assert "2000" in documented
    [bad_type] = spec.check("POST", "/channels/1/messages", {"content": 5})
    assert "content" in bad_type
    autocomplete = {"type": 8, "data": {"choices": [{"name": f"c{i}", "value": "v"} for i in range(26)]}}
    assert spec.check("POST", "/interactions/1/tok/callback", autocomplete)
    assert spec.check("POST", "/nowhere", {}) == ["POST /nowhere is not an operation of Discord's API"]


def test_literal_routes_win_over_placeholders() -> None:
    template, _ = spec.operation("POST", "/users/@me/channels")
    assert template == "/users/@me/channels"
