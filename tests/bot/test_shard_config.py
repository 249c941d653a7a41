"""SHARD_COUNT, SHARD_IDS and SYNC_COMMANDS: what a process of a sharded bot runs and does."""

from __future__ import annotations

import pytest

from bot.runtime.config import ConfigError, load_settings

SECRETISH = "MTA5ODc2NTQzMjE.GhIjKl.s3cr3t-Value_zz"


def test_without_shard_settings_one_process_runs_every_shard_and_syncs() -> None:
    s = load_settings({}, env_file=None)
    assert s.shard_count is None and s.shard_ids is None and s.sync_commands
    assert s.shard_label == "all"


def test_shard_ids_of_a_count() -> None:
    s = load_settings({"SHARD_COUNT": "4", "SHARD_IDS": " 2, 0 "}, env_file=None)
    assert s.shard_count == 4 and s.shard_ids == (2, 0) and s.shard_label == "2,0"
    assert s.sync_commands  # it holds shard 0


def test_a_count_alone_runs_all_of_them() -> None:
    s = load_settings({"SHARD_COUNT": "3"}, env_file=None)
    assert s.shard_count == 3 and s.shard_ids is None and s.sync_commands and s.shard_label == "all"


def test_only_the_process_with_shard_0_syncs_unless_told() -> None:
    other = {"SHARD_COUNT": "2", "SHARD_IDS": "1"}
    assert not load_settings(other, env_file=None).sync_commands
    assert load_settings({**other, "SYNC_COMMANDS": "true"}, env_file=None).sync_commands
    assert not load_settings({"SYNC_COMMANDS": "False"}, env_file=None).sync_commands
    assert not load_settings({"SHARD_COUNT": "2", "SHARD_IDS": "0", "SYNC_COMMANDS": "no"},
                             env_file=None).sync_commands


@pytest.mark.parametrize("env, words", [
    ({"SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
    ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be"),
    ({"SHARD_COUNT": "-2"}, "SHARD_COUNT must be"),
    ({"SHARD_COUNT": SECRETISH}, "SHARD_COUNT must be"),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "0,2"}, "from 0 to 1"),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "0,,1"}, "SHARD_IDS must be shard numbers"),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "-1"}, "SHARD_IDS must be shard numbers"),
    ({"SHARD_COUNT": "2", "SHARD_IDS": SECRETISH}, "SHARD_IDS must be shard numbers"),
    ({"SHARD_COUNT": "3", "SHARD_IDS": "1,1"}, "SHARD_IDS lists a shard twice"),
    ({"SYNC_COMMANDS": SECRETISH}, "SYNC_COMMANDS must be true or false"),
])
def test_bad_shard_settings_name_the_setting_not_the_value(env: dict[str, str], words: str) -> None:
    with pytest.raises(ConfigError, match=words) as caught:
        load_settings(env, env_file=None)
    assert "s3cr3t" not in str(caught.value).lower() and "ghijkl" not in str(caught.value).lower()
