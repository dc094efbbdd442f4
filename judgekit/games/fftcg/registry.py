"""The FFTCG rule registry and the rulebook it is pinned to."""

from __future__ import annotations

from judgekit.engine import Rulebook, RuleRegistry

RULEBOOK = Rulebook(game="fftcg", document="comprehensive", version="2.1.9", short="FFTCG")
"""The comprehensive rules (総合ルール ver.2.1.9) this engine implements."""

REGISTRY = RuleRegistry(RULEBOOK)
"""Every FFTCG rule function, registered by :func:`rule`."""

rule = REGISTRY.rule
"""Decorator: register an FFTCG rule function with the rule ids it may cite."""
