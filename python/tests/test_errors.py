"""Diagnostics as `grundy.GrundyError`, or as outputs with `check=False`."""

from __future__ import annotations

import pytest

import grundy


def test_an_error_carries_the_rendered_report_and_its_parts(session: grundy.Session) -> None:
    with pytest.raises(grundy.GrundyError) as raised:
        session.run("let G = *1\nG + H")
    error = raised.value
    assert error.code == "grundy::name::unknown"
    assert str(error) == error.rendered.rstrip()
    assert "× " in error.rendered and "G + H" in error.rendered
    assert error.message in error.rendered
    assert error.help is not None and error.help in error.rendered
    assert (error.line, error.column) == (2, 5)
    start, end = error.span
    assert error.source.encode()[start:end] == b"H"
    assert "\x1b[" in error.ansi and "\x1b[" not in error.rendered
    assert error.file == "<python>"


def test_statements_around_a_runtime_error_run(session: grundy.Session) -> None:
    with pytest.raises(grundy.GrundyError) as raised:
        session.run("let A = 1; let B = 1 / 0; let C = 3")
    assert "A" in session and "C" in session
    kinds = [o.kind for o in raised.value.outputs]
    assert kinds == ["answer", "error", "answer"]


def test_without_check_errors_and_warnings_are_outputs(session: grundy.Session) -> None:
    outputs = session.run("1 / 0; 2", check=False)
    assert [o.kind for o in outputs] == ["error", "answer"]
    error = outputs[0]
    assert error.text.startswith("grundy::")
    assert error.json["kind"] == "error" and error.json["code"] == error.text.split()[0]
    assert error.value is None
    assert error.source == "1 / 0; 2"


def test_a_failed_assert_is_an_error_with_its_verdict(session: grundy.Session) -> None:
    outputs = session.run("assert *1 + *2 == *4", check=False)
    [failed] = outputs
    assert failed.kind == "error"
    assert failed.json["kind"] == "assert" and failed.json["holds"] is False
    with pytest.raises(grundy.GrundyError) as raised:
        session.run("assert *1 + *2 == *4")
    assert raised.value.code == "grundy::assert::failed"


def test_syntax_errors_run_nothing(session: grundy.Session) -> None:
    with pytest.raises(grundy.GrundyError) as raised:
        session.run("let A = 1\nlet = 2")
    assert raised.value.code.startswith("grundy::syntax")
    assert "A" not in session


def test_python_values_grundy_cannot_take_are_refused(session: grundy.Session) -> None:
    with pytest.raises(TypeError):
        session.seq("kayles", 3.5)
    with pytest.raises(ValueError):
        session.seq("octal", range(3), 'a"b')
    with pytest.raises(TypeError):
        session.game("3 + 4")
