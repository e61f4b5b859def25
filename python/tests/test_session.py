"""`grundy.Session`: running statements, definitions kept, values, limits, help."""

from __future__ import annotations

import pytest

import grundy


def test_run_gives_one_output_per_statement_in_order(session: grundy.Session) -> None:
    outputs = session.run("let G = <*0, *1>; G; 3 + 4")
    assert [o.kind for o in outputs] == ["answer", "answer", "answer"]
    assert outputs[0].text == "" and outputs[0].value is None
    assert outputs[1].text == "*2 — the player to move wins"
    assert outputs[2].value == 7
    assert outputs[2].source == "3 + 4"
    assert outputs[2].json == {
        "kind": "integer", "value": 7, "source": "3 + 4", "file": "<python>", "line": 1,
        "column": 22,
    }


def test_definitions_are_kept_from_one_run_to_the_next(session: grundy.Session) -> None:
    session.run("let S(n) = < S(n - k) for k in 1..=3 if k <= n >")
    session.run("let G = S(7)")
    assert "G" in session and "S" in session and "H" not in session
    assert session.names() == ["S", "G"]
    assert session["G"].nimber == 3
    assert session["S"] == "S"
    with pytest.raises(KeyError):
        session["H"]


def test_values_become_python_values(session: grundy.Session) -> None:
    assert session.eval("3 * 4") == 12
    assert session.eval("3 > 4") is False
    assert session.eval('"xx.x"') == "xx.x"
    assert session.eval("{3, 1, 2}") == {1, 2, 3}
    assert session.eval("[1, [2], {3}]") == [1, [2], {3}]
    assert session.eval("{[1, 2], [3]}") == {(1, 2), (3,)}
    assert session.eval("2..5") == range(2, 5)
    assert session.eval('{"b": [1], "a": 2}') == {"a": 2, "b": [1]}
    assert session.eval("{{1: 2}}") == {((1, 2),)}
    assert session.eval("kayles") == "kayles"
    game = session.eval("*3 + *5")
    assert isinstance(game, grundy.Game) and game.nimber == 6
    games = session.eval("options(*2)")
    assert {g.nimber for g in games} == {0, 1}


def test_a_dict_is_passed_as_a_map(session: grundy.Session) -> None:
    # A family whose argument is a map and whose value is a function written inline.
    session.run('let shifted(m) = n => *(n + m["a"])')
    assert session.seq("shifted", range(3), {"a": 1, "b": [2]}) == [1, 2, 3]
    assert session.seq("shifted", range(2), {"a": 5}) == [5, 6]
    assert session.eval("{:}") == {}


def test_a_function_comes_back_as_the_text_that_names_it(session: grundy.Session) -> None:
    session.run("let f = n => *(n % 2)")
    assert session["f"] == "f"
    assert session.seq(session["f"], range(4)) == [0, 1, 0, 1]
    inline = session.eval("n => *(n % 3)")
    assert inline == "(n => *(n % 3))"
    assert session.seq(inline, range(5)) == [0, 1, 2, 0, 1]


def test_a_table_is_a_sequence_of_rows(session: grundy.Session) -> None:
    table = session.eval("seq(kayles, 0..10)")
    assert isinstance(table, grundy.Table)
    assert len(table) == 10
    assert table[4] == (4, 1)
    assert table[-1] == (9, 4)
    assert table.values == session.seq("kayles", range(10))
    assert "<table" in table._repr_html_()


def test_seq_takes_the_family_arguments_after_the_numbers(session: grundy.Session) -> None:
    assert session.seq("octal", range(6), "0.07") == session.eval(
        'seq(octal("0.07"), 0..6)'
    ).values
    assert session.seq("sub", [0, 1, 2, 5], {1, 3, 4}) == [0, 1, 0, 3]
    assert session.seq("kayles", range(0, 10, 3)) == session.seq("kayles", range(10))[::3]


def test_variables_limits_and_clear(session: grundy.Session) -> None:
    session.run("let G = <*0, *1>")
    assert session.variables() == ["G = *2"]
    session.set_limit("steps=1000")
    assert dict(session.limits())["steps"] == 1000
    with pytest.raises(ValueError):
        session.set_limit("speed=3")
    outputs = session.run("count(1 for a in 0..100 for b in 0..100)", check=False)
    assert outputs[0].kind == "error"
    game = session["G"]
    # Its nimber known already: a game taken from the session's answers.
    valued = session.game("*3 + *1")
    assert valued.nimber == 2
    session.clear()
    assert session.names() == []
    for taken in (game, valued):
        for ask in (
            lambda: taken.nimber,
            lambda: taken.outcome,
            lambda: taken.is_winning,
            lambda: taken.is_losing,
            lambda: hash(taken),
            lambda: taken == taken,
            taken.options,
            taken.why,
        ):
            with pytest.raises(ValueError, match="cleared"):
                ask()
    assert repr(valued) == "<a game of a cleared session>"


def test_a_period_is_of_a_game_grundy_knows_the_rules_of(session: grundy.Session) -> None:
    assert session.period("kayles") is not None
    # A search that finds none, within its limit.
    assert grundy.Session(search=10**6).period("octal", "0.007") is None
    # A family of one's own, or a game no periodicity theorem covers, is an error, as at
    # the REPL: there is no period to find.
    session.run("let dimplus(n) = < dimplus(n - d) for d in 1..=n if n % d == 0 >")
    for family, code in [
        ("dimplus", "grundy::types::mismatch"),
        ("grundy_game", "grundy::value::invalid"),
    ]:
        with pytest.raises(grundy.GrundyError) as raised:
            session.period(family)
        assert raised.value.code == code
        [repl] = session.run(f"period({family})", check=False)
        assert str(raised.value).strip() == repl.text.strip()


def test_limits_are_given_by_name() -> None:
    session = grundy.Session(steps=1000)
    assert dict(session.limits())["steps"] == 1000
    with pytest.raises(ValueError):
        grundy.Session(speed=3)


def test_help_is_the_help_of_the_repl() -> None:
    assert "kayles" in grundy.help()
    assert grundy.help("kayles").startswith("kayles")
    with pytest.raises(grundy.GrundyError) as raised:
        grundy.help("no such topic")
    assert raised.value.code == "grundy::help::unknown"


def test_eval_runs_in_a_fresh_session() -> None:
    assert grundy.eval("let G = *3; G + *1").nimber == 2
    with pytest.raises(grundy.GrundyError):
        grundy.eval("G")


def test_programs_are_named_in_diagnostics(session: grundy.Session) -> None:
    [error] = session.run("1 / 0", check=False, file="<cell 3>")
    assert "[<cell 3>:1:" in error.text
    assert error.json["file"] == "<cell 3>"
    [answer] = session.run("1 + 1", file="<cell 4>")
    assert answer.json["file"] == "<cell 4>"


def test_type_of_says_what_type_says(session: grundy.Session) -> None:
    assert session.type_of("kayles(5)") == "a game"
    assert session.type_of("kayles").startswith("a family of games")
    with pytest.raises(grundy.GrundyError) as raised:
        session.type_of("H + 1")
    assert raised.value.code == "grundy::name::unknown"


def test_fold_settings_shorten_proofs(session: grundy.Session) -> None:
    game = session.game("kayles(12)")
    whole = game.why(full=True).text
    session.fold_depth = 1
    assert session.fold_depth == 1
    assert len(game.why().text) < len(whole)
    session.fold_lines = 5
    assert session.fold_lines == 5
    with pytest.raises(ValueError):
        session.fold_depth = 0


def test_play_is_a_setting_of_the_session(session: grundy.Session) -> None:
    assert session.play == "normal"
    assert session.eval("*1 + *1 is winning") is False
    session.play = "misere"
    assert session.play == "misere"
    assert session.eval("*1 + *1 is winning") is True
    assert session.eval("normal *1 + *1 is winning") is False
    with pytest.raises(ValueError):
        session.play = "sideways"


def test_completions_are_the_repls(session: grundy.Session) -> None:
    assert "kayles" in grundy.completions("kay", [])
    assert grundy.completions("Ka", ["Kayles2", "G"]) == ["Kayles2"]
    assert grundy.completions(":he", []) == [":help"]
