"""A cell's `:commands` (`:help kayles`, `:vars`, `:set limit steps=1000`, `:clear`), told
apart from its statements line by line, as at the REPL's prompt."""

from __future__ import annotations

from dataclasses import dataclass

# The REPL's commands (src/repl/commands.rs); each may be shortened to a unique prefix.
COMMANDS = ["help", "load", "reload", "vars", "type", "set", "clear", "quit"]


@dataclass
class Command:
    typed: str  # the name as typed: `v`
    name: str | None  # the command it stands for: `vars`, or None if none or several
    argument: str


def expand(name: str) -> str | None:
    """The command a (possibly shortened) name stands for: `:v` is `:vars`."""
    if name in COMMANDS:
        return name
    matches = [c for c in COMMANDS if c.startswith(name)]
    return matches[0] if name and len(matches) == 1 else None


def parse(line: str) -> Command:
    typed, _, argument = line.strip()[1:].partition(" ")
    return Command(typed, expand(typed), argument.strip())


def pieces(cell: str) -> list[Command | str]:
    """The cell in order: each `:command` line, and the statements between them. Statements
    keep their line numbers (blank lines stand for what came before), so a diagnostic names
    the line of the cell it is on."""
    out: list[Command | str] = []
    lines = cell.split("\n")
    chunk: list[str] = []
    first = 0
    for number, line in enumerate(lines):
        if line.lstrip().startswith(":"):
            if any(text.strip() for text in chunk):
                out.append("\n" * first + "\n".join(chunk))
            out.append(parse(line))
            chunk, first = [], number + 1
        else:
            chunk.append(line)
    if any(text.strip() for text in chunk):
        out.append("\n" * first + "\n".join(chunk))
    return out
