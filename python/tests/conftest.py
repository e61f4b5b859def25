"""Shared fixtures: a fresh session for each test, the repository's root; for the kernel,
notebook and browser tests, the kernel registered where only these tests see it, and the
example notebook run once through it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import grundy

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "examples" / "course.ipynb"


@pytest.fixture
def session() -> grundy.Session:
    return grundy.Session()


# `dot` answers with a picture once the in-process layout (issue 23, h23-pics) gives
# `Output.svg`; until then the tests of DAG pictures say so and skip.
needs_dag_pictures = pytest.mark.skipif(
    grundy.Session().run("dot *1")[0].svg is None,
    reason="`dot` has no picture yet (Output.svg of dot comes with the in-process layout)",
)

# A computation that runs for minutes unless stopped (10^9 steps, little memory).
LONG = "count(a ^ b ^ c == 7 for a in 0..1000 for b in 0..1000 for c in 0..1000)"


@pytest.fixture(scope="session")
def kernel_spec(tmp_path_factory: pytest.TempPathFactory):
    """Installs the kernelspec with `python -m grundy.kernel install --prefix` into a folder
    of the tests', and points Jupyter there: the user's own kernels are left alone."""
    prefix = tmp_path_factory.mktemp("jupyter-prefix")
    subprocess.run(
        [sys.executable, "-m", "grundy.kernel", "install", "--prefix", str(prefix)],
        check=True,
        capture_output=True,
        text=True,
    )
    saved = os.environ.get("JUPYTER_PATH")
    os.environ["JUPYTER_PATH"] = str(prefix / "share" / "jupyter")
    yield prefix / "share" / "jupyter" / "kernels" / "grundy"
    if saved is None:
        del os.environ["JUPYTER_PATH"]
    else:
        os.environ["JUPYTER_PATH"] = saved


@pytest.fixture(scope="session")
def executed_notebook(kernel_spec, tmp_path_factory: pytest.TempPathFactory):
    """examples/course.ipynb run top to bottom by nbclient in the grundy kernel, and its path
    once written with its outputs (for nbconvert and the browser)."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(NOTEBOOK, as_version=4)
    # Cells tagged raises-exception are meant to fail; any other failure fails the run.
    NotebookClient(notebook, timeout=300, kernel_name="grundy", resources={}).execute()
    path = tmp_path_factory.mktemp("executed") / "course.ipynb"
    nbformat.write(notebook, path)
    return notebook, path


def pytest_terminal_summary(terminalreporter) -> None:
    """Says loudly what did not run, and why (the browser test without Chromium): a line
    "1 skipped" is easy to miss."""
    skipped = terminalreporter.stats.get("skipped", [])
    if not skipped:
        return
    terminalreporter.write_sep("!", f"{len(skipped)} NOT RUN", red=True, bold=True)
    for report in skipped:
        where, reason = report.nodeid, ""
        if isinstance(report.longrepr, tuple):
            path, _, reason = report.longrepr
            where = where or path
        reason = reason.removeprefix("Skipped: ")
        terminalreporter.write_line(f"NOT RUN: {where}: {reason}", red=True, bold=True)
