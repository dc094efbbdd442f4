"""Japanese-aware search over a book of the rules index.

Matching is on :func:`rules_index.normalize.search_key` (NFKC, case-folded, whitespace
removed, optionally kana-folded), so it finds words inside Japanese compounds. Every query
term must appear as a substring. Ranking: exact rule id, id prefix, defined term, title,
text. Hits carry the offsets of the matches in the original text for highlighting.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from rules_index.graph import BookIndex, normalise_rule_id
from rules_index.model import Rule
from rules_index.normalize import search_key


class MatchRank(IntEnum):
    """Why a rule matched; lower ranks first."""

    EXACT_ID = 0
    """The query is the rule's id."""
    ID_PREFIX = 1
    """The query is the start of the rule's id (``704.6`` finds ``704.6c-1``)."""
    TERM = 2
    """The rule defines a term the query names."""
    TITLE = 3
    """Every query term is in the rule's title."""
    TEXT = 4
    """Every query term is somewhere in the rule's title, text or examples."""


@dataclass(frozen=True, slots=True)
class SearchHit:
    """One rule found by a search."""

    rule: Rule
    """The rule found."""
    rank: MatchRank
    """Why it matched."""
    field: str
    """Where the first match is: ``id``, ``title``, ``text`` or ``example``."""
    spans: tuple[tuple[int, int], ...]
    """(start, end) offsets of the matches in that field's original text."""


def mapped_key(text: str, *, kana: bool = False) -> tuple[str, list[int]]:
    """``search_key(text)`` and, for each of its characters, the offset in ``text`` it came from."""
    out: list[str] = []
    origin: list[int] = []
    for i, ch in enumerate(text):
        key = search_key(ch, kana=kana)
        out.append(key)
        origin.extend([i] * len(key))
    return "".join(out), origin


def find_spans(text: str, terms: list[str], *, kana: bool = False) -> list[tuple[int, int]]:
    """Offsets in ``text`` of every occurrence of each (already normalised) term."""
    key, origin = mapped_key(text, kana=kana)
    spans: list[tuple[int, int]] = []
    for term in terms:
        if not term:
            continue
        start = key.find(term)
        while start != -1:
            end = start + len(term)
            spans.append((origin[start], origin[end - 1] + 1))
            start = key.find(term, end)
    spans.sort()
    merged: list[tuple[int, int]] = []
    for s, e in spans:
        if merged and s <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(e, merged[-1][1]))
        else:
            merged.append((s, e))
    return merged


def query_terms(query: str, *, kana: bool = False) -> list[str]:
    """The normalised terms of a query (split on whitespace, full-width spaces included)."""
    return [search_key(part, kana=kana) for part in query.split() if search_key(part, kana=kana)]


def search_book(bi: BookIndex, query: str, *, kana: bool = False, limit: int = 50) -> list[SearchHit]:
    """Rules of ``bi`` matching every term of ``query``, best first, document order within a rank.

    ``limit`` is the most hits returned, 1 or more (a ValueError otherwise: a slice by a negative
    limit would silently drop the best hits instead).
    """
    if limit < 1:
        raise ValueError(f"search limit must be 1 or more, not {limit}")
    terms = query_terms(query, kana=kana)
    if not terms:
        return []
    wanted_id = normalise_rule_id(query.strip())
    term_rules = {
        term.rule_id
        for term in bi.terms
        if any(t == search_key(name, kana=kana) for t in terms for name in (term.name, *term.aliases))
    }
    hits: list[SearchHit] = []
    for rule in bi.book.rules:
        hit = _match(rule, terms, wanted_id, rule.id in term_rules, kana=kana)
        if hit is not None:
            hits.append(hit)
    hits.sort(key=lambda h: (h.rank, h.rule.order))
    return hits[:limit]


def _match(rule: Rule, terms: list[str], wanted_id: str, defines: bool, *, kana: bool) -> SearchHit | None:
    if rule.id == wanted_id:
        return SearchHit(rule, MatchRank.EXACT_ID, "id", ((0, len(rule.id)),))
    if len(terms) == 1 and _is_id_like(wanted_id) and rule.id.startswith(wanted_id):
        return SearchHit(rule, MatchRank.ID_PREFIX, "id", ((0, len(wanted_id)),))
    examples = "\n".join(ex.text for ex in rule.examples)
    haystack = search_key(" ".join((rule.title, rule.text, examples)), kana=kana)
    if not all(t in haystack for t in terms):
        return None
    title_key = search_key(rule.title, kana=kana)
    where, spans = "text", []
    for name, text in (("title", rule.title), ("text", rule.text), ("example", examples)):
        found = find_spans(text, terms, kana=kana)
        if found:
            where, spans = name, found
            break
    if defines:
        rank = MatchRank.TERM
    elif title_key and all(t in title_key for t in terms):
        rank = MatchRank.TITLE
    else:
        rank = MatchRank.TEXT
    return SearchHit(rule, rank, where, tuple(spans))


def _is_id_like(text: str) -> bool:
    return bool(text) and text[0].isdigit()


def snippet(text: str, spans: tuple[tuple[int, int], ...], width: int = 60) -> tuple[str, list[tuple[int, int]]]:
    """A window of ``text`` around the first match, and the match offsets within the window."""
    if not spans:
        cut = text[:width]
        return cut + ("…" if len(text) > width else ""), []
    first = spans[0][0]
    start = max(0, first - width // 3)
    end = min(len(text), start + width)
    prefix = "…" if start > 0 else ""
    suffix = "…" if end < len(text) else ""
    inner = [(s - start + len(prefix), e - start + len(prefix)) for s, e in spans if s >= start and e <= end]
    return prefix + text[start:end] + suffix, inner
