"""The Divine Cross rule registry and the rulebook it is pinned to."""

from __future__ import annotations

from judgekit.engine import Rulebook, RuleRegistry

RULEBOOK = Rulebook(game="divine-cross", document="comprehensive", version="1.0.16", short="DC")
"""The comprehensive rules this engine implements."""

REGISTRY = RuleRegistry(RULEBOOK)
"""Every Divine Cross rule function, registered by :func:`rule`."""

rule = REGISTRY.rule
"""Decorator: register a Divine Cross rule function with the rule ids it may cite."""
