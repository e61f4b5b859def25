"""The grundy kernel: ipykernel's wrapper-kernel base with a `grundy.Session` behind it.

A cell runs as the REPL runs what is typed: its statements answer in order, definitions last
for the notebook, `:commands` are understood. Answers are text (a stream, like the REPL's
lines), the last one the cell's result; pictures (`plot`, `dot`) are SVG; a proof (`why`) is
folded HTML; a diagnostic is the cell's error, rendered as the CLI renders it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ipykernel.kernelbase import Kernel

import grundy

from . import commands
from .render import answer_bundle, shows

# Where a word to complete starts: names and `:commands`.
_WORD = re.compile(r":?[A-Za-z_][A-Za-z0-9_]*$|:$")
_SWITCH = {
    "on": True,
    "true": True,
    "yes": True,
    "off": False,
    "false": False,
    "no": False,
}


def _version() -> str:
    return getattr(grundy, "__version__", "0")


class GrundyKernel(Kernel):
    implementation = "grundy"
    implementation_version = _version()
    language_info = {
        "name": "grundy",
        "version": _version(),
        "mimetype": "text/x-grundy",
        "file_extension": ".game",
        "pygments_lexer": "grundy",
    }
    banner = (
        "grundy: impartial games under normal play. "
        "Type `*5 + #7`, `why *3 == *4`, `plot seq(kayles, 0..500)`; `:help` for more."
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # `self.session` is ipykernel's message session: the game session is another thing.
        self.games = grundy.Session()
        self.color = True  # diagnostics in the REPL's colours (`:set color off`)
        self.loaded: str | None = None  # the file `:reload` runs again

    # ---- running a cell

    async def do_execute(
        self,
        code: str,
        silent: bool,
        store_history: bool = True,
        user_expressions: dict | None = None,
        allow_stdin: bool = False,
        *,
        cell_meta: dict | None = None,
        cell_id: str | None = None,
    ) -> dict:
        self._silent = silent
        self._error: dict | None = None
        try:
            pieces = commands.pieces(code)
            for number, piece in enumerate(pieces, 1):
                if isinstance(piece, commands.Command):
                    self._command(piece)
                else:
                    # Only a cell's last statements give its result.
                    # Diagnostics name the cell as its prompt does: `<cell 8>:2:8` for In [8].
                    cell = f"<cell {self.execution_count}>"
                    self._statements(piece, cell, result=number == len(pieces))
        except KeyboardInterrupt:
            # Stopped by "interrupt kernel": what ran before stays, the session goes on.
            self._fail(
                "KeyboardInterrupt",
                "stopped",
                ["KeyboardInterrupt: stopped; every definition made before is kept"],
            )
        if self._error is not None:
            return {
                "status": "error",
                "execution_count": self.execution_count,
                **self._error,
            }
        return {
            "status": "ok",
            "execution_count": self.execution_count,
            "payload": [],
            "user_expressions": {},
        }

    def _statements(self, text: str, file: str, result: bool = False) -> None:
        outputs = self.games.run(text, check=False, file=file)
        answers = [
            i for i, out in enumerate(outputs) if out.kind == "answer" and shows(out)
        ]
        last = answers[-1] if answers and result else None
        for i, out in enumerate(outputs):
            if out.kind == "error":
                code = (out.json or {}).get("code") or "grundy::error"
                message = (out.json or {}).get("message") or out.text.strip().split(
                    "\n"
                )[0]
                self._fail(code, message, self._rendered(out).rstrip("\n").split("\n"))
            elif out.kind == "warning":
                self._stream("stderr", self._rendered(out))
            elif shows(out):
                self._answer(out, result=i == last)

    def _rendered(self, out: Any) -> str:
        return out.ansi if self.color else out.text

    def _shown(self, error: grundy.GrundyError) -> str:
        return error.ansi if self.color else error.rendered

    def _answer(self, out: Any, result: bool) -> None:
        bundle = answer_bundle(out)
        if self._silent:
            return
        if result:
            self.send_response(
                self.iopub_socket,
                "execute_result",
                {
                    "execution_count": self.execution_count,
                    "data": bundle,
                    "metadata": {},
                },
            )
        elif len(bundle) == 1:
            # Plain answers read as the REPL's lines: consecutive ones join in one block.
            self._stream("stdout", bundle["text/plain"] + "\n")
        else:
            self.send_response(
                self.iopub_socket, "display_data", {"data": bundle, "metadata": {}}
            )

    def _stream(self, name: str, text: str) -> None:
        if not self._silent and text:
            end = "" if text.endswith("\n") else "\n"
            self.send_response(
                self.iopub_socket, "stream", {"name": name, "text": text + end}
            )

    def _fail(self, name: str, value: str, traceback: list[str]) -> None:
        """An error of the cell: shown where it happened, and the cell's reply is an error
        (so "run all" stops there, as a script stops at a mistake)."""
        self._error = {"ename": name, "evalue": value, "traceback": traceback}
        if not self._silent:
            self.send_response(self.iopub_socket, "error", self._error)

    # ---- :commands

    def _command(self, command: commands.Command) -> None:
        name, argument = command.name, command.argument
        if name is None:
            self._fail(
                "grundy::command::unknown",
                f"unknown command `:{command.typed}`",
                [
                    f"error: unknown command `:{command.typed}`; the commands are "
                    + ", ".join(f":{c}" for c in commands.COMMANDS)
                ],
            )
        elif name in ("vars", "clear", "quit", "reload") and argument:
            self._fail(
                "grundy::command::extra",
                f"`:{name}` takes nothing after it",
                [f"error: `:{name}` takes nothing after it, found `{argument}`"],
            )
        elif name == "help":
            try:
                self._stream("stdout", grundy.help(argument or None))
            except grundy.GrundyError as error:
                self._fail("grundy::help::unknown", str(error), [str(error)])
        elif name == "vars":
            lines = self.games.variables()
            self._stream(
                "stdout",
                "\n".join(lines)
                if lines
                else "nothing is defined yet: `let G = <*0, *1>`",
            )
        elif name == "clear":
            self.games.clear()
            self._stream("stdout", "every definition is forgotten")
        elif name == "set":
            self._set(argument)
        elif name == "load":
            self._load(argument)
        elif name == "reload":
            if self.loaded is None:
                self._fail(
                    "grundy::reload",
                    "nothing to reload",
                    ["error: nothing to reload: `:load FILE` first"],
                )
            else:
                self._load(self.loaded)
        elif name == "type":
            self._type(argument)
        elif name == "quit":
            self._stream(
                "stdout",
                "a notebook's kernel is stopped from its menu (Kernel > Shut Down); "
                "`:clear` forgets every definition",
            )

    def _set(self, argument: str) -> None:
        """`:set` shows the settings; `:set color off`, `:set limit steps=1000`,
        `:set play misere`."""
        words = argument.split()
        name, value = (words + [None, None])[:2]
        try:
            if name is None:
                self._stream("stdout", self._settings())
            elif name in ("color", "colour"):
                if value not in _SWITCH:
                    raise ValueError("say `on` or `off`")
                self.color = _SWITCH[value]
            elif name in ("depth", "lines"):
                if value is None or not value.isdigit() or int(value) == 0:
                    raise ValueError("give a positive number")
                setattr(self.games, f"fold_{name}", int(value))
            elif name == "limit":
                if value is None:
                    raise ValueError("give a limit: `:set limit heap=200000000`")
                self.games.set_limit(value)
            elif name == "play":
                if value is None:
                    raise ValueError(
                        "give a play convention: `:set play misere` or `:set play normal`"
                    )
                self.games.play = value
            else:
                raise ValueError(
                    f"there is no setting `{name}`; the settings are depth, lines, color, "
                    "limit, play"
                )
        except (ValueError, grundy.GrundyError) as error:
            self._fail("grundy::set", str(error), [f"error: :set {argument}: {error}"])

    def _settings(self) -> str:
        limits = " ".join(f"{name}={value}" for name, value in self.games.limits())
        return (
            f"depth {self.games.fold_depth}   levels of a proof `why` shows\n"
            f"lines {self.games.fold_lines}   lines of a proof before it is folded\n"
            f"play {self.games.play}   normal: the last move wins; misere: it loses\n"
            f"color {'on' if self.color else 'off'}   colour in diagnostics\n"
            f"limit {limits}"
        )

    def _load(self, argument: str) -> None:
        if not argument:
            self._fail(
                "grundy::load",
                "`:load` needs a file",
                ["error: `:load` needs a file: `:load examples/seeds.game`"],
            )
            return
        try:
            text = Path(argument).read_text()
        except OSError as error:
            self._fail(
                "grundy::load", str(error), [f"error: can't read {argument}: {error}"]
            )
            return
        self.loaded = argument
        self._statements(text, argument)
        if self._error is None:
            self._stream("stdout", f"loaded {argument}")

    def _type(self, argument: str) -> None:
        if not argument:
            message = "`:type` needs an expression: `:type kayles(5)`"
            self._fail("grundy::type", message, [f"error: {message}"])
            return
        try:
            self._stream("stdout", f"{argument} : {self.games.type_of(argument)}")
        except grundy.GrundyError as error:
            self._fail(
                error.code or "grundy::error", error.message, [self._shown(error)]
            )

    # ---- Tab

    async def do_complete(self, code: str, cursor_pos: int) -> dict:
        """Tab: the REPL's completions (defined names, built-ins, the library's families,
        keywords, `:commands`)."""
        match = _WORD.search(code[:cursor_pos])
        word = match.group(0) if match else ""
        return {
            "status": "ok",
            "matches": grundy.completions(word, self.games.names()),
            "cursor_start": cursor_pos - len(word),
            "cursor_end": cursor_pos,
            "metadata": {},
        }
