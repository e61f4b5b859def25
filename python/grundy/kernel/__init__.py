"""A Jupyter kernel whose cells are grundy statements.

`python -m grundy.kernel install --user` registers it; `python -m grundy.kernel -f FILE` is what
Jupyter runs. Importing this package stays light (no ipykernel) so that `install` can say what
is missing.
"""

KERNEL_NAME = "grundy"
DISPLAY_NAME = "grundy"
