"""``python -m judgekit``."""

from __future__ import annotations

from judgekit.cli import main

main()
