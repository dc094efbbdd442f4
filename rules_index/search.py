"""Japanese-aware search over a book of the rules index.

Matching is on :func:`rules_index.normalize.search_key` (NFKC, case-folded, whitespace
removed, kana-folded unless asked not to), so it finds words inside Japanese compounds. Every
query term must appear as a substring. An English or romaji word (or run of words) that the
game's term table names (:mod:`rules_index.term_table`) also finds its Japanese term:
``advantage`` finds 有利. Ranking: exact rule id, id prefix, defined term, title, text. Hits
carry the offsets of the matches in the original text for highlighting. A search that finds
nothing gets the nearest words of the book (:func:`suggest`: 有理 → 有利).

``site/static/search.js`` mirrors this module; keep them in step (the site tests run the same
fixture queries through both).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum

from rapidfuzz.distance import Levenshtein

from rules_index.graph import BookIndex, normalise_rule_id
from rules_index.model import Rule
from rules_index.normalize import search_key
from rules_index.term_table import TermTable, term_table


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


def query_terms(query: str, *, kana: bool = True) -> list[str]:
    """The normalised terms of a query (split on whitespace, full-width spaces included)."""
    return [search_key(part, kana=kana) for part in query.split() if search_key(part, kana=kana)]


def query_groups(terms: Sequence[str], aliases: Mapping[str, Sequence[str]]) -> list[tuple[str, ...]]:
    """The query's terms as groups of alternatives: a run of terms the term table names (longest
    first, left to right) becomes one group of the run itself and the Japanese terms it names;
    any other term is a group of itself. A rule matches when every group has an alternative in it.
    """
    groups: list[tuple[str, ...]] = []
    i = 0
    while i < len(terms):
        for j in range(len(terms), i, -1):
            joined = "".join(terms[i:j])
            if joined in aliases:
                named = tuple(a for a in aliases[joined] if a != joined)
                groups.append((joined, *named))
                i = j
                break
        else:
            groups.append((terms[i],))
            i += 1
    return groups


def search_book(
    bi: BookIndex, query: str, *, kana: bool = True, limit: int = 50, table: TermTable | None = None
) -> list[SearchHit]:
    """Rules of ``bi`` matching every term of ``query``, best first, document order within a rank.

    ``limit`` is the most hits returned, 1 or more (a ValueError otherwise: a slice by a negative
    limit would silently drop the best hits instead). ``table`` is the game's term table (read
    from the game's file when not given).
    """
    if limit < 1:
        raise ValueError(f"search limit must be 1 or more, not {limit}")
    terms = query_terms(query, kana=kana)
    if not terms:
        return []
    if table is None:
        table = term_table(bi.info.game)
    groups = query_groups(terms, table.aliases(kana=kana))
    wanted_id = normalise_rule_id(query.strip())
    term_rules = {
        term.rule_id
        for term in bi.terms
        if any(search_key(name, kana=kana) in group for group in groups for name in (term.name, *term.aliases))
    }
    hits: list[SearchHit] = []
    for rule in bi.book.rules:
        hit = _match(rule, groups, wanted_id, rule.id in term_rules, kana=kana)
        if hit is not None:
            hits.append(hit)
    hits.sort(key=lambda h: (h.rank, h.rule.order))
    return hits[:limit]


def _has_all(groups: Sequence[tuple[str, ...]], haystack: str) -> bool:
    return all(any(alt in haystack for alt in group) for group in groups)


def _match(
    rule: Rule, groups: Sequence[tuple[str, ...]], wanted_id: str, defines: bool, *, kana: bool
) -> SearchHit | None:
    if rule.id == wanted_id:
        return SearchHit(rule, MatchRank.EXACT_ID, "id", ((0, len(rule.id)),))
    if len(groups) == 1 and len(groups[0]) == 1 and _is_id_like(wanted_id) and rule.id.startswith(wanted_id):
        return SearchHit(rule, MatchRank.ID_PREFIX, "id", ((0, len(wanted_id)),))
    examples = "\n".join(ex.text for ex in rule.examples)
    haystack = search_key(" ".join((rule.title, rule.text, examples)), kana=kana)
    if not _has_all(groups, haystack):
        return None
    title_key = search_key(rule.title, kana=kana)
    alternatives = [alt for group in groups for alt in group]
    where, spans = "text", []
    for name, text in (("title", rule.title), ("text", rule.text), ("example", examples)):
        found = find_spans(text, alternatives, kana=kana)
        if found:
            where, spans = name, found
            break
    if defines:
        rank = MatchRank.TERM
    elif title_key and _has_all(groups, title_key):
        rank = MatchRank.TITLE
    else:
        rank = MatchRank.TEXT
    return SearchHit(rule, rank, where, tuple(spans))


_WORD = re.compile(r"[\u4e00-\u9fff\u3005]{2,}|[\u30a1-\u30fa\u30fc\u30fb]{2,}|[A-Za-z][A-Za-z-]{2,}")
"""A word of a rulebook for suggestions: a run of kanji, of katakana, or of Latin letters."""


def vocabulary(bi: BookIndex, table: TermTable | None = None) -> list[tuple[str, int]]:
    """The book's words for suggestions, each with how often it is printed, most frequent first.

    Its defined terms, the term table's Japanese terms, and the runs of kanji, katakana and
    Latin letters in its titles and texts.
    """
    counts: Counter[str] = Counter()
    for rule in bi.book.rules:
        for text in (rule.title, rule.text):
            counts.update(_WORD.findall(text))
    for term in bi.terms:
        for name in (term.name, *term.aliases):
            counts[name] += 0
    for entry in (table if table is not None else term_table(bi.info.game)).terms:
        counts[entry.ja] += 0
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


def nearest(word: str, words: Sequence[tuple[str, int]], *, kana: bool = True, limit: int = 5) -> list[str]:
    """The words of ``words`` (word, count) nearest to ``word``: at most one edit away for a
    word of four characters or fewer, two for a longer one; nearest first, then the longest
    common start (有理 is nearer 有利 than 処理), then the most printed."""
    key = search_key(word, kana=kana)
    if not key:
        return []
    most = 1 if len(key) <= 4 else 2
    found: dict[str, tuple[int, int, int, str]] = {}
    for candidate, count in words:
        other = search_key(candidate, kana=kana)
        if other == key or other in found:
            continue
        distance = Levenshtein.distance(key, other, score_cutoff=most)
        if distance <= most:
            found[other] = (distance, -_common_start(key, other), -count, candidate)
    ranked = sorted(found.values())
    return [candidate for *_, candidate in ranked[:limit]]


def _common_start(a: str, b: str) -> int:
    n = 0
    while n < len(a) and n < len(b) and a[n] == b[n]:
        n += 1
    return n


def suggest(bi: BookIndex, query: str, *, kana: bool = True, table: TermTable | None = None) -> list[str]:
    """Queries to try instead of ``query``, which finds nothing: each word that matches no rule
    replaced by a near word of the book that does (有理 → 有利), nearest first."""
    terms = query.split()
    if table is None:
        table = term_table(bi.info.game)
    words = vocabulary(bi, table)
    aliases = table.aliases(kana=kana)
    haystacks = [
        search_key(" ".join((r.title, r.text, *(ex.text for ex in r.examples))), kana=kana) for r in bi.book.rules
    ]
    out: list[str] = []
    for i, term in enumerate(terms):
        key = search_key(term, kana=kana)
        if key in aliases or any(key in h for h in haystacks):
            continue
        for word in nearest(term, words, kana=kana):
            replaced = " ".join([*terms[:i], word, *terms[i + 1 :]])
            if replaced not in out and search_book(bi, replaced, kana=kana, limit=1, table=table):
                out.append(replaced)
        break
    return out


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
