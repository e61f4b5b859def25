"""`python -m grundy.kernel install [--user | --sys-prefix | --prefix DIR]` registers the
kernel; `python -m grundy.kernel uninstall` removes it; `--help` says so; anything else starts
the kernel (Jupyter runs `python -m grundy.kernel -f CONNECTION_FILE`)."""

from __future__ import annotations

import sys

USAGE = """\
usage: python -m grundy.kernel {install,uninstall} [options]
       python -m grundy.kernel -f CONNECTION_FILE

The grundy kernel for Jupyter: its cells are grundy statements.

commands:
  install [--user | --sys-prefix | --prefix DIR] [--name NAME]
                        register the kernel with Jupyter (`install --help` tells the
                        options); then choose the kernel "grundy" in Jupyter
  uninstall [--name NAME]
                        remove it
  -f CONNECTION_FILE    run the kernel: Jupyter starts it so, as the kernel's
                        kernel.json says

options:
  -h, --help            show this help and exit
"""


def main(argv: list[str]) -> int:
    # Not ipykernel's help: the kernel's own commands are install and uninstall.
    if argv[:1] in (["-h"], ["--help"], ["help"]):
        print(USAGE, end="")
        return 0
    if argv[:1] == ["install"] or argv[:1] == ["uninstall"]:
        from .install import main as install_main

        return install_main(argv)
    try:
        from ipykernel.kernelapp import IPKernelApp
    except ImportError:
        print(
            "grundy.kernel needs ipykernel: pip install 'grundy[jupyter]'",
            file=sys.stderr,
        )
        return 2
    from .kernel import GrundyKernel

    IPKernelApp.launch_instance(kernel_class=GrundyKernel)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
