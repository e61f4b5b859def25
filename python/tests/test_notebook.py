"""examples/course.ipynb, run in the grundy kernel by nbclient: what each cell shows."""

from __future__ import annotations

from xml.etree import ElementTree

import grundy
from conftest import needs_dag_pictures
import pytest
from grundy.kernel.render import strip_ansi

pytest.importorskip("nbclient")


def cells(notebook, starting: str) -> list:
    found = [
        c
        for c in notebook.cells
        if c.cell_type == "code" and c.source.startswith(starting)
    ]
    assert found, f"no cell starts with {starting!r}"
    return found


def text(cell) -> str:
    """Everything a cell shows as text, in order, colours taken out."""
    parts = []
    for out in cell.outputs:
        if out.output_type == "stream":
            parts.append(out.text)
        elif out.output_type in ("execute_result", "display_data"):
            parts.append(out.data.get("text/plain", "") + "\n")
        elif out.output_type == "error":
            parts.append("\n".join(out.traceback) + "\n")
    return strip_ansi("".join(parts))


def picture(cell) -> ElementTree.Element:
    (svg,) = [
        out.data["image/svg+xml"]
        for out in cell.outputs
        if "image/svg+xml" in out.get("data", {})
    ]
    return ElementTree.fromstring(svg)


def replay(notebook) -> list[str]:
    """Each code cell's text as the module answers it, cell by cell in one session."""
    session = grundy.Session()
    shown = []
    for cell in notebook.cells:
        if cell.cell_type != "code" or cell.source.startswith(":"):
            continue
        outs = session.run(cell.source, check=False)
        shown.append((cell, [out for out in outs if out.kind == "answer"]))
    return shown


def test_every_cell_ran_and_only_the_tagged_ones_failed(executed_notebook):
    notebook, _ = executed_notebook
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        assert cell.outputs, f"no output from {cell.source!r}"
        failed = any(out.output_type == "error" for out in cell.outputs)
        assert failed == ("raises-exception" in cell.metadata.get("tags", [])), (
            cell.source
        )


def test_each_cell_answers_what_the_module_answers(executed_notebook):
    notebook, _ = executed_notebook
    for cell, answers in replay(notebook):
        shown = text(cell)
        for out in answers:
            if out.svg is None:
                assert out.text.strip() in shown, cell.source


def test_the_nim_sum_answers(executed_notebook):
    notebook, _ = executed_notebook
    (cell,) = cells(notebook, "11 ^ 13")
    shown = text(cell)
    total = 25 ^ 21 ^ 11
    assert f"\n{11 ^ 13}\n" in f"\n{shown}"
    assert f"*{11 ^ 13} — the player to move wins" in shown
    assert f"*21 → *{21 ^ total}" in shown and f"≡ *{total}" in shown


def test_the_kayles_plot_is_a_picture_with_its_marks(executed_notebook):
    notebook, _ = executed_notebook
    (cell,) = cells(notebook, "plot seq(kayles, 0..500)")
    svg = picture(cell)
    # The marks are small squares (a wide one where neighbours in a row are joined).
    marks = [
        e
        for e in svg.iter()
        if e.tag.endswith("rect") and float(e.get("height", 99)) < 10
    ]
    assert len(marks) >= 50
    assert "kayles" in "".join(svg.itertext())


@needs_dag_pictures
def test_the_dags_are_pictures(executed_notebook):
    notebook, _ = executed_notebook
    for start, label in (("let rook", "rook(2, 2)"), ("dot hackenbush", None)):
        (cell,) = cells(notebook, start)
        svg = picture(cell)
        drawn = "".join(svg.itertext())
        assert len(list(svg.iter())) > 10
        if label:
            assert label in drawn


def test_a_proof_is_folded(executed_notebook):
    notebook, _ = executed_notebook
    (cell,) = cells(notebook, "*1 + *2 == *3")
    html = [
        out.data["text/html"]
        for out in cell.outputs
        if "text/html" in out.get("data", {})
    ]
    assert len(html) == 1 and "<details>" in html[0]


def test_the_error_cells_show_the_rendered_diagnostic(executed_notebook):
    notebook, _ = executed_notebook
    (failed_assert,) = cells(notebook, "assert K4 == *1")
    shown = text(failed_assert)
    assert (
        "assert K5 == *3" in shown and "this is *4" in shown and "this is *3" in shown
    )
    (mistake,) = cells(notebook, "*3 + 2")
    named = f"<cell {mistake.execution_count}>"
    (expected,) = grundy.Session().run("*3 + 2", check=False, file=named)
    assert expected.text.strip() in text(mistake)


def test_help_in_a_cell(executed_notebook):
    notebook, _ = executed_notebook
    (cell,) = cells(notebook, ":help kayles")
    assert text(cell).strip() == grundy.help("kayles").strip()
