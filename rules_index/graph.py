"""The rules graph: every parsed rulebook linked into one networkx ``MultiDiGraph``.

Built in two phases, as Sphinx does: first every object is noted (rule and term nodes, the
``child`` edges of the hierarchy), then references and term uses are resolved against what
was noted. A dangling reference is a warning with a type (``ref.rule``), never an edge.

Node keys:
- rule nodes ``rule:<game>/<document>@<version>#<id>`` with attributes ``type="rule"``, game,
  document, version, id, title, text, depth, order, kind, parent, path, first_line, last_line;
- term nodes ``term:<game>/<document>@<version>#<key>`` with ``type="term"``, key, name, rule_id.

Edges (``key`` is the edge type): ``child`` (parent → child), ``references`` (source → target,
with the matched text and offsets), ``defines`` (rule → term), ``uses`` (rule → term, with
offsets), ``cited_by`` (rule → ``step:<game>/<scenario>#<n>`` nodes, added from scenario traces).

The index is cached on disk one file per book (``<cache>/books/``), each keyed by the content
of its source file, its manifest entry and this package's code, so a warm look-up reads only
the book it needs (see :class:`BookCache`).
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import io
import operator
import os
import pickle
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rules_index.catalog import Catalog, Game, load_catalog, parse_document
from rules_index.errors import UnknownRuleError
from rules_index.ids import normalise_rule_id as normalise_rule_id
from rules_index.model import DocumentInfo, LintIssue, Reference, Rule, RuleBook, Term, TermUse

if TYPE_CHECKING:
    import networkx as nx

    from rules_index.diff.histories import HeldVersion

BookKey = tuple[str, str, str]
"""(game, document, version)."""


def rule_node(game: str, document: str, version: str, rule_id: str) -> str:
    """The graph key of a rule node."""
    return f"rule:{game}/{document}@{version}#{rule_id}"


def term_node(game: str, document: str, version: str, key: str) -> str:
    """The graph key of a term node."""
    return f"term:{game}/{document}@{version}#{key}"


@dataclass(slots=True)
class BookIndex:
    """One parsed book with what was resolved in it."""

    book: RuleBook
    """The parsed book."""
    rules: dict[str, Rule]
    """Rules by id."""
    references: list[Reference]
    """Resolved cross-references, in document order."""
    terms: list[Term]
    """Defined terms, in document order of their defining rule."""
    uses: list[TermUse]
    """Where terms are used."""
    lint: list[LintIssue]
    """Parser findings plus unresolved references."""
    children: dict[str | None, list[str]] = field(default_factory=dict)
    """Child ids by parent id (None for top-level), in document order."""

    @property
    def info(self) -> DocumentInfo:
        """Which document and version this is."""
        return self.book.info


@dataclass(slots=True)
class RulesIndex:
    """Every book of every game, parsed and linked. Use :func:`load_index` to get one."""

    catalog: Catalog
    """The games and documents held."""
    books: Mapping[BookKey, BookIndex]
    """Every parsed book by (game, document, version) (a :class:`BookCache` reads each on first use)."""
    fingerprint: str
    """The cache key it was built for."""
    _graph: nx.MultiDiGraph | None = None
    """The rules graph, built on first use (look-ups do not need networkx)."""

    @property
    def graph(self) -> nx.MultiDiGraph:
        """The rules graph of every book (built from the books on first use, never hand-edited)."""
        if self._graph is None:
            self._graph = build_graph(self.books.values())
        return self._graph

    def held_version(self, key: BookKey) -> RuleBook | HeldVersion:
        """A book as a history reads it: from the book cache, only its key, the book read when a
        diff of it must be computed; otherwise the book itself."""
        from rules_index.diff.histories import HeldVersion

        books = self.books
        if isinstance(books, BookCache):
            try:
                fingerprint = books.cache_key(key)
            except OSError:
                return books[key].book
            return HeldVersion(key[2], f"book:{fingerprint}", lambda: books[key].book)
        return books[key].book

    def book(self, game: str, document: str | None = None, version: str | None = None) -> BookIndex:
        """The book of ``game`` (default document, newest version unless named)."""
        g = self.catalog.game(game)
        info = g.document(document).version(version)
        return self.books[(info.game, info.document, info.version)]

    def rule(self, game: str, rule_id: str, document: str | None = None, version: str | None = None) -> Rule:
        """The rule ``rule_id``; raises UnknownRuleError naming the nearest existing ids."""
        bi = self.book(game, document, version)
        wanted = normalise_rule_id(rule_id)
        rule = bi.rules.get(wanted) or _loose_match(bi, wanted)
        if rule is None:
            suggestions = nearest_ids(wanted, list(bi.rules))
            book = f"{self.catalog.game(game).short} {bi.info.document} {bi.info.version}"
            if suggestions:
                raise UnknownRuleError.from_message(
                    "{book}: no rule {rule}; nearest: {nearest}",
                    tuple(suggestions),
                    book=book,
                    rule=repr(rule_id),
                    nearest=", ".join(suggestions),
                )
            raise UnknownRuleError.from_message("{book}: no rule {rule}", (), book=book, rule=repr(rule_id))
        return rule

    def breadcrumb(self, bi: BookIndex, rule: Rule) -> list[Rule]:
        """The ancestors of ``rule``, outermost first."""
        chain: list[Rule] = []
        parent = rule.parent
        while parent is not None:
            ancestor = bi.rules[parent]
            chain.append(ancestor)
            parent = ancestor.parent
        return list(reversed(chain))

    def references_from(self, bi: BookIndex, rule_id: str) -> list[Reference]:
        """References written in ``rule_id``'s text, in text order."""
        return [ref for ref in bi.references if ref.source == rule_id]

    def references_to(self, bi: BookIndex, rule_id: str) -> list[Reference]:
        """References to ``rule_id`` from other rules, in document order."""
        return [ref for ref in bi.references if ref.target == rule_id]

    def terms_defined_by(self, bi: BookIndex, rule_id: str) -> list[Term]:
        """Terms whose defining rule is ``rule_id``."""
        return [term for term in bi.terms if term.rule_id == rule_id]

    def terms_used_in(self, bi: BookIndex, rule_id: str) -> list[Term]:
        """Terms used in ``rule_id`` (each once), in order of first use."""
        by_key = {term.key: term for term in bi.terms}
        seen: dict[str, Term] = {}
        for use in bi.uses:
            if use.rule_id == rule_id and use.key not in seen:
                seen[use.key] = by_key[use.key]
        return list(seen.values())

    def graph_size(self) -> tuple[int, int]:
        """The number of nodes and edges of :attr:`graph`, counted without building it (nor importing networkx)."""
        if self._graph is not None:
            return self._graph.number_of_nodes(), self._graph.number_of_edges()
        nodes: set[str] = set()
        edges: set[tuple[str, str, str]] = set()
        for bi in self.books.values():
            info = bi.info

            def node(rule_id: str, info: DocumentInfo = info) -> str:
                return rule_node(info.game, info.document, info.version, rule_id)

            def term(key: str, info: DocumentInfo = info) -> str:
                return term_node(info.game, info.document, info.version, key)

            nodes.update(node(rule.id) for rule in bi.book.rules)
            nodes.update(term(t.key) for t in bi.terms)
            edges.update((node(r.parent), node(r.id), "child") for r in bi.book.rules if r.parent is not None)
            edges.update((node(ref.source), node(ref.target), f"references:{i}") for i, ref in enumerate(bi.references))
            edges.update((node(t.rule_id), term(t.key), "defines") for t in bi.terms)
            edges.update((node(use.rule_id), term(use.key), f"uses:{i}") for i, use in enumerate(bi.uses))
        for source, target, _ in edges:  # an edge to an id never noted adds its node, as in networkx
            nodes.add(source)
            nodes.add(target)
        return len(nodes), len(edges)

    def load_all(self, progress: Callable[[DocumentInfo], None] | None = None) -> None:
        """Read (or parse and cache) every book now; ``progress`` is told of each as it starts."""
        if isinstance(self.books, BookCache):
            self.books.load_all(progress)
        elif progress is not None:
            for bi in self.books.values():
                progress(bi.info)

    def games(self) -> tuple[Game, ...]:
        """Every game held."""
        return self.catalog.games

    def all_lint(self) -> Iterator[tuple[BookIndex, LintIssue]]:
        """Every lint finding of every book."""
        for bi in self.books.values():
            for issue in bi.lint:
                yield bi, issue


def _loose_match(bi: BookIndex, wanted: str) -> Rule | None:
    """The one rule whose id matches ``wanted`` when slashes inside headings may be typed as ``/``.

    Outline ids escape a ``/`` inside a heading as ``∕`` (U+2215); a judge types ``/``. Spacing
    and width are ignored too. Returns None unless exactly one id matches.
    """
    key = loose_rule_id(wanted)
    found = [rule for rule_id, rule in bi.rules.items() if loose_rule_id(rule_id) == key]
    return found[0] if len(found) == 1 else None


def loose_rule_id(text: str) -> str:
    """A rule id as :meth:`RulesIndex.rule` compares it when it is not found as typed: ``∕`` as ``/``, spacing and
    width ignored."""
    from rules_index.normalize import search_key

    return search_key(text.replace("\u2215", "/"))


def nearest_ids(wanted: str, ids: list[str], limit: int = 5) -> list[str]:
    """Existing ids nearest to ``wanted``: its deepest existing ancestor and that one's children first.

    The ancestor is found by dropping the last token (a run of digits or of letters) of the id
    at a time: ``704.6e`` → ``704.6``; ``15.1.1.9.99`` → ``15.1.1.9``. Close spellings follow.
    """
    import difflib
    import re

    known = set(ids)
    out: list[str] = []
    tokens = re.findall(r"\d+|[^\W\d_]+|[^\w]+|_", wanted)
    while tokens:
        tokens.pop()
        while tokens and not tokens[-1][0].isalnum():
            tokens.pop()
        prefix = "".join(tokens)
        if prefix in known:
            out.append(prefix)
            out.extend(i for i in ids if i != prefix and _is_direct_child(prefix, i))
            break
    for close in difflib.get_close_matches(wanted, ids, n=limit, cutoff=0.6):
        if close not in out:
            out.append(close)
    return out[:limit]


def _is_direct_child(parent: str, candidate: str) -> bool:
    import re

    rest = candidate[len(parent) :] if candidate.startswith(parent) else ""
    return bool(re.fullmatch(r"(?:[.\-/]?\d+|[a-z])", rest.rstrip(".")))


def build_book_index(book: RuleBook) -> BookIndex:
    """Phase one and two for one book: note its rules, then resolve references and terms."""
    from rules_index.refs import find_references
    from rules_index.terms import find_terms, find_uses

    rules = book.by_id()
    children: dict[str | None, list[str]] = {}
    for rule in book.rules:
        children.setdefault(rule.parent, []).append(rule.id)
    references, ref_lint = find_references(book)
    terms = find_terms(book)
    uses = find_uses(book, terms)
    return BookIndex(
        book=book,
        rules=rules,
        references=references,
        terms=terms,
        uses=uses,
        lint=list(book.lint) + ref_lint,
        children=children,
    )


def build_graph(books: Iterable[BookIndex]) -> nx.MultiDiGraph:
    """The rules graph of ``books``: rule and term nodes, child/references/defines/uses edges."""
    import networkx as nx

    graph = nx.MultiDiGraph()
    indexed = list(books)
    # Phase one: note every object.
    for bi in indexed:
        info = bi.info
        for rule in bi.book.rules:
            graph.add_node(
                rule_node(info.game, info.document, info.version, rule.id),
                type="rule",
                game=info.game,
                document=info.document,
                version=info.version,
                id=rule.id,
                title=rule.title,
                text=rule.text,
                depth=rule.depth,
                order=rule.order,
                kind=rule.kind.value,
                parent=rule.parent,
                path=rule.span.path,
                first_line=rule.span.first_line,
                last_line=rule.span.last_line,
                examples=tuple(ex.text for ex in rule.examples),
            )
        for term in bi.terms:
            graph.add_node(
                term_node(info.game, info.document, info.version, term.key),
                type="term",
                game=info.game,
                document=info.document,
                version=info.version,
                key=term.key,
                name=term.name,
                rule_id=term.rule_id,
            )
    # Phase two: resolve.
    for bi in indexed:
        info = bi.info

        def node(rule_id: str, info: DocumentInfo = info) -> str:
            return rule_node(info.game, info.document, info.version, rule_id)

        for rule in bi.book.rules:
            if rule.parent is not None:
                graph.add_edge(node(rule.parent), node(rule.id), key="child")
        for i, ref in enumerate(bi.references):
            graph.add_edge(
                node(ref.source),
                node(ref.target),
                key=f"references:{i}",
                type="references",
                text=ref.text,
                start=ref.start,
                end=ref.end,
            )
        for term in bi.terms:
            graph.add_edge(
                node(term.rule_id),
                term_node(info.game, info.document, info.version, term.key),
                key="defines",
                type="defines",
            )
        for i, use in enumerate(bi.uses):
            graph.add_edge(
                node(use.rule_id),
                term_node(info.game, info.document, info.version, use.key),
                key=f"uses:{i}",
                type="uses",
                start=use.start,
                end=use.end,
            )
    return graph


def build_index(catalog: Catalog) -> RulesIndex:
    """Parse every document version of the catalog and link them (no cache)."""
    books: dict[BookKey, BookIndex] = {}
    for info in catalog.all_documents():
        books[(info.game, info.document, info.version)] = build_book_index(parse_document(catalog, info))
    return RulesIndex(catalog=catalog, books=books, fingerprint=index_fingerprint(catalog))


def index_fingerprint(catalog: Catalog) -> str:
    """The code of this package and which documents the catalog holds (each book's content is in its own key)."""
    digest = hashlib.sha256(code_fingerprint().encode())
    for info in catalog.all_documents():
        digest.update(repr(info).encode())
    return digest.hexdigest()[:32]


def code_files() -> list[Path]:
    """The modules of this package whose code makes a book's index (the parsers and linkers), sorted."""
    return sorted(Path(__file__).resolve().parent.glob("*.py"))


@functools.cache
def code_fingerprint() -> str:
    """A digest of this package's code (see :func:`code_files`): part of every book's cache key."""
    digest = hashlib.sha256()
    for path in code_files():
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:32]


def book_cache_key(catalog: Catalog, info: DocumentInfo) -> str:
    """A book's cache key: the code, the document's manifest entry and the bytes of the file it is parsed from."""
    digest = hashlib.sha256(code_fingerprint().encode())
    digest.update(repr(info).encode())
    digest.update(catalog.path(info).read_bytes())
    return digest.hexdigest()[:32]


def cache_dir() -> Path:
    """Where the index cache lives.

    ``$JUDGEKIT_CACHE``, else ``$XDG_CACHE_HOME/judgekit``, else ``~/.cache/judgekit``.
    """
    env = os.environ.get("JUDGEKIT_CACHE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "judgekit"


class BookCache(Mapping[BookKey, BookIndex]):
    """Every book of a catalog by (game, document, version), each read on first use from its own cache file.

    A book whose file is missing or stale is parsed, linked and written back (atomically). A
    look-up of one rule reads one file; :meth:`load_all` reads them all.
    Iteration follows the catalog's order.
    """

    def __init__(self, catalog: Catalog, folder: Path | None) -> None:
        self._catalog = catalog
        self._folder = folder
        self._infos = {(i.game, i.document, i.version): i for i in catalog.all_documents()}
        self._loaded: dict[BookKey, BookIndex] = {}

    def __getitem__(self, key: BookKey) -> BookIndex:
        found = self._loaded.get(key)
        if found is None:
            info = self._infos[key]
            path = self._path(info)
            found = _read_book(path) if path is not None else None
            if found is None:
                found = build_book_index(parse_document(self._catalog, info))
                if path is not None:
                    _write_book(path, dump_book(found))
            self._loaded[key] = found
        return found

    def __iter__(self) -> Iterator[BookKey]:
        return iter(self._infos)

    def __len__(self) -> int:
        return len(self._infos)

    def __contains__(self, key: object) -> bool:
        return key in self._infos

    def load_all(self, progress: Callable[[DocumentInfo], None] | None = None) -> None:
        """Read (or parse and cache) every book, in catalog order; ``progress`` is told of each as it starts.

        One process: parsing the shipped books (or two editions of Magic's rules) in worker
        processes was slower on the 2-core machine this was measured on, with other jobs running.
        """
        for key, info in self._infos.items():
            if progress is not None:
                progress(info)
            self[key]

    def cache_key(self, key: BookKey) -> str:
        """The cache key of a book (changes with its file, its manifest entry and the parser code)."""
        return book_cache_key(self._catalog, self._infos[key])

    def _path(self, info: DocumentInfo) -> Path | None:
        if self._folder is None:
            return None
        try:
            key = book_cache_key(self._catalog, info)
        except OSError:
            return None  # an unreadable source is reported by the parse, not here
        return self._folder / f"{_identity(info)}-{key}.pickle"


def _identity(info: DocumentInfo) -> str:
    """A file-name-safe name of a document version and the library it comes from."""
    where = hashlib.sha256(f"{info.library}\x1f{info.game}\x1f{info.document}\x1f{info.version}".encode())
    return where.hexdigest()[:16]


class _ValuePickler(pickle.Pickler):
    """Pickles the index's frozen value types as constructor calls, which load about three times faster."""

    def reducer_override(self, obj: object) -> Any:
        cls = type(obj)
        fields = _init_fields(cls) if cls.__module__.startswith("rules_index.") else None
        if fields is None:
            return NotImplemented
        return cls, fields(obj)


_INIT_FIELDS: dict[type, Callable[[Any], tuple[Any, ...]] | None] = {}


def _init_fields(cls: type) -> Callable[[Any], tuple[Any, ...]] | None:
    """A getter of a dataclass's fields in constructor order, or None when not every field is an argument."""
    if cls not in _INIT_FIELDS:
        fields = dataclasses.fields(cls) if dataclasses.is_dataclass(cls) else ()
        names = [f.name for f in fields]
        if not fields or not all(f.init for f in fields):
            _INIT_FIELDS[cls] = None
        elif len(names) == 1:
            _INIT_FIELDS[cls] = _one_field(names[0])
        else:
            _INIT_FIELDS[cls] = operator.attrgetter(*names)
    return _INIT_FIELDS[cls]


def _one_field(name: str) -> Callable[[Any], tuple[Any, ...]]:
    def get(obj: Any) -> tuple[Any, ...]:
        return (getattr(obj, name),)

    return get


def dump_book(book: BookIndex) -> bytes:
    """A book serialised for the cache."""
    buffer = io.BytesIO()
    _ValuePickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(book)
    return buffer.getvalue()


def load_book(data: bytes) -> BookIndex:
    """A book from :func:`dump_book`'s bytes."""
    book = pickle.loads(data)
    if not isinstance(book, BookIndex):
        raise TypeError(f"expected a BookIndex, got {type(book).__name__}")
    return book


def _read_book(path: Path) -> BookIndex | None:
    """The cached book at ``path``, or None when there is none or it cannot be read."""
    try:
        return load_book(path.read_bytes())
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, IndexError):
        return None  # a stale or broken cache is rebuilt


def _write_book(path: Path, data: bytes) -> None:
    """Write a book's cache file atomically and remove that book's older ones.

    A cache that cannot be written is not an error.
    """
    import tempfile

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        prefix = path.name.split("-", 1)[0]
        for old in path.parent.glob(f"{prefix}-*.pickle"):
            if old != path:
                old.unlink(missing_ok=True)
        for legacy in path.parent.parent.glob("index-*.pickle"):  # the one-file cache of earlier versions
            legacy.unlink(missing_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".book-", suffix=".tmp")
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except OSError:
        return


def load_index(catalog: Catalog | None = None, *, use_cache: bool = True) -> RulesIndex:
    """The rules index; each book is read from its cache file on first use (parsed and cached when stale)."""
    catalog = catalog or load_catalog()
    if not use_cache:
        return build_index(catalog)
    books = BookCache(catalog, cache_dir() / "books")
    return RulesIndex(catalog=catalog, books=books, fingerprint=index_fingerprint(catalog))
