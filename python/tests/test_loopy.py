"""Loopy games from Python: games that can go on for ever, worth ∞K (no nimber), their
outcomes (draws among them), values, sums and tables."""

from __future__ import annotations

import pytest

import grundy

# a ↔ b, b → c → d: a and b are draws (∞ and ∞{1}), c is *1, d is 0.
GRAPH = 'let C = digraph("a>b b>a b>c c>d")'
# 0, 1, 0, then ∞{0} (a move to 2 wins) and draws round 3, 4, 5.
FAMILY = (
    "let loopy m(n) = < m(n - 1) if n > 0, "
    "m(n + 1) if n >= 3 and n < 5 >"
)


@pytest.fixture
def loopy() -> grundy.Session:
    session = grundy.Session()
    session.run(f"{GRAPH}\n{FAMILY}")
    return session


def test_outcomes_values_and_nimbers_of_a_graphs_vertices(loopy: grundy.Session) -> None:
    expected = {
        "a": (grundy.Infinity([]), "draw"),
        "b": (grundy.Infinity({1}), "draw"),
        "c": (1, "winning"),
        "d": (0, "losing"),
    }
    for vertex, (value, outcome) in expected.items():
        game = loopy.game(f'C("{vertex}")')
        assert (game.value, game.outcome) == (value, outcome), vertex
        assert game.is_draw == (outcome == "draw")
        assert game.is_winning == (outcome == "winning")
        assert game.is_losing == (outcome == "losing")
    assert loopy.eval("C") == [(v, value) for v, (value, _) in expected.items()]


def test_a_game_worth_infinity_has_no_nimber(loopy: grundy.Session) -> None:
    game = loopy.game('C("b")')
    with pytest.raises(ValueError, match=r"worth ∞\{1\}, and has no nimber"):
        game.nimber
    # The same game, taken by a name, and through a run's value.
    loopy.run('let B = C("b")')
    with pytest.raises(ValueError):
        loopy["B"].nimber
    assert loopy.eval("B").value == grundy.Infinity({1})
    # A loopy family's game with a nimber has it.
    assert loopy.game("m(1)").nimber == 1


def test_infinity_is_a_record_of_k() -> None:
    value = grundy.Infinity([2, 0, 2])
    assert value.k == frozenset({0, 2})
    assert repr(value) == "Infinity(k=frozenset({0, 2}))"
    assert str(value) == "∞{0,2}"
    assert value.outcome == "winning"
    assert grundy.Infinity(k=set()).outcome == "draw"
    assert str(grundy.Infinity(())) == "∞"
    assert value == grundy.Infinity({0, 2}) and value != grundy.Infinity({0})
    assert value != 0 and len({value, grundy.Infinity((0, 2))}) == 1
    with pytest.raises(ValueError):
        grundy.Infinity({-1})
    with pytest.raises(TypeError):
        grundy.Infinity(3)


def test_equality_and_hashing_follow_the_generalized_value(loopy: grundy.Session) -> None:
    a, b = loopy.game('C("a")'), loopy.game('C("b")')
    draw = loopy.game("m(4)")
    assert a == draw and hash(a) == hash(draw)
    assert a != b
    assert b != loopy.nim(1)
    assert len({a, b, draw, loopy.nim(1), loopy.game('C("c")')}) == 3


def test_sums_with_a_loopy_part(loopy: grundy.Session) -> None:
    b = loopy.game('C("b")')
    # ∞{1} + *1 = ∞{0}: the player to move wins, moving b to c.
    total = b + loopy.nim(1)
    assert (total.value, total.outcome) == (grundy.Infinity({0}), "winning")
    # A game of another session enters as the nim heap of its nimber.
    assert (b + grundy.nim(1)).value == grundy.Infinity({0})
    # ∞ + ∞ is ∞ with no finite option.
    assert (b + loopy.game("m(3)")).value == grundy.Infinity(())
    # A game worth ∞ has no nim heap to enter another session as.
    with pytest.raises(ValueError, match="worth ∞\\{1\\}"):
        grundy.nim(1) + b


def test_a_loopy_familys_table(loopy: grundy.Session) -> None:
    infinite = [grundy.Infinity({0}), grundy.Infinity(()), grundy.Infinity(())]
    assert loopy.seq("m", range(6)) == [0, 1, 0] + infinite
    table = loopy.eval("seq(m, 0..6)")
    assert table.values == [0, 1, 0] + infinite
    assert table[3] == (3, grundy.Infinity({0}))
    assert "<td>3</td><td>∞{0}</td>" in table._repr_html_()
    assert "∞{0}" in str(table)
    plot = loopy.plot("m", range(6))
    assert "∞, no nimber (3 of 6)" in plot.svg


def test_outputs_of_loopy_answers(loopy: grundy.Session) -> None:
    (out,) = loopy.run('C("b")')
    assert out.text == "∞{1} — a draw: neither player can force a win, play goes on for ever"
    assert out.value.value == grundy.Infinity({1})
    json = out.json
    assert (json["nimber"], json["infinity"], json["outcome"]) == (None, [1], "draw")
    html = out._repr_html_()
    assert "<code>∞{1}</code>: a draw" in html
    (out,) = loopy.run("m(3) is draw")
    assert out.value is False
    with pytest.raises(grundy.GrundyError) as error:
        loopy.run('nimber(C("b"))')
    assert error.value.code == "grundy::value::invalid"
    assert "has no nimber" in error.value.message


def test_moves_of_a_loopy_game_win_or_keep_the_draw(loopy: grundy.Session) -> None:
    # b is a draw: its move back to a keeps it; the move to c (*1) would lose it.
    kept = loopy.game('C("b")').explain_moves()
    assert kept.kind == "moves"
    assert "Moves that keep the draw" in kept.text
    assert 'C("b") → a ≡ ∞' in kept.text
    assert "→ c" not in kept.text
    # c wins by moving to d, the one winning move.
    assert [str(g) for g in loopy.game('C("c")').moves()] == ["d"]
    assert loopy.game('C("b")').moves() == []
    why = loopy.game('C("b")').why()
    assert why.headline.startswith('C("b") ≡ ∞{1}')
