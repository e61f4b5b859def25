"""The grundy kernel, talked to as Jupyter talks to it (jupyter_client), and its parts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import grundy
import pytest
from conftest import LONG, needs_dag_pictures
from grundy.kernel import commands
from grundy.kernel.render import answer_bundle, shows, strip_ansi

jupyter_client = pytest.importorskip("jupyter_client")


class Cell:
    """What a kernel sent back for one cell: the reply and the outputs, in order."""

    def __init__(self, reply: dict, outputs: list[dict]):
        self.reply = reply["content"]
        self.outputs = outputs

    @property
    def status(self) -> str:
        return self.reply["status"]

    def of(self, kind: str) -> list[dict]:
        return [out["content"] for out in self.outputs if out["msg_type"] == kind]

    def stdout(self) -> str:
        return "".join(s["text"] for s in self.of("stream") if s["name"] == "stdout")

    def stderr(self) -> str:
        return "".join(s["text"] for s in self.of("stream") if s["name"] == "stderr")

    def result(self) -> dict:
        (result,) = self.of("execute_result")
        return result["data"]

    def error(self) -> str:
        """The errors' tracebacks as they are shown, colours taken out."""
        return "\n".join(
            strip_ansi("\n".join(e["traceback"])) for e in self.of("error")
        )


def run(client, code: str, timeout: float = 60) -> Cell:
    outputs: list[dict] = []
    reply = client.execute_interactive(
        code, output_hook=outputs.append, timeout=timeout, allow_stdin=False
    )
    kinds = ("stream", "execute_result", "display_data", "error")
    return Cell(reply, [out for out in outputs if out["msg_type"] in kinds])


def answer(text: str) -> str:
    """What the REPL prints for the last answer of `text`, from the module itself."""
    return [out for out in grundy.Session().run(text) if out.kind == "answer"][
        -1
    ].text.strip()


@pytest.fixture(scope="module")
def kernel(kernel_spec):
    manager, client = jupyter_client.manager.start_new_kernel(kernel_name="grundy")
    yield manager, client
    client.stop_channels()
    manager.shutdown_kernel(now=True)


@pytest.fixture
def client(kernel):
    return kernel[1]


# ---- the kernel in Jupyter


def test_a_cell_answers_as_the_repl_does(client):
    cell = run(client, "*5 + #7")
    assert cell.status == "ok"
    assert cell.result()["text/plain"] == answer("*5 + #7")
    assert cell.result()["text/plain"].startswith(f"*{grundy.eval('*5 + #7').nimber} ")


def test_definitions_last_from_cell_to_cell(client):
    assert run(client, "let G = <*0, *1, *1>").status == "ok"
    assert run(client, "G == *2").result()["text/plain"] == "true"


def test_answers_before_the_last_are_lines_and_the_last_is_the_result(client):
    cell = run(client, "*1\n*2 + *1\n11 ^ 13")
    assert cell.stdout() == answer("*1") + "\n" + answer("*2 + *1") + "\n"
    assert cell.result()["text/plain"] == str(11 ^ 13)


def test_a_diagnostic_is_the_cells_error_with_its_source_line(client):
    cell = run(client, "*3 + 2")
    assert cell.status == "error"
    assert cell.reply["ename"] == "grundy::types::mismatch"
    shown = cell.error()
    # Named as the cell's prompt is: `<cell 8>` for In [8].
    named = f"<cell {cell.reply['execution_count']}>"
    (expected,) = grundy.Session().run("*3 + 2", check=False, file=named)
    assert shown.strip() == expected.text.strip()
    assert f"[{named}:1:6]" in shown and "1 │ *3 + 2" in shown and "help:" in shown
    # The REPL's colours, which a notebook shows.
    assert "\x1b[" in "".join(cell.of("error")[0]["traceback"])


def test_a_diagnostic_names_its_line_of_the_cell_among_commands(client):
    cell = run(client, ":vars\nlet A = *1\n:help nim\nA + 2")
    assert cell.status == "error"
    assert "4 │ A + 2" in cell.error()


def test_statements_before_an_error_have_run(client):
    cell = run(client, "let B = *4\n*1 + 1\nlet C = *5")
    assert cell.status == "error"
    assert run(client, "B").result()["text/plain"] == answer("*4")


def test_a_warning_is_on_stderr_and_the_answer_still_comes(client):
    cell = run(client, "2 ^ 3")
    assert cell.status == "ok"
    assert "grundy::warning::xor_is_not_power" in strip_ansi(cell.stderr())
    assert "1 │ 2 ^ 3" in strip_ansi(cell.stderr())
    assert cell.result()["text/plain"] == str(2 ^ 3)


def test_a_failed_assert_shows_both_sides(client):
    cell = run(client, "assert *1 + *2 == *2")
    assert cell.status == "error"
    assert "this is *3" in cell.error() and "this is *2" in cell.error()


def test_a_proof_is_folded_html_with_its_text_beside(client):
    cell = run(client, "why *3 == *4")
    data = cell.result()
    assert data["text/plain"] == answer("why *3 == *4")
    assert "<details>" in data["text/html"] and "<summary" in data["text/html"]
    assert "copycat principle" in data["text/html"]


def test_a_plot_is_a_picture(client):
    data = run(client, "plot seq(kayles, 0..100)").result()
    svg = ElementTree.fromstring(data["image/svg+xml"])
    assert svg.tag.endswith("svg")
    assert not data["text/plain"].lstrip().startswith("<svg")


@needs_dag_pictures
def test_a_dag_is_a_picture_and_its_dot_text(client):
    data = run(client, "dot <*0, *1>").result()
    svg = ElementTree.fromstring(data["image/svg+xml"])
    assert svg.tag.endswith("svg")
    assert data["text/plain"] == answer("dot <*0, *1>")


def test_a_loopy_game_answers_with_its_value_and_a_draw(client):
    graph = 'let C = digraph("a>b b>a b>c c>d")'
    cell = run(client, f'{graph}\nC("b")\nC("b") is draw\nplot seq(n => C(["a", "b", "c", "d"][n]), 0..4)')
    assert cell.status == "ok"
    assert cell.stdout().splitlines()[:2] == [answer(f'{graph}\nC("b")'), "true"]
    assert cell.stdout().startswith("∞{1} — a draw")
    (plot,) = cell.of("execute_result")
    assert "∞, no nimber (2 of 4)" in plot["data"]["image/svg+xml"]
    # A failed claim about a draw is the cell's error, saying what the game is worth.
    cell = run(client, 'assert C("a") is winning')
    assert cell.status == "error"
    assert "this is ∞: a draw, neither player can force a win" in cell.error()


def test_pictures_before_the_last_answer_are_shown_too(client):
    cell = run(client, "plot seq(kayles, 0..10)\n*1")
    (shown,) = cell.of("display_data")
    assert "image/svg+xml" in shown["data"]
    assert cell.result()["text/plain"] == answer("*1")


def test_load_and_reload_run_a_worksheet(client, tmp_path):
    sheet = tmp_path / "sheet.game"
    sheet.write_text("let Loaded = *6\nassert Loaded == *4 + *2\n")
    assert f"loaded {sheet}" in run(client, f":load {sheet}").stdout()
    assert run(client, "Loaded").result()["text/plain"] == answer("*6")
    sheet.write_text("let Loaded = *1\n")
    run(client, ":reload")
    assert run(client, "Loaded").result()["text/plain"] == answer("*1")
    assert run(client, f":load {tmp_path / 'missing.game'}").status == "error"
    # A mistake in a worksheet is named by its file.
    sheet.write_text("let Fine = *1\n*1 + 1\n")
    assert f"[{sheet}:2:6]" in run(client, f":load {sheet}").error()


def test_help(client):
    assert run(client, ":help").stdout().strip() == grundy.help().strip()
    assert run(client, ":help kayles").stdout().strip() == grundy.help("kayles").strip()
    assert run(client, ":h kayles").stdout().strip() == grundy.help("kayles").strip()
    assert run(client, ":help no_such_topic").status == "error"


def test_vars_clear_and_unknown_commands(client):
    run(client, "let Vars = <*0, *2>")
    assert "Vars = <*0, *2>" in run(client, ":vars").stdout()
    assert run(client, ":clear").status == "ok"
    assert "nothing is defined yet" in run(client, ":vars").stdout()
    assert run(client, "Vars").status == "error"
    assert run(client, ":vars now").status == "error"
    unknown = run(client, ":frobnicate")
    assert unknown.status == "error" and ":help" in unknown.error()


def test_set(client):
    settings = run(client, ":set").stdout()
    assert "color on" in settings
    assert all(f"{name}=" in settings for name, _ in grundy.Session().limits())
    run(client, ":set color off")
    plain = run(client, "*3 + 2")
    assert "\x1b[" not in "".join(plain.of("error")[0]["traceback"])
    run(client, ":set color on")
    run(client, ":set depth 1")
    assert "depth 1 " in run(client, ":set").stdout()
    folded = run(client, "why *5 + #7 == *6").result()["text/plain"]
    session = grundy.Session()
    session.fold_depth = 1
    assert folded == session.run("why *5 + #7 == *6")[0].text
    assert run(client, ":set lines 0").status == "error"
    assert run(client, ":set colour maybe").status == "error"
    assert run(client, ":set nothing 1").status == "error"
    assert run(client, ":set limit no_such_limit=3").status == "error"


def test_set_play(client):
    assert "play normal " in run(client, ":set").stdout()
    assert run(client, ":set play misere").status == "ok"
    assert "play misere " in run(client, ":set").stdout()
    assert run(client, "*1 + *1 is winning").result()["text/plain"] == "true (misère play)"
    assert run(client, "normal *1 + *1 is winning").result()["text/plain"] == "false"
    assert run(client, ":set play sideways").status == "error"
    assert run(client, ":set play").status == "error"
    assert run(client, ":set play normal").status == "ok"
    assert run(client, "*1 + *1 is winning").result()["text/plain"] == "false"


def test_a_limit_set_in_a_cell_holds(kernel_spec):
    manager, client = jupyter_client.manager.start_new_kernel(kernel_name="grundy")
    try:
        assert run(client, ":set limit steps=1000").status == "ok"
        assert "steps=1000 " in run(client, ":set").stdout()
        cell = run(
            client, "let S(n) = < S(n - k) for k in 1..=3 if k <= n >; S(100000)"
        )
        assert cell.status == "error" and "steps" in cell.error()
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def test_type(client):
    assert run(client, ":type kayles").stdout().strip() == (
        f"kayles : {grundy.Session().type_of('kayles')}"
    )
    assert run(client, ":type").status == "error"
    assert "1 │ nosuch" in run(client, ":type nosuch").error()


def test_completion_of_names(client):
    run(client, "let Gamma = *3")
    reply = client.complete("Gam", 3, reply=True)["content"]
    assert "Gamma" in reply["matches"]
    assert reply["cursor_start"] == 0 and reply["cursor_end"] == 3
    assert ":vars" in client.complete(":v", 2, reply=True)["content"]["matches"]


def test_completion_of_built_ins_library_families_and_keywords(client):
    def matches(code: str) -> list[str]:
        return client.complete(code, len(code), reply=True)["content"]["matches"]

    assert "kayles" in matches("plot seq(kay")
    assert "chomp" in matches("cho")  # a family of the library (std/)
    assert "why" in matches("wh")
    assert all(name.startswith("hack") for name in matches("hack"))


def test_kernel_info(client):
    info = client.kernel_info(reply=True)["content"]
    assert info["language_info"]["name"] == "grundy"
    assert info["language_info"]["file_extension"] == ".game"


def test_interrupt_stops_a_computation_and_keeps_the_session(kernel):
    manager, client = kernel
    run(client, "let Kept = *7")
    # `:vars` prints at once: once it is seen, the cell is running and the signal is heard.
    msg_id = client.execute(":vars\n" + LONG)
    while True:
        message = client.get_iopub_msg(timeout=60)
        if (
            message["parent_header"].get("msg_id") == msg_id
            and message["msg_type"] == "stream"
        ):
            break
    manager.interrupt_kernel()
    reply = client.get_shell_msg(timeout=60)
    assert reply["parent_header"]["msg_id"] == msg_id
    assert reply["content"]["status"] == "error"
    assert reply["content"]["ename"] == "KeyboardInterrupt"
    assert run(client, "Kept + *1").result()["text/plain"] == answer("*7 + *1")


# ---- registering the kernel


def test_the_kernelspec_runs_this_python_and_is_interrupted_by_signal(kernel_spec):
    spec = json.loads((kernel_spec / "kernel.json").read_text())
    assert spec["argv"][:3] == [sys.executable, "-m", "grundy.kernel"]
    assert spec["language"] == "grundy"
    assert spec["interrupt_mode"] == "signal"
    assert (kernel_spec / "logo-svg.svg").exists()


def test_install_into_the_environment_and_uninstall(tmp_path):
    from jupyter_client.kernelspec import KernelSpecManager

    name = "grundy-test-sys-prefix"
    python = [sys.executable, "-m", "grundy.kernel"]
    subprocess.run([*python, "install", "--sys-prefix", "--name", name], check=True)
    try:
        where = Path(KernelSpecManager().find_kernel_specs()[name])
        assert where.is_relative_to(Path(sys.prefix))
    finally:
        subprocess.run([*python, "uninstall", "--name", name], check=True)
    assert name not in KernelSpecManager().find_kernel_specs()


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_tells_the_kernels_own_commands(flag):
    shown = subprocess.run(
        [sys.executable, "-m", "grundy.kernel", flag],
        check=True,
        capture_output=True,
        text=True,
    )
    assert shown.stdout.startswith("usage: python -m grundy.kernel"), shown.stdout
    for command in ("install [--user | --sys-prefix | --prefix DIR]", "uninstall", "-f CONNECTION_FILE"):
        assert command in shown.stdout, shown.stdout
    assert "IPython" not in shown.stdout + shown.stderr


# ---- its parts


def test_a_cell_is_split_into_commands_and_statements_keeping_line_numbers():
    pieces = commands.pieces(
        ":help kayles\nlet G = <*0>\n\nG\n:v\n  :set limit steps=5\n*3"
    )
    assert pieces == [
        commands.Command("help", "help", "kayles"),
        "\nlet G = <*0>\n\nG",
        commands.Command("v", "vars", ""),
        commands.Command("set", "set", "limit steps=5"),
        "\n" * 6 + "*3",
    ]


def test_commands_may_be_shortened_to_a_unique_prefix():
    assert [commands.expand(n) for n in ("q", "h", "v", "l", "r", "c", "x", "")] == [
        "quit", "help", "vars", "load", "reload", "clear", None, None,
    ]  # fmt: skip


def test_an_answer_is_its_text_with_its_picture_or_folded_proof():
    session = grundy.Session()
    (plot,) = session.run("plot seq(kayles, 0..20)")
    assert answer_bundle(plot) == {"text/plain": plot.text, "image/svg+xml": plot.svg}
    (proof,) = session.run("why *1 + *2 == *3")
    assert answer_bundle(proof) == {
        "text/plain": proof.text,
        "text/html": proof._repr_html_(),
    }
    (game,) = session.run("*1 + *2")
    assert answer_bundle(game) == {"text/plain": game.text}
    (definition,) = session.run("let G = *1")
    assert not shows(definition)


def test_the_lexer_colours_keywords_and_kinds_after_is():
    from grundy.kernel.lexer import GrundyLexer
    from pygments.token import Keyword, Name

    tokens = [(kind, text) for kind, text in GrundyLexer().get_tokens("f(p) where p = [1] is list")]
    assert (Keyword, "where") in tokens
    assert (Keyword, "is") in tokens
    assert (Keyword, "list") in tokens
    # A loopy family, and the third outcome.
    tokens = list(GrundyLexer().get_tokens("let loopy f(n) = <f(n)>; f(1) is draw"))
    assert (Keyword, "loopy") in tokens and (Keyword, "draw") in tokens
    # A kind's word elsewhere is a name.
    assert (Name, "list") in list(GrundyLexer().get_tokens("list(3)"))
    # A loopy family's mark and the third outcome; a name that starts alike stays a name.
    loopy = list(GrundyLexer().get_tokens("let loopy f(n) = <f(n)>; f(1) is draw"))
    assert (Keyword, "loopy") in loopy
    assert (Keyword, "draw") in loopy
    assert (Name, "loopy_sub") in list(GrundyLexer().get_tokens("loopy_sub(3, {1}, {1}, 5)"))
