"""The executed example notebook in a real browser: nbconvert's HTML in headless Chromium,
its plot and DAG pictures drawn with a size, and not blank on the screenshot.

Without Chromium this skips, unless GRUNDY_REQUIRE_BROWSER=1 (CI), when it fails."""

from __future__ import annotations

import os

import pytest
from browser import chromium, measure, screenshot, to_html
from conftest import needs_dag_pictures

if chromium() is None:
    reason = (
        "no Chromium on PATH (chromium, chromium-browser or google-chrome): the example "
        "notebook is not checked in a browser; Debian and Ubuntu: apt-get install chromium"
    )
    if os.environ.get("GRUNDY_REQUIRE_BROWSER") == "1":
        raise RuntimeError(f"GRUNDY_REQUIRE_BROWSER=1 but {reason}")
    pytest.skip(reason, allow_module_level=True)

Image = pytest.importorskip("PIL.Image")


@pytest.fixture(scope="module")
def rendered(executed_notebook, tmp_path_factory):
    _, path = executed_notebook
    folder = tmp_path_factory.mktemp("browser")
    page = to_html(path, folder / "course.html")
    found = measure(page, folder)
    shot = screenshot(page, found["height"], folder / "page.png", folder)
    return found, Image.open(shot).convert("RGB")


def pictures_of(found: dict, source: str) -> list[dict]:
    return [p for p in found["pictures"] if p["cell"].strip().startswith(source)]


def ink(image, box: dict) -> float:
    """The share of the box's pixels that are not near white."""
    left, top = int(box["left"]), int(box["top"])
    part = image.crop((left, top, left + int(box["width"]), top + int(box["height"])))
    levels = part.convert("L").histogram()
    return sum(levels[:200]) / max(1, sum(levels))


@pytest.mark.parametrize(
    "source",
    [
        "plot seq(kayles, 0..500)",
        pytest.param("let rook(i, j)", marks=needs_dag_pictures),
        pytest.param("dot hackenbush", marks=needs_dag_pictures),
    ],
)
def test_the_picture_is_drawn_and_not_blank(rendered, source):
    found, image = rendered
    (picture,) = pictures_of(found, source)
    assert picture["decoded"], "the browser could not read the SVG"
    assert picture["width"] > 100 and picture["height"] > 50
    # Marks, axes and labels put ink on the page where the picture is.
    assert ink(image, picture) > 0.005


def test_the_screenshot_is_the_whole_page_and_not_blank(rendered):
    found, image = rendered
    assert image.size[1] == found["height"]
    assert (
        ink(
            image,
            {"left": 0, "top": 0, "width": image.size[0], "height": image.size[1]},
        )
        > 0.01
    )
