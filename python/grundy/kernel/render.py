"""What an answer looks like in a notebook: the Jupyter mime bundle of one `grundy.Output`."""

from __future__ import annotations

import re
from typing import Any

_ANSI = re.compile(r"\x1b\[[0-9;]*m")

# Answers shown as the module's HTML beside their text: a proof folded in `<details>`.
HTML_KINDS = ("why",)


def strip_ansi(text: str) -> str:
    return _ANSI.sub("", text)


def shows(out: Any) -> bool:
    """Whether an answer shows anything: a `let` or an assert that held does not."""
    return bool(out.text.strip()) or out.svg is not None


def answer_bundle(out: Any) -> dict[str, str]:
    """Always the REPL's text (what a terminal or a text-only viewer shows); the picture of a
    plot or a DAG; the folded HTML of a proof."""
    bundle = {"text/plain": out.text.rstrip("\n")}
    if out.svg is not None:
        bundle["image/svg+xml"] = out.svg
    if (out.json or {}).get("kind") in HTML_KINDS:
        html = out._repr_html_()
        if html:
            bundle["text/html"] = html
    return bundle
