"""The examples of docs/python.md, run as doctests."""

from __future__ import annotations

import doctest
import re

from conftest import ROOT

DOCS = ROOT / "docs" / "python.md"


def test_the_examples_of_the_python_docs_hold() -> None:
    # The ```python blocks, one after another, as one doctest.
    blocks = re.findall(r"```python\n(.*?)```", DOCS.read_text(), flags=re.S)
    assert blocks
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(blocks), {}, "docs/python.md", str(DOCS), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    failed, tried = runner.summarize(verbose=False)
    assert tried > 20 and failed == 0
