"""Rulebook texts → rules graph. Knows nothing about engines.

The public entry points: :func:`rules_index.catalog.load_catalog` (games and documents from the
manifests), :func:`rules_index.catalog.parse_document` (text → :class:`RuleBook`), and
:func:`rules_index.graph.load_index` (every book, parsed and linked, cached on disk).
"""

from __future__ import annotations
