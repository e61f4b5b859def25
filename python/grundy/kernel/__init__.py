"""A Jupyter kernel whose cells are grundy statements.

`python -m grundy.kernel install --user` registers it; `python -m grundy.kernel -f FILE` is what
Jupyter runs. Importing this package stays light (no ipykernel) so that `install` can say what
is missing.
"""

KERNEL_NAME = "grundy"
DISPLAY_NAME = "grundy"

# The REPL's keywords (src/repl/helper.rs): completed and coloured as there.
KEYWORDS = (
    "let", "assert", "if", "then", "else", "for", "in", "is", "and", "or", "not", "losing",
    "winning", "why", "moves", "options", "tree", "dot", "plot", "to", "full", "all", "true",
    "false",
)  # fmt: skip
