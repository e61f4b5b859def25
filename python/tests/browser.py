"""The executed notebook as a person sees it: converted to HTML by nbconvert, loaded in
headless Chromium, its pictures measured and the page photographed.

`python python/tests/browser.py docs/pictures/notebook.png` runs the example notebook and
writes the picture the docs show (the Kayles part of the page)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

# Measures each picture of the page once it has loaded, for --dump-dom to print.
PROBE = """
<script>
window.addEventListener("load", () => {
  const pictures = [...document.querySelectorAll(".jp-RenderedSVG img, .jp-RenderedSVG svg")]
    .map((e) => {
      const box = e.getBoundingClientRect();
      const cell = e.closest(".jp-Cell");
      return {
        tag: e.tagName.toLowerCase(),
        decoded: e.tagName === "IMG" ? e.complete && e.naturalWidth > 0 : true,
        left: box.left + window.scrollX, top: box.top + window.scrollY,
        width: box.width, height: box.height,
        cell: cell ? cell.querySelector(".jp-InputArea-editor").innerText : "",
      };
    });
  const headings = [...document.querySelectorAll("h2")].map((h) => ({
    text: h.innerText, top: h.getBoundingClientRect().top + window.scrollY,
  }));
  const probe = document.createElement("script");
  probe.type = "application/json";
  probe.id = "grundy-probe";
  probe.textContent = JSON.stringify({
    pictures, headings, height: document.documentElement.scrollHeight,
  });
  document.body.appendChild(probe);
});
</script>
"""

WIDTH = 1200


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if found := shutil.which(name):
            return found
    return None


def to_html(notebook_path: Path, out: Path) -> Path:
    """The notebook as nbconvert writes it (the lab template), with the probe added."""
    from nbconvert import HTMLExporter

    page, _ = HTMLExporter().from_filename(str(notebook_path))
    out.write_text(page.replace("</body>", PROBE + "</body>"))
    return out


def _run(page: Path, *flags: str, profile: Path) -> str:
    command = [
        chromium(),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
        "--force-device-scale-factor=1",
        # The page asks a CDN for require.js and MathJax: fail at once, there is no network.
        "--host-resolver-rules=MAP * ~NOTFOUND",
        f"--user-data-dir={profile}",
        "--virtual-time-budget=10000",
        *flags,
        page.as_uri(),
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        raise RuntimeError(
            f"chromium failed ({done.returncode}): {done.stderr[-2000:]}"
        )
    return done.stdout


def measure(page: Path, folder: Path) -> dict:
    """The pictures of the rendered page (where, how big, decoded), its headings and its
    height."""
    dom = _run(
        page, f"--window-size={WIDTH},1000", "--dump-dom", profile=folder / "dom"
    )
    found = re.search(
        r'<script type="application/json" id="grundy-probe">(.*?)</script>',
        dom,
        re.DOTALL,
    )
    if not found:
        raise RuntimeError("the page's probe did not run")
    return json.loads(found.group(1))


def screenshot(page: Path, height: int, out: Path, folder: Path) -> Path:
    """The whole page, WIDTH pixels wide, as PNG."""
    _run(
        page,
        f"--window-size={WIDTH},{height}",
        f"--screenshot={out}",
        profile=folder / "shot",
    )
    return out


def main(target: Path) -> None:
    """Runs the example notebook and writes the docs' picture of it: the Kayles section."""
    import nbformat
    from nbclient import NotebookClient
    from PIL import Image

    root = Path(__file__).resolve().parents[2]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        notebook = nbformat.read(root / "examples" / "course.ipynb", as_version=4)
        NotebookClient(notebook, timeout=300, kernel_name="grundy").execute()
        nbformat.write(notebook, folder / "course.ipynb")
        page = to_html(folder / "course.ipynb", folder / "course.html")
        found = measure(page, folder)
        shot = screenshot(page, found["height"], folder / "page.png", folder)
        plot = next(p for p in found["pictures"] if "plot seq(kayles" in p["cell"])
        kayles = next(h for h in found["headings"] if "Kayles" in h["text"])
        top, bottom = int(kayles["top"]) - 16, int(plot["top"] + plot["height"]) + 24
        Image.open(shot).crop((0, top, WIDTH, bottom)).save(target, optimize=True)


if __name__ == "__main__":
    import sys

    main(Path(sys.argv[1]))
