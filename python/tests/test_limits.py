"""Limits set from Python read as `--limit` and `:set limit` read them: memory in units."""

from __future__ import annotations

import pytest

import grundy


def test_memory_is_set_in_the_units_the_advice_speaks() -> None:
    session = grundy.Session()
    for setting, expected in [("memory=2GiB", 2 << 30), ("memory=20MB", 20_000_000)]:
        session.set_limit(setting)
        assert dict(session.limits())["memory"] == expected
    with pytest.raises(ValueError, match="a count, not bytes"):
        session.set_limit("steps=2GiB")
