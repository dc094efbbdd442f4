"""The site's search index: every rule of every book, written as a script.

Browsers will not ``fetch`` a JSON file from ``file://``, so the index is a script that sets
``window.JUDGEKIT_SEARCH``; ``site/static/search.js`` matches and ranks exactly as
:func:`rules_index.search.search_book` does (its normalisation mirrors
:func:`rules_index.normalize.search_key`). The index keeps the published text; the keys are
computed in the browser, so Python and JS share one normalisation each, not a stored form.

Layout (arrays keep it small)::

    {"books": [{"key", "game", "short", "title", "version", "path"}],
     "rules": [[book, id, title, text, examples, parent, path], ...],   # document order per book
     "terms": [[book, rule, [name, alias, ...]], ...]}                  # rule: index into rules

``examples`` is the examples' texts joined by ``\\n`` (as the Python search joins them),
``parent`` an index into ``rules`` or -1, ``path`` the rule's place from the site root.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judgekit.site.books import BookPages

GLOBAL = "JUDGEKIT_SEARCH"
"""The name of the global the script sets."""


def search_index_data(books: Mapping[tuple[str, str, str], BookPages]) -> dict[str, Any]:
    """The search index as plain data, books in catalog order, rules in document order."""
    out_books: list[dict[str, str]] = []
    rules: list[list[Any]] = []
    terms: list[list[Any]] = []
    for b, (key, book) in enumerate(books.items()):
        info = book.bi.info
        out_books.append(
            {
                "key": "/".join(key),
                "game": info.game,
                "short": book.short,
                "title": info.title,
                "version": info.version,
                "path": book.paths.toc,
            }
        )
        position: dict[str, int] = {}
        for rule in book.bi.book.rules:
            position[rule.id] = len(rules)
            rules.append(
                [
                    b,
                    rule.id,
                    rule.title,
                    rule.text,
                    "\n".join(ex.text for ex in rule.examples),
                    position.get(rule.parent, -1) if rule.parent is not None else -1,
                    book.views[rule.id].home,
                ]
            )
        for term in book.bi.terms:
            if term.rule_id in position:
                terms.append([b, position[term.rule_id], [term.name, *term.aliases]])
    return {"books": out_books, "rules": rules, "terms": terms}


def search_index_script(books: Mapping[tuple[str, str, str], BookPages]) -> str:
    """The search index as a script for ``search-index.js``."""
    text = json.dumps(search_index_data(books), ensure_ascii=False, separators=(",", ":"))
    text = text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return f"window.{GLOBAL} = {text};\n"
