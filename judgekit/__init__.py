"""judgekit: a judge and rules-reference assistant for trading card games."""

from __future__ import annotations

__version__ = "0.1.0"
