"""Ctrl-C (SIGINT) stops a long computation with KeyboardInterrupt; the session goes on."""

from __future__ import annotations

import grundy
from interrupting import interrupted

# More work than the steps limit below allows (which takes a few seconds to reach, well past
# the interrupt at half a second): without the interrupt these stop
# on that limit with a GrundyError, seconds later, and the test fails.
LONG = "count(a < b for a in 0..100000 for b in 0..100000)"


def test_ctrl_c_stops_a_statement_and_the_session_goes_on() -> None:
    session = grundy.Session(steps=10**9)
    session.run("let G = *3")
    interrupted(lambda: session.run(LONG))
    assert session["G"].nimber == 3
    [answer] = session.run("G + *1")
    assert answer.value.nimber == 2


def test_ctrl_c_stops_a_family_and_what_it_computed_stays_usable() -> None:
    session = grundy.Session(steps=10**9)
    # Every smaller heap is an option: no table shortcut, quadratic work.
    session.run("let S(n) = < S(k) for k in 0..n >")
    interrupted(lambda: session.seq("S", range(100000)))
    assert session.seq("S", range(5)) == [0, 1, 2, 3, 4]
    interrupted(lambda: session.eval(LONG))
    assert session.eval("1 + 1") == 2


def test_ctrl_c_stops_a_question_about_a_game() -> None:
    session = grundy.Session(steps=10**9)
    session.run("let S(n) = < S(k) for k in 0..n >")
    small = session.game("S(3)")
    interrupted(lambda: session.game("S(100000)"))
    assert small.nimber == 3
    assert (small + session.nim(1)).why(session.nim(2)).holds is True


def test_sessions_answer_from_other_threads() -> None:
    from concurrent.futures import ThreadPoolExecutor

    session = grundy.Session()
    with ThreadPoolExecutor(max_workers=4) as pool:
        values = list(pool.map(lambda n: session.game(f"kayles({n})").nimber, range(40)))
    assert values == session.seq("kayles", range(40))
