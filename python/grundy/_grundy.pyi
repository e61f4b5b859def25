"""Type stubs of grundy's compiled module (python/src/)."""

from __future__ import annotations

import os

from typing import Any, Iterable, Literal, Optional, Sequence, TypedDict, Union, final

__version__: str
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
    "help",
    "completions",
    "survey_job",
    "read_survey_file",
    "write_survey_record",
    "_survey_plan",
    "_survey_cores",
    "__version__",
]

class _ProofStep(TypedDict):
    """A step of a proof: what it says, the rule it cites, lines shown under it, and the
    steps it rests on."""

    text: str
    rule: Optional[str]
    detail: list[str]
    because: list[_ProofStep]

class GrundyError(Exception):
    """A diagnostic of grundy: `str(e)` is the report as the command line prints it."""

    rendered: str
    ansi: str
    message: str
    help: Optional[str]
    code: Optional[str]
    span: Optional[tuple[int, int]]
    line: Optional[int]
    column: Optional[int]
    source: Optional[str]
    file: Optional[str]
    outputs: list[Output]

# What grundy arguments may be (family arguments, the n of `seq`).
_Argument = Union[int, bool, str, range, Sequence[Any], set[Any], frozenset[Any], "Game"]

@final
class Session:
    """A grundy session: definitions, the game DAG and limits, kept from one run to the next.

    `Session(steps=10**6, memory=10**9)` sets limits by the names `--limit` uses: depth,
    steps, nodes, heap, options, memory, search, source.
    """

    def __new__(cls, **limits: int) -> Session: ...
    def run(self, text: str, check: bool = True, file: str = "<python>") -> list[Output]:
        """Runs statements as the REPL does: one Output per answer, error and warning. With
        `check`, the first error is raised as GrundyError once the run is over. `file` names
        the program in diagnostics."""
    def type_of(self, text: str) -> str:
        """What `:type` says: the kind of value an expression has."""
    fold_depth: int
    """Levels of a proof `why` shows (`:set depth`)."""
    fold_lines: int
    """Lines of a proof before deeper steps are folded (`:set lines`)."""
    play: str
    """The play convention, "normal" or "misere" (`:set play`); ValueError for another."""
    def eval(self, text: str) -> Any:
        """The Python value of the last statement's answer."""
    def game(self, text: str) -> Game:
        """A game written in grundy: `s.game("kayles(7) + *2")`."""
    def nim(self, n: int) -> Game:
        """The nim heap `*n`."""
    def __getitem__(self, name: str, /) -> Any: ...
    def __contains__(self, name: str, /) -> bool: ...
    def names(self) -> list[str]: ...
    def variables(self) -> list[str]:
        """What `:vars` prints, one line per definition."""
    def set_limit(self, setting: str) -> None:
        """`s.set_limit("steps=1000")`; ValueError if it is not a limit."""
    def limits(self) -> list[tuple[str, int]]: ...
    def clear(self) -> None:
        """Forgets every definition and game (games taken before are gone)."""
    def seq(
        self, family: str, ns: _Argument, *args: _Argument
    ) -> list[Union[int, Infinity]]:
        """Grundy values of `family(*args)` at each n: `s.seq("kayles", range(100))`,
        `s.seq("octal", range(50), "0.07")`; a loopy family's games worth ∞ as Infinity."""
    def period(self, family: str, *args: _Argument) -> Optional[Period]:
        """The proved period of a subtraction or octal game, or None if none was found.

        Raises GrundyError for a family grundy proves no periods of (one of your own)."""
    def plot(self, family: str, ns: _Argument, *args: _Argument) -> Plot:
        """The family's values drawn: `s.plot("kayles", range(500))`."""

@final
class Output:
    """What one statement printed."""

    @property
    def kind(self) -> Literal["answer", "error", "warning"]: ...
    @property
    def text(self) -> str: ...
    @property
    def ansi(self) -> str: ...
    @property
    def svg(self) -> Optional[str]: ...
    @property
    def json(self) -> dict[str, Any]: ...
    @property
    def value(self) -> Any: ...
    @property
    def line(self) -> Optional[int]: ...
    @property
    def source(self) -> Optional[str]: ...
    def _repr_svg_(self) -> Optional[str]: ...
    def _repr_html_(self) -> Optional[str]: ...

@final
class Infinity:
    """The value of a game that can go on for ever, ∞K: no nimber; `k` the finite values
    among its options. `Infinity({0, 2})` is ∞{0,2}."""

    def __new__(cls, k: Iterable[int]) -> Infinity: ...
    @property
    def k(self) -> frozenset[int]: ...
    @property
    def outcome(self) -> Literal["winning", "draw"]:
        """"winning" when 0 is in K (move to a 0), else "draw"."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Game:
    """A game of a session's DAG. `g + h` is the sum, `g == h` equivalence (equal nimbers, or
    equal values ∞K for games that can go on for ever). A game of another session takes part
    as the nim heap of its nimber."""

    @property
    def nimber(self) -> int:
        """The nimber; ValueError for a game worth ∞, which has none."""
    @property
    def value(self) -> Union[int, Infinity]:
        """The generalized Sprague–Grundy value: the nimber, or Infinity for a loopy game."""
    @property
    def outcome(self) -> Literal["winning", "losing", "draw"]: ...
    @property
    def is_winning(self) -> bool: ...
    @property
    def is_losing(self) -> bool: ...
    @property
    def is_draw(self) -> bool: ...
    @property
    def session(self) -> Session: ...
    def options(self) -> list[Game]: ...
    def moves(self) -> list[Game]:
        """The winning moves: options that are losing for the player then to move."""
    def why(
        self, other: Optional[Game] = None, full: bool = False, misere: bool = False
    ) -> Explanation: ...
    def explain_moves(self, all: bool = False, misere: bool = False) -> Explanation: ...
    def tree(self, misere: bool = False) -> Explanation: ...
    @property
    def misere_outcome(self) -> Literal["winning", "losing"]:
        """The outcome in misère play, where the last move loses."""
    def misere_moves(self) -> list[Game]:
        """The winning moves in misère play: options that are misère P-positions."""
    @property
    def genus(self) -> str:
        """Conway's genus, as `genus(G)` writes it: "0^120"."""
    def simplest(self) -> Game:
        """The misère simplest form: the simplest game equal to this one in misère play."""
    def dot(self) -> str: ...
    def svg(self) -> str: ...
    def __add__(self, other: Game, /) -> Game: ...
    def __radd__(self, other: Literal[0], /) -> Game: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def _repr_html_(self) -> str: ...
    def _repr_svg_(self) -> Optional[str]: ...

@final
class Explanation:
    """What `why`, `moves`, `options`, `tree` and `dot` print."""

    @property
    def kind(self) -> Literal["why", "moves", "options", "tree", "dot"]: ...
    @property
    def text(self) -> str: ...
    @property
    def headline(self) -> Optional[str]: ...
    @property
    def holds(self) -> Optional[bool]: ...
    @property
    def steps(self) -> Union[list[_ProofStep], list[str]]: ...
    def _repr_html_(self) -> str: ...
    def _repr_svg_(self) -> Optional[str]: ...

@final
class Table:
    """What `seq` computes: a sequence of `(n, value)`."""

    @property
    def family(self) -> str: ...
    @property
    def values(self) -> list[Union[int, Infinity]]: ...
    @property
    def ns(self) -> list[int]: ...
    @property
    def period(self) -> Optional[tuple[int, int]]: ...
    def __len__(self) -> int: ...
    def __getitem__(self, index: int, /) -> tuple[int, Union[int, Infinity]]: ...
    def _repr_html_(self) -> str: ...

@final
class Grid:
    """What `seq(F, rows, columns)` computes: F(x, y) for each row x and column y."""

    @property
    def family(self) -> str: ...
    @property
    def rows(self) -> list[int]: ...
    @property
    def columns(self) -> list[int]: ...
    @property
    def values(self) -> list[list[Union[int, Infinity]]]: ...
    def at(self, x: int, y: int) -> Union[int, Infinity]: ...
    def __len__(self) -> int: ...
    def __getitem__(self, index: int, /) -> list[Union[int, Infinity]]: ...
    def _repr_html_(self) -> str: ...

@final
class Period:
    """A proved period: values repeat with period `length` from `preperiod` on."""

    @property
    def family(self) -> str: ...
    @property
    def preperiod(self) -> Optional[int]: ...
    @property
    def length(self) -> Optional[int]: ...
    @property
    def computed(self) -> int: ...
    def _repr_html_(self) -> str: ...

@final
class Plot:
    """A family's values drawn as SVG."""

    @property
    def family(self) -> str: ...
    @property
    def svg(self) -> str: ...
    @property
    def file(self) -> Optional[str]: ...
    def save(self, path: str) -> None: ...
    def _repr_svg_(self) -> str: ...

class _SurveyRecord(TypedDict):
    """A game of a survey, with the fields `--json` gives it (docs/json.md): `status` is
    "periodic" (with `preperiod`, `period`, `checked_to`), "open" (`longest_period`,
    `stopped`), "values only" (`stopped`) or "mismatch" (`mismatch_at`); the others null."""

    game: str
    to: int
    status: Literal["periodic", "open", "values only", "mismatch"]
    preperiod: Optional[int]
    period: Optional[int]
    checked_to: Optional[int]
    longest_period: Optional[int]
    stopped: Optional[Literal["bound", "work", "memory", "large value", "cancelled"]]
    mismatch_at: Optional[int]
    computed: int
    largest: int
    engine: str
    rare: Optional[int]
    rechecked: int
    seconds: float
    bytes: int

@final
class Survey:
    """A survey of heap games: a record per game, in the order asked. `str()` is the table
    as `full survey(...)` prints it."""

    def __new__(
        cls,
        asked: str,
        to: int,
        records: Sequence[_SurveyRecord],
        resumed: int = 0,
        missing: int = 0,
        file: Optional[str] = None,
        threads: int = 1,
        seconds: float = 0.0,
    ) -> Survey: ...
    @property
    def asked(self) -> str: ...
    @property
    def to(self) -> int: ...
    @property
    def records(self) -> list[_SurveyRecord]: ...
    @property
    def resumed(self) -> int: ...
    @property
    def missing(self) -> int: ...
    @property
    def file(self) -> Optional[str]: ...
    @property
    def threads(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    def __len__(self) -> int: ...
    def _repr_html_(self) -> str: ...

def survey_job(code: str, to: int, bytes: int, work: int) -> _SurveyRecord:
    """One game of a survey, computed to g(to) or until its period is proved, its tables
    within `bytes`, looking at `work` pairs of heaps at most: its record. Releases the GIL;
    Ctrl-C stops it."""

def read_survey_file(path: Union[str, "os.PathLike[str]"]) -> list[_SurveyRecord]:
    """The records of a survey's file (none if it does not exist), but those Ctrl-C cut
    short."""

def write_survey_record(
    path: Union[str, "os.PathLike[str]"], record: _SurveyRecord
) -> None:
    """Appends a record to a survey's file, the header first in a new file."""

def _survey_plan(
    games: Union[str, Iterable[str]], to: int, limits: Optional[dict[str, Any]] = None
) -> tuple[list[str], str, int, int]: ...
def _survey_cores() -> int: ...
def help(topic: Optional[str] = None) -> str:
    """The text of `:help`, or `:help topic`; GrundyError for an unknown topic."""

def completions(word: str, names: list[str]) -> list[str]:
    """What Tab completes `word` to, as at the REPL: `names`, built-ins, library families,
    keywords, and `:commands` after a `:`."""
