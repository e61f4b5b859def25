"""Registers the kernel with Jupyter (a kernelspec: kernel.json and the logo)."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

from . import DISPLAY_NAME, KERNEL_NAME

HERE = Path(__file__).parent


def kernel_json() -> dict:
    """The spec: this Python runs the kernel, so the kernel finds the grundy it came with."""
    return {
        "argv": [sys.executable, "-m", "grundy.kernel", "-f", "{connection_file}"],
        "display_name": DISPLAY_NAME,
        "language": "grundy",
        # Jupyter stops a computation with SIGINT, which the module turns into KeyboardInterrupt.
        "interrupt_mode": "signal",
        "metadata": {"debugger": False},
    }


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m grundy.kernel",
        description="Register (or remove) the grundy kernel with Jupyter.",
    )
    parser.add_argument("action", choices=["install", "uninstall"])
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--user",
        action="store_true",
        help="for this user only (~/.local/share/jupyter)",
    )
    where.add_argument(
        "--sys-prefix",
        action="store_true",
        help="into this Python's prefix (a virtual environment or conda env)",
    )
    where.add_argument(
        "--prefix", help="under this prefix (PREFIX/share/jupyter/kernels)"
    )
    parser.add_argument(
        "--name", default=KERNEL_NAME, help="the kernel's name (default: grundy)"
    )
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    args = parse(argv)
    try:
        from jupyter_client.kernelspec import KernelSpecManager
    except ImportError:
        print(
            "the kernel needs Jupyter: pip install 'grundy[jupyter]'", file=sys.stderr
        )
        return 2
    manager = KernelSpecManager()
    if args.action == "uninstall":
        try:
            manager.remove_kernel_spec(args.name)
        except KeyError:
            print(f"no kernel named {args.name} is installed", file=sys.stderr)
            return 1
        print(f"removed the kernel {args.name}")
        return 0
    prefix = sys.prefix if args.sys_prefix else args.prefix
    with tempfile.TemporaryDirectory() as folder:
        spec = Path(folder) / args.name
        spec.mkdir()
        (spec / "kernel.json").write_text(json.dumps(kernel_json(), indent=1) + "\n")
        shutil.copy(HERE / "logo-svg.svg", spec / "logo-svg.svg")
        os.chmod(spec, 0o755)
        installed = manager.install_kernel_spec(
            str(spec), args.name, user=args.user, prefix=prefix
        )
    print(f"installed the kernel {args.name} in {installed}")
    return 0
