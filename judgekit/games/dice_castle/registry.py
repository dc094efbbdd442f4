"""The dice-and-castle rule registry and the rulebook it is pinned to."""

from __future__ import annotations

from judgekit.engine import Rulebook, RuleRegistry

RULEBOOK = Rulebook(game="dice-castle", document="detailed-rules", version="第1版", short="D&C")
"""The detailed rules (【第1版】詳しいルール) this engine implements."""

REGISTRY = RuleRegistry(RULEBOOK)
"""Every dice-and-castle rule function, registered by :func:`rule`."""

rule = REGISTRY.rule
"""Decorator: register a dice-and-castle rule function with the rule ids it may cite."""
