"""The Python examples of docs/python.md and the README, run as doctests."""

from __future__ import annotations

import doctest
import re

import pytest

from conftest import ROOT


@pytest.mark.parametrize("page", ["docs/python.md", "README.md"])
def test_the_python_examples_of_the_docs_hold(page: str) -> None:
    # The page's ```python blocks, one after another, as one doctest.
    path = ROOT / page
    blocks = re.findall(r"```python\n(.*?)```", path.read_text(), flags=re.S)
    assert blocks
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(blocks), {}, page, str(path), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    failed, tried = runner.summarize(verbose=False)
    assert tried > 5 and failed == 0
