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
# The extension is built (maturin, through pip) with cargo's dev profile, the one `cargo test`
# builds grundy with (Cargo.toml), so grundy is not compiled again (a release build: minutes).
MATURIN_PEP517_ARGS="--profile dev" \
    .venv/bin/pip install --quiet --disable-pip-version-check ".[test]"
.venv/bin/python -m pytest -q python/tests "$@"
