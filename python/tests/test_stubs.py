"""The type stubs (grundy/_grundy.pyi) describe the compiled module as it is."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import grundy
import grundy._grundy as compiled

STUBS = Path(grundy.__file__).with_name("_grundy.pyi")
ALLOWLIST = Path(__file__).with_name("stubtest-allowlist.txt")


def stub_classes() -> dict[str, set[str]]:
    """Each class of the stubs with the names it declares."""
    tree = ast.parse(STUBS.read_text())
    classes = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            names = set()
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    names.add(item.name)
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    names.add(item.target.id)
            classes[node.name] = names
    return classes


def test_every_public_name_of_every_class_has_a_stub() -> None:
    classes = stub_classes()
    for name in compiled.__all__:
        value = getattr(compiled, name)
        if not isinstance(value, type) or name == "GrundyError":
            continue
        assert name in classes, name
        public = {n for n in vars(value) if not n.startswith("__")}
        assert public <= classes[name], (name, public - classes[name])


def test_the_stubs_pass_mypy_stubtest() -> None:
    ran = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "grundy", "--allowlist", str(ALLOWLIST)],
        capture_output=True,
        text=True,
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
