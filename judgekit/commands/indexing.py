"""``judgekit index``'s work without typer: read (or parse and cache) every book, print the summary.

The typer command and the start-up fast path (:mod:`judgekit.commands.fast`) both call
:func:`show_index`, so the two print the same.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from judgekit.commands.output import cell, json_text
from judgekit.i18n import gettext as _

if TYPE_CHECKING:
    from rules_index.graph import RulesIndex

Echo = Callable[[str], None]
"""Prints one line."""


def _print(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def show_index(*, as_json: bool, echo: Echo = _print) -> None:
    """Index every rulebook (progress on stderr) and print the summary, as a table or JSON."""
    data = index_summary(load_every_book())
    if as_json:
        echo(json_text(data))
    else:
        print_index_summary(data, echo)


def load_every_book(*, plain: bool = False) -> RulesIndex:
    """The rules index with every book read (parsed and cached when stale), its progress shown on stderr.

    ``plain``: progress lines also when stderr is not a terminal (the main job's log).
    """
    from judgekit.commands.progress import progress
    from rules_index.graph import load_index

    index = load_index()
    with progress(_("indexing"), len(index.books), plain=plain) as bar:
        index.load_all(lambda info: bar.step(f"{info.game}/{info.document}@{info.version}"))
    return index


def index_summary(index: RulesIndex) -> dict[str, Any]:
    """Counts per document and for the whole graph."""
    from rules_index.model import Severity

    docs = []
    for bi in index.books.values():
        docs.append(
            {
                "game": bi.info.game,
                "document": bi.info.document,
                "version": bi.info.version,
                "rules": len(bi.book.rules),
                "examples": sum(len(r.examples) for r in bi.book.rules),
                "references": len(bi.references),
                "terms": len(bi.terms),
                "term_uses": len(bi.uses),
                "warnings": sum(1 for i in bi.lint if i.severity is not Severity.INFO),
                "changelog": len(bi.book.changelog),
            }
        )
    nodes, edges = index.graph_size()
    return {"documents": docs, "nodes": nodes, "edges": edges}


def print_index_summary(data: dict[str, Any], echo: Echo = _print) -> None:
    """The index summary as a table."""
    heads = (_("document"), _("rules"), _("ex"), _("refs"), _("terms"), _("uses"), _("warn"))
    widths = (-38, 5, 4, 5, 5, 5, 4)
    echo(" ".join(cell(head, width) for head, width in zip(heads, widths, strict=True)).rstrip())
    for d in data["documents"]:
        name = f"{d['game']}/{d['document']}@{d['version']}"
        echo(
            f"{name:<38} {d['rules']:>5} {d['examples']:>4} {d['references']:>5} "
            f"{d['terms']:>5} {d['term_uses']:>5} {d['warnings']:>4}"
        )
    echo(_("rules graph: {nodes} nodes, {edges} edges").format(nodes=data["nodes"], edges=data["edges"]))
