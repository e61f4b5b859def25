"""grundy from Python: impartial combinatorial games, their values and proofs.

    >>> import grundy
    >>> grundy.eval("*5 + #7")
    *5 + #7
    >>> s = grundy.Session()
    >>> s.run("let G = <*0, *1>")
    [<Output answer: ''>]
    >>> s["G"].nimber
    2

See docs/python.md for the whole API.
"""

from __future__ import annotations

from typing import Any

from ._grundy import (
    Explanation,
    Game,
    Grid,
    GrundyError,
    Infinity,
    Output,
    Period,
    Plot,
    Session,
    Survey,
    Table,
    __version__,
    completions,
    help,
    read_survey_file,
    survey_job,
    write_survey_record,
)
from ._survey import survey

__all__ = [
    "Explanation",
    "Game",
    "Grid",
    "GrundyError",
    "Infinity",
    "Output",
    "Period",
    "Plot",
    "Session",
    "Survey",
    "Table",
    "__version__",
    "completions",
    "default_session",
    "eval",
    "game",
    "help",
    "nim",
    "read_survey_file",
    "survey",
    "survey_job",
    "write_survey_record",
]

_default: Session | None = None


def default_session() -> Session:
    """The module's own session, which `nim` and `game` make their games in."""
    global _default
    if _default is None:
        _default = Session()
    return _default


def eval(text: str) -> Any:
    """The value of the last statement of `text`, run in a fresh session."""
    return Session().eval(text)


def nim(n: int) -> Game:
    """The nim heap `*n`, in the module's default session."""
    return default_session().nim(n)


def game(text: str) -> Game:
    """A game written in grundy (`grundy.game("kayles(7)")`), in the default session."""
    return default_session().game(text)
