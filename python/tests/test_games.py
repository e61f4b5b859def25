"""Games as Python objects: sums, equivalence, options, proofs, across sessions."""

from __future__ import annotations

import pytest

import grundy


def test_a_named_game_keeps_its_name(session: grundy.Session) -> None:
    session.run("let G = <*0, *1, <*0, *1>>")
    game = session["G"]
    assert repr(game) == "G"
    assert game.nimber == 3
    assert game.why().text.startswith("G ≡ *3")
    assert game.session is session


def test_options_and_winning_moves_are_games(session: grundy.Session) -> None:
    game = session.game("*3 + *1")
    options = game.options()
    assert sorted(o.nimber for o in options) == [0, 1, 3, 3]
    assert len(options) == 4
    assert [m.nimber for m in game.moves()] == [0]
    assert game.moves()[0] in options


def test_sums_and_equality(session: grundy.Session) -> None:
    a, b = session.game("#5"), session.game("*3")
    assert (a + b).nimber == 1 ^ 3
    assert a + b == b + a
    assert a != b
    assert sum([a, b, b]) == a
    assert len({a, session.game("*1"), b}) == 2
    with pytest.raises(TypeError):
        a + 1


def test_games_of_two_sessions_meet_as_their_nimbers(session: grundy.Session) -> None:
    session.run("let G = <*0, *2>")
    other = grundy.Session()
    heap = other.nim(1)
    total = session["G"] + heap
    assert total.session is session
    assert total.nimber == 0
    assert session["G"].why(heap).holds is True
    assert session.seq("sub", range(4), {1}) == [0, 1, 0, 1]


def test_a_proof_folds_its_steps_in_html(session: grundy.Session) -> None:
    proof = session.game("kayles(5)").why()
    assert proof.text.splitlines()[0] == proof.headline
    html = proof._repr_html_()
    assert "<details>" in html and "<summary>" in html

    def texts(steps: list) -> list[str]:
        return [s["text"] for s in steps] + [t for s in steps for t in texts(s["because"])]

    for text in texts(proof.steps):
        assert text.replace("<", "&lt;").replace(">", "&gt;") in html


def test_dot_and_tree(session: grundy.Session) -> None:
    game = session.game("<*0, *1>")
    assert game.dot().startswith("digraph")
    assert game.tree().kind == "tree"
    assert game.explain_moves().kind == "moves"


def test_proofs_write_games_as_grundy_writes_them(session: grundy.Session) -> None:
    assert session.game("kayles(5)").why().headline == "kayles(5) ≡ *4: the player to move wins."
    total = session.game("*2") + session.game("*3")
    assert total.why().headline.startswith("*2 + *3 ≡ *1")
    assert total.explain_moves().text.startswith("*2 + *3 ≡ *1")
    # Nothing the module bound is left behind.
    assert session.names() == []


def test_a_game_made_from_a_call_keeps_its_words(session: grundy.Session) -> None:
    lasker = session.game("lasker(9)")
    assert repr(lasker) == "lasker(9)"
    moves, why, tree = (o.text for o in session.run("moves lasker(9)\nwhy lasker(9)\ntree lasker(9)"))
    assert lasker.explain_moves().text == moves
    assert "lasker(9) → lasker(0) ≡ 0: take 9 chips" in moves
    assert lasker.why().text == why
    assert lasker.tree().text == tree
    session.run("let S(n) = < S(n - k) for k in 1..=3 if k <= n >")
    five = session.game("S(5)")
    assert repr(five) == "S(5)"
    assert five.why().headline == "S(5) ≡ *1: the player to move wins."
    # A call that makes a heap is still that call.
    session.run("let D(n) = < D(n - d) for d in 1..=n if n % d == 0 >")
    two = session.game("D(2)")
    assert repr(two) == "D(2)"
    assert two.why().text == session.run("why D(2)")[0].text
    # Text that would read otherwise inside a statement is put in parentheses.
    chosen = session.game("if 1 < 2 then *1 else *2  // a comment")
    assert repr(chosen) == "(if 1 < 2 then *1 else *2)"
    assert chosen.why(session.game("*1")).headline == "(if 1 < 2 then *1 else *2) ≡ *1: true."
    # Another definition: the session's name for the game still holds, and proofs say it.
    session.run("let x = 1")
    assert repr(five) == "S(5)"
    assert five.why().headline.startswith("S(5) ≡ *1")
    # S defined again: `S(5)` no longer makes this game, so the game is not called so.
    session.run("let S(n) = <*n>")
    assert "S(5)" not in repr(five)
    assert not five.why().headline.startswith("S(5)")
    assert session.names() == ["S", "D", "x"]


def test_misere_play_of_a_game(session: grundy.Session) -> None:
    nim = session.game("*1 + *2 + *3")
    assert nim.outcome == "losing" and nim.misere_outcome == "losing"
    heaps = session.game("*3 + *4 + *5")
    assert heaps.misere_outcome == "winning"
    assert [repr(m) for m in heaps.misere_moves()] == ["*1 + *4 + *5"]
    assert "Bouton's rule" in heaps.explain_moves(misere=True).text
    assert session.game("*1").misere_outcome == "losing"
    assert session.game("*2 + *2").genus == "0^02"
    assert session.game("*1 + *1").simplest().nimber == 0
    proof = session.game("*2 + *2").why(session.game("*0"), misere=True)
    assert proof.text.startswith("In misère play, *2 + *2 ≡ *0: false.")
    assert "(misère P)" in session.game("*2 + *2").tree(misere=True).text
