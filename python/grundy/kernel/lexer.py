"""Syntax colours for grundy cells in nbconvert's HTML and wherever Pygments is used
(registered as the Pygments lexer `grundy`)."""

from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups, words  # type: ignore[import-untyped]
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
    "winning", "draw", "why", "moves", "options", "tree", "dot", "plot", "to", "full", "all",
    "true", "false", "misere", "normal", "where", "loopy",
)  # fmt: skip

# The kinds `x is list` tests, coloured as keywords right after `is` (elsewhere they are names).
KINDS = (
    "int", "bool", "string", "list", "set", "map", "range", "game", "family", "function", "graph",
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
            (r"\b(is)(\s+)(" + "|".join(KINDS) + r")\b", bygroups(Keyword, Text, Keyword)),
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
