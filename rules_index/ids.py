"""Rule ids as users type them: the one step from what was typed to the form the index keys.

A module of its own, importing only :mod:`unicodedata`, so that a warm look-up
(:mod:`judgekit.commands.quick`) finds a rule without importing the index.
"""

from __future__ import annotations

import unicodedata


def normalise_rule_id(rule_id: str) -> str:
    """A rule id as typed by a user, in the form the index keys it (no trailing period, NFKC)."""
    text = unicodedata.normalize("NFKC", rule_id).strip()
    if text.endswith(".") and any(ch.isdigit() for ch in text):
        text = text[:-1]
    return text
