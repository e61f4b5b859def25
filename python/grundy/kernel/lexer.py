"""Syntax colours for grundy cells in nbconvert's HTML and wherever Pygments is used
(registered as the Pygments lexer `grundy`)."""

from __future__ import annotations

from pygments.lexer import RegexLexer, words  # type: ignore[import-untyped]
from pygments.token import (  # type: ignore[import-untyped]
    Comment,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Text,
)

# The REPL's keywords (src/repl/helper.rs), coloured as it colours them.
KEYWORDS = (
    "let", "assert", "if", "then", "else", "for", "in", "is", "and", "or", "not", "losing",
    "winning", "why", "moves", "options", "tree", "dot", "plot", "to", "full", "all", "true",
    "false", "misere", "normal",
)  # fmt: skip


class GrundyLexer(RegexLexer):
    name = "grundy"
    aliases = ["grundy"]
    filenames = ["*.game"]
    mimetypes = ["text/x-grundy"]

    tokens = {  # noqa: RUF012 (Pygments reads it as a class attribute)
        "root": [
            (r"//.*?$", Comment.Single),
            (r"^\s*:[a-z]+", Keyword.Pseudo),
            (words(KEYWORDS, suffix=r"\b"), Keyword),
            (r'"[^"\n]*"', String),
            (r"[*#]\d+", Number),
            (r"\d+", Number),
            (r"[A-Za-z_][A-Za-z0-9_]*", Name),
            (r"==|!=|<=|>=|\.\.=|\.\.|\*\*|[-+*^&|%/<>=!:]", Operator),
            (r"[(){}\[\],;]", Punctuation),
            (r"\s+", Text),
            (r".", Text),
        ]
    }
