"""The course notes' examples (examples/seeds.game, /work/shared/seeds), answered through
`import grundy`: Nim sums, mex, equivalence, Kayles and Hackenbush."""

from __future__ import annotations

import functools

import pytest

import grundy
from conftest import ROOT


def nim_sum(*heaps: int) -> int:
    return functools.reduce(lambda a, b: a ^ b, heaps, 0)


@pytest.mark.parametrize(
    "heaps", [(1, 1, 2), (5, 5), (5, 7), (11, 13), (25, 21, 11), (3, 5, 6), (4, 9, 13)]
)
def test_a_sum_of_nim_heaps_is_the_heap_of_their_nim_sum(heaps: tuple[int, ...]) -> None:
    total = sum(grundy.nim(n) for n in heaps)
    assert total.nimber == nim_sum(*heaps)
    assert total == grundy.nim(nim_sum(*heaps))
    assert total.outcome == ("losing" if nim_sum(*heaps) == 0 else "winning")


def test_the_player_to_move_wins_exactly_when_the_nim_sum_is_not_zero() -> None:
    for n in range(8):
        for m in range(8):
            game = grundy.nim(n) + grundy.nim(m)
            assert game.is_winning == (n != m), (n, m)


def test_a_winning_move_leaves_a_nim_sum_of_zero() -> None:
    # From *25 + *21 + *11 the winning move takes the pile of 21 to 18.
    game = grundy.game("*25 + *21 + *11")
    moves = game.moves()
    assert [move.nimber for move in moves] == [0]
    assert moves[0] == grundy.game("*25 + *18 + *11")
    assert all(option.is_winning for option in game.options() if option not in moves)


def test_mex_and_the_value_of_a_game_by_its_options(session: grundy.Session) -> None:
    assert session.eval("mex{0, 1, 2, 5, 15, 25}") == 3
    game = session.game("<*0, *1, *2, *5, *10, *25>")
    assert game.nimber == 3
    mex = min(set(range(len(game.options()) + 1)) - {o.nimber for o in game.options()})
    assert mex == game.nimber


def test_equivalence_is_proved(session: grundy.Session) -> None:
    session.run("let G = *1 + *2")
    proof = session["G"].why(grundy.nim(3))
    assert proof.kind == "why"
    assert proof.holds is True
    assert proof.headline.startswith("G ≡ *3")
    refuted = session["G"].why(grundy.nim(4))
    assert refuted.holds is False


def test_kayles_by_hand_and_as_a_family(session: grundy.Session) -> None:
    session.run(
        """
        let K0 = <>
        let K1 = <K0>
        let K2 = <K0, K1, K1>
        let K3 = <K2, K1 + K1, K1>
        let K4 = <K3, K1 + K2, K2, K1 + K1>
        let K5 = <K4, K1 + K3, K2 + K2, K3, K1 + K2>
        let K(n) = < K(a) + K(n - a - k) for k in 1..=2 for a in 0..=n - k >
        """
    )
    assert [session[f"K{n}"].nimber for n in range(6)] == [0, 1, 2, 3, 1, 4]
    # The notes' list: 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2.
    expected = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2]
    assert session.seq("K", range(20)) == expected
    assert session.seq("kayles", range(20)) == expected
    period = session.period("kayles")
    assert period is not None
    assert (period.preperiod, period.length) == (71, 12)


def test_green_hackenbush_pictures_are_nim_heaps(session: grundy.Session) -> None:
    snake = session.game('hackenbush("g-a a-b b-c")')
    assert snake == grundy.nim(3)
    triangle = session.game('hackenbush("g-a a-b a-c b-c")')
    assert (snake + triangle).nimber == 3 ^ triangle.nimber


def test_the_seeds_worksheet_runs_without_an_error(session: grundy.Session) -> None:
    text = (ROOT / "examples" / "seeds.game").read_text()
    outputs = session.run(text)
    assert [o for o in outputs if o.kind != "answer"] == []
    asserts = [o for o in outputs if o.json["kind"] == "assert"]
    assert asserts and all(o.json["holds"] for o in asserts)
