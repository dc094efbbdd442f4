"""``python -m judgekit`` and the ``judgekit`` console script.

A plain ``judgekit rule`` look-up is answered without importing typer (see
:mod:`judgekit.commands.fast`); every other command line goes to the typer app in
:mod:`judgekit.cli`.
"""

from __future__ import annotations

import sys


def main() -> None:
    """Entry point: the fast path when it applies, else the typer app."""
    from judgekit.commands.fast import run_fast

    code = run_fast(sys.argv[1:])
    if code is None:
        from judgekit.cli import main as typer_main

        typer_main()
        return
    raise SystemExit(code)


if __name__ == "__main__":
    main()
