"""The end of a test run says loudly what did not run, and why (conftest.py): the browser
test skipped for want of Chromium was one quiet "1 skipped"."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def test_what_was_skipped_is_named_with_its_reason(tmp_path: Path) -> None:
    test = tmp_path / "test_skipping.py"
    test.write_text(
        "import pytest\n\n\n"
        "@pytest.mark.skip(reason='no Chromium on PATH')\n"
        "def test_in_a_browser():\n"
        "    pass\n"
    )
    # This folder's conftest as a plugin: its summary hook, in a run of that file alone.
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "conftest", str(test)],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(HERE)},
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 NOT RUN" in run.stdout, run.stdout
    assert "NOT RUN: test_skipping.py::test_in_a_browser: no Chromium on PATH" in run.stdout
