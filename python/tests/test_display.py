"""What a notebook shows: plots as SVG, tables and proofs as HTML."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import grundy


def test_a_plot_is_an_svg_picture(session: grundy.Session) -> None:
    plot = session.plot("kayles", range(200))
    root = ElementTree.fromstring(plot.svg)
    assert root.tag.endswith("svg")
    assert plot._repr_svg_() == plot.svg
    [output] = session.run("plot seq(kayles, 0..200)")
    assert output.svg == plot.svg
    assert output.text == "plot of kayles (200 values)"
    assert output._repr_svg_() == plot.svg


def test_outputs_show_their_values_html(session: grundy.Session) -> None:
    [proof] = session.run("why *1 + *2 == *3")
    assert "grundy-proof" in proof._repr_html_()
    [number] = session.run("3 + 4")
    assert number._repr_html_() == '<pre class="grundy">7</pre>'
    [error] = session.run("1 / 0", check=False)
    assert "&lt;python&gt;" in error._repr_html_()


def test_games_show_their_value(session: grundy.Session) -> None:
    session.run("let G = <*0, *1>")
    assert session["G"]._repr_html_() == (
        "<code>G</code> ≡ <code>*2</code>: the player to move wins"
    )
