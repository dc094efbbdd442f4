"""The Code of Joker rule registry and the rules page it is pinned to."""

from __future__ import annotations

from judgekit.engine import Rulebook, RuleRegistry

RULEBOOK = Rulebook(game="code-of-joker", document="rules-page", version="2016-08-21", short="CoJ")
"""The wiki rules page this engine implements."""

REGISTRY = RuleRegistry(RULEBOOK)
"""Every Code of Joker rule function, registered by :func:`rule`."""

rule = REGISTRY.rule
"""Decorator: register a Code of Joker rule function with the rule ids it may cite."""
