"""The site's search index: every rule of every book, written as a script.

Browsers will not ``fetch`` a JSON file from ``file://``, so the index is a script that sets
``window.JUDGEKIT_SEARCH``; ``site/static/search.js`` matches and ranks exactly as
:func:`rules_index.search.search_book` does (its normalisation mirrors
:func:`rules_index.normalize.search_key`). The index keeps the published text; the keys are
computed in the browser, so Python and JS share one normalisation each, not a stored form.

Layout (arrays keep it small)::

    {"books": [{"key", "game", "short", "title", "version", "path", "vocab": [[word, count], ...]}],
     "rules": [[book, id, title, text, examples, parent, path], ...],   # document order per book
     "terms": [[book, rule, [name, alias, ...]], ...],                  # rule: index into rules
     "tables": {game: [[ja, [en, ...], [romaji, ...]], ...]},           # each game's term table
     "scenarios": [[game, [title for a Japanese reader, for an English one], [question, likewise],
                    [tag, ...], path, [tag path, ...], [language of each title]], ...]}

``examples`` is the examples' texts joined by ``\\n`` (as the Python search joins them),
``parent`` an index into ``rules`` or -1, ``path`` the rule's place from the site root;
``vocab`` the book's words for suggestions (:func:`rules_index.search.vocabulary`). Scenarios
are found by :func:`search_scenarios`, which ``search.js`` mirrors too.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from judgekit.site.layout import GamePaths
from rules_index.normalize import search_key
from rules_index.search import query_groups, query_terms, vocabulary
from rules_index.term_table import term_table

if TYPE_CHECKING:
    from judgekit.site.books import BookPages
    from judgekit.site.scenarios import ScenarioPage

GLOBAL = "JUDGEKIT_SEARCH"
"""The name of the global the script sets."""


@dataclass(frozen=True, slots=True)
class ScenarioEntry:
    """A scenario as search finds it."""

    game: str
    """Game id."""
    title: str
    """Its title as a Japanese reader sees it."""
    question: str
    """The question in dispute as a Japanese reader sees it (its Markdown source)."""
    tags: tuple[str, ...]
    """Its tags."""
    path: str
    """Its page, from the site root."""
    title_en: str = ""
    """Its title as an English reader sees it (the same when the file gives one language)."""
    question_en: str = ""
    """The question as an English reader sees it."""
    languages: tuple[str, str] = ("ja", "en")
    """The languages the two titles are written in (Japanese reader's, English reader's)."""

    @classmethod
    def of(cls, page: ScenarioPage) -> ScenarioEntry:
        """The entry of a scenario page: its prose for both readers (search finds either)."""
        title, question = page.text("title"), page.text("question")
        return cls(
            page.game,
            title.ja.text,
            question.ja.text,
            page.tags,
            page.path,
            title.en.text,
            question.en.text,
            (title.ja.language, title.en.language),
        )

    @property
    def searched(self) -> tuple[str, ...]:
        """The texts a query is matched against: both readers' titles and questions, then the tags."""
        return (self.title, self.title_en, self.question, self.question_en, *self.tags)


def search_scenarios(entries: Sequence[ScenarioEntry], query: str, *, kana: bool = True) -> list[ScenarioEntry]:
    """The scenarios whose title, question or tags hold every word of ``query`` (English and
    romaji words through the game's term table, as rules are searched): a tag named whole first,
    then the title holding every word, then the rest, each in the given order."""
    terms = query_terms(query, kana=kana)
    if not terms:
        return []
    ranked: list[tuple[int, int, ScenarioEntry]] = []
    for i, entry in enumerate(entries):
        groups = query_groups(terms, term_table(entry.game).aliases(kana=kana))
        tags = [search_key(t, kana=kana) for t in entry.tags]
        haystack = search_key(" ".join(entry.searched), kana=kana)
        if not all(any(alt in haystack for alt in group) for group in groups):
            continue
        title = search_key(" ".join((entry.title, entry.title_en)), kana=kana)
        if len(groups) == 1 and any(alt in tags for alt in groups[0]):
            rank = 0
        elif all(any(alt in title for alt in group) for group in groups):
            rank = 1
        else:
            rank = 2
        ranked.append((rank, i, entry))
    ranked.sort(key=lambda r: (r[0], r[1]))
    return [entry for _, _, entry in ranked]


def search_index_data(
    books: Mapping[tuple[str, str, str], BookPages], scenarios: Sequence[ScenarioPage] = ()
) -> dict[str, Any]:
    """The search index as plain data, books in catalog order, rules in document order."""
    out_books: list[dict[str, Any]] = []
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
                "vocab": [list(item) for item in vocabulary(book.bi)],
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
    tables: dict[str, list[list[Any]]] = {}
    for game in sorted({b["game"] for b in out_books} | {s.game for s in scenarios}):
        tables[game] = [[t.ja, list(t.en), list(t.romaji)] for t in term_table(game).terms]
    found = []
    for s in scenarios:
        e = ScenarioEntry.of(s)
        tag_paths = [GamePaths(s.game).tag(t) for t in s.tags]
        found.append(
            [s.game, [e.title, e.title_en], [e.question, e.question_en], list(s.tags), s.path, tag_paths, e.languages]
        )
    return {"books": out_books, "rules": rules, "terms": terms, "tables": tables, "scenarios": found}


def search_index_script(books: Mapping[tuple[str, str, str], BookPages], scenarios: Sequence[ScenarioPage] = ()) -> str:
    """The search index as a script for ``search-index.js``."""
    text = json.dumps(search_index_data(books, scenarios), ensure_ascii=False, separators=(",", ":"))
    text = text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return f"window.{GLOBAL} = {text};\n"
