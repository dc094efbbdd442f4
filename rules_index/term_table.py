"""Each game's term table, Japanese ↔ English (and romaji): one table that search, the site and
the trace use, so that a term is named the same everywhere.

A table is ``rules_index/term_tables/<game id>.toml``: a list of ``[[term]]`` with ``ja`` (the
term as the rulebook prints it), ``en`` (English words a judge would type) and ``romaji``. A
game without a table (an imported English rulebook) has an empty one. A table that does not
read is bad input: :class:`TermTableError` names the file and each problem.
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from pathlib import Path

from rules_index.errors import JudgekitError
from rules_index.normalize import search_key

TABLES = Path(__file__).resolve().parent / "term_tables"
"""Where the tables of the built-in games live."""


class TermTableError(JudgekitError):
    """A term table that cannot be read."""


@dataclass(frozen=True, slots=True)
class TableTerm:
    """One term of a game in both languages."""

    ja: str
    """The term as the rulebook prints it (``有利``)."""
    en: tuple[str, ...]
    """English names, the first being the one to show (``advantage``)."""
    romaji: tuple[str, ...]
    """The term in Latin letters (``yuuri``)."""


@dataclass(frozen=True, slots=True)
class TermTable:
    """A game's terms, Japanese ↔ English."""

    game: str
    """Game id."""
    terms: tuple[TableTerm, ...]
    """Every term, in the table's order."""

    def aliases(self, *, kana: bool = False) -> dict[str, tuple[str, ...]]:
        """Search key of each English or romaji name → the search keys of the Japanese terms it names.

        A name shared by several terms (``energy``) names all of them, in table order.
        """
        out: dict[str, list[str]] = {}
        for term in self.terms:
            target = search_key(term.ja, kana=kana)
            for name in (*term.en, *term.romaji):
                key = search_key(name, kana=kana)
                if key and target not in out.setdefault(key, []):
                    out[key].append(target)
        return {k: tuple(v) for k, v in out.items()}

    def english(self, ja: str) -> str | None:
        """The English name of a Japanese term, if the table has it; spacing and width do not count (the
        rulebook prints ``KO 置き場`` where the cards and the board print ``KO置き場``)."""
        key = search_key(ja)
        for term in self.terms:
            if term.en and search_key(term.ja) == key:
                return term.en[0]
        return None


def parse_term_table(text: str, where: str) -> TermTable:
    """A table from its TOML text (``where`` names it in errors)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise TermTableError(f"{where}: not valid TOML: {exc}") from exc
    problems: list[str] = []
    game = data.get("game")
    if not isinstance(game, str) or not game:
        problems.append("'game' must be the game id (a string)")
    terms: list[TableTerm] = []
    seen: set[str] = set()
    for i, entry in enumerate(data.get("term", []), 1):
        ja = entry.get("ja") if isinstance(entry, dict) else None
        if not isinstance(ja, str) or not ja.strip():
            problems.append(f"term {i}: 'ja' must be the Japanese term (a string)")
            continue
        if ja in seen:
            problems.append(f"term {i}: {ja!r} is in the table twice")
        seen.add(ja)
        lists: dict[str, tuple[str, ...]] = {}
        for field in ("en", "romaji"):
            value = entry.get(field, [])
            if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
                problems.append(f"term {i} ({ja}): {field!r} must be a list of words")
                value = []
            lists[field] = tuple(value)
        unknown = set(entry) - {"ja", "en", "romaji"}
        if unknown:
            problems.append(f"term {i} ({ja}): unknown keys {sorted(unknown)}; expected ja, en, romaji")
        terms.append(TableTerm(ja, lists["en"], lists["romaji"]))
    if problems:
        raise TermTableError(f"{where}: {len(problems)} problem(s) in the term table:\n  " + "\n  ".join(problems))
    return TermTable(str(game), tuple(terms))


@functools.cache
def term_table(game: str, tables: Path = TABLES) -> TermTable:
    """The term table of ``game`` (empty when the game has none)."""
    path = tables / f"{game}.toml"
    if not path.is_file():
        return TermTable(game, ())
    table = parse_term_table(path.read_text(encoding="utf-8"), str(path))
    if table.game != game:
        raise TermTableError(f"{path}: says game = {table.game!r}; expected {game!r} (the file's name)")
    return table
