"""`python -m grundy.kernel install [--user | --sys-prefix | --prefix DIR]` registers the
kernel; `python -m grundy.kernel uninstall` removes it; anything else starts the kernel (Jupyter
runs `python -m grundy.kernel -f CONNECTION_FILE`)."""

from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
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
