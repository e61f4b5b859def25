#!/usr/bin/env bash
# The Python module's tests: builds and installs `grundy` with its test extras into .venv at
# the repository's top (made if missing), then runs pytest on python/tests. Arguments go to
# pytest: `bash python/test.sh -k interrupt`.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$python" -m venv .venv || {
        echo "error: can't make a virtual environment with $python" >&2
        echo "  help: install Python's venv module (Debian: apt-get install python3-venv)" >&2
        exit 2
    }
fi
# pip fetches maturin (to build) and the test packages from PyPI, as pyproject.toml names them.
# The extension is built (maturin, through pip) with cargo's dev profile and the features
# `cargo test` builds grundy with (Cargo.toml, tests/setup.rs), in the same target/: after
# `cargo test`, grundy is not compiled again (a release build: minutes).
echo "python/test.sh: building the extension and fetching the test packages from PyPI" >&2
MATURIN_PEP517_ARGS="--profile dev" \
    .venv/bin/pip install --quiet --disable-pip-version-check ".[test]"
# What was skipped is said at the end, loudly (conftest.py): the browser test needs Chromium.
.venv/bin/python -m pytest -q python/tests "$@"
