"""`grundy.Grid` and `grundy.Table` of integers: what `seq(F, rows, columns)` and `seq(F, R)`
give Python, checked against nim products computed here by the mex definition, not by
grundy."""

from __future__ import annotations

import pytest

import grundy


def mex_products(size: int) -> list[list[int]]:
    """a ⊗ b = mex{a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ b' : a' < a, b' < b}."""
    table = [[0] * size for _ in range(size)]
    for a in range(size):
        for b in range(size):
            seen = {table[x][b] ^ table[a][y] ^ table[x][y] for x in range(a) for y in range(b)}
            table[a][b] = next(n for n in range(len(seen) + 1) if n not in seen)
    return table


def test_the_nim_multiplication_table_is_a_grid_of_ints(session: grundy.Session) -> None:
    grid = session.eval("seq(nim_mul, 0..16, 0..16)")
    assert isinstance(grid, grundy.Grid)
    assert grid.family == "nim_mul"
    assert grid.rows == list(range(16)) and grid.columns == list(range(16))
    assert grid.values == mex_products(16)
    assert len(grid) == 16 and grid[2] == mex_products(16)[2] and grid[-1] == grid.values[15]
    assert grid.at(2, 2) == 3 and grid.at(15, 15) == mex_products(16)[15][15]
    assert repr(grid) == "<Grid of nim_mul: 16 rows, 16 columns>"
    assert str(grid).splitlines()[0].startswith("nim_mul: values, rows a")
    with pytest.raises(IndexError):
        grid[16]
    with pytest.raises(KeyError):
        grid.at(16, 0)


def test_games_give_their_nimbers_and_loopy_ones_infinity(session: grundy.Session) -> None:
    session.run('let C = digraph("a>b b>a b>c c>d")')
    grid = session.eval('seq((x, y) => if x == y then C("b") else *(x ^ y), {1, 5}, 0..3)')
    assert grid.rows == [1, 5] and grid.columns == [0, 1, 2]
    infinite = grid.at(1, 1)
    assert isinstance(infinite, grundy.Infinity)
    assert [grid.at(1, 0), grid.at(1, 2)] == [1, 3]
    assert grid[1] == [5, 4, 7]


def test_a_grid_shows_as_an_html_table(session: grundy.Session) -> None:
    html = session.eval("seq(nim_mul, 0..3, 0..3)")._repr_html_()
    assert html.startswith('<table class="grundy-grid"><caption>nim_mul: rows a, columns b')
    assert "<tr><th>2</th><td>0</td><td>2</td><td>3</td></tr>" in html


def test_a_table_of_integers_gives_ints(session: grundy.Session) -> None:
    table = session.eval("seq(nim_sqrt, 0..16)")
    assert isinstance(table, grundy.Table)
    products = mex_products(16)
    assert [products[r][r] for r in table.values] == list(range(16))
    assert table[3] == (3, table.values[3])
    assert "<tr><td>2</td><td>3</td></tr>" in table._repr_html_()
    assert session.eval("seq(n => 2 - n, 0..4)").values == [2, 1, 0, -1]
