"""Shared fixtures: a fresh session for each test, and the repository's root."""

from __future__ import annotations

from pathlib import Path

import pytest

import grundy

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def session() -> grundy.Session:
    return grundy.Session()
