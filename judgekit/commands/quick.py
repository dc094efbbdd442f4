"""Warm look-ups answered from a file of every rule's answer, without loading the rules index.

Through the index, a warm ``judgekit rule`` spent most of its 85 ms before reading the rule
(``python -X importtime``, quiet 2-core machine): the index's models (dataclasses, which imports
inspect; enum), the catalog (tomllib, to read the manifests), hashlib and pickle, and reading
and hashing the parser's code and the book's source to name the book's cache file.

What ``rule`` prints depends only on the book, the manifests that resolve a game, document and
version, the code that gathers the answer, and the interface's catalogs. So after a look-up
through the index, :func:`remember` keeps, in ``<cache>/lookup/``:

- ``<book key>.marshal``: the view (:func:`judgekit.commands.lookup.rule_view`) of every rule of
  the book looked up, named by the book cache's key (its source, manifest entry and the parser's code);
- ``state.marshal``: for each rules library, how the game, document and version as typed
  resolve, which view file holds each book, the translations of the sentences ``rule`` prints,
  and the size, modification time and inode of every file and folder all that was read from.

:func:`answer` (imports :mod:`marshal` and nothing else of size) checks those with ``stat``
alone — no reading, no hashing — and returns the view of the rule as typed. When anything
differs, or the id is not in the book as typed (a loose spelling, an unknown id), it returns
None and the look-up goes through the index, which prints the nearest ids and writes the files
again. As with git's index, a file changed within :data:`RACY_NS` of the state being written
could change again keeping its size and time: a state with such a file is not written.
"""

from __future__ import annotations

import marshal
import os
import sys

from rules_index.ids import normalise_rule_id

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see judgekit.language)
if TYPE_CHECKING:
    from typing import Any

    from judgekit.commands.lookup import RuleView
    from rules_index.graph import BookIndex, RulesIndex

    Stamp = tuple[int, int, int] | None
    """Size, modification time (ns) and inode of a file or folder; None when it does not exist."""
    BookKey = tuple[str, str | None, str | None]
    """(game, document, version); document and version None where the command line names none."""
    Messages = dict[str, dict[str, str]]
    """The translation of each sentence ``rule`` prints (its message id), by language."""

LIBRARY_ENV = "JUDGEKIT_LIBRARY"
"""The environment variable naming the user's rules library (:data:`rules_index.catalog.LIBRARY_ENV`, which a
test keeps in step: that module imports the catalog's parser)."""
STATE = "state.marshal"
"""The state file's name in the folder."""
FORMAT = 1
"""The layout of the files kept here; a state of another layout is not read."""
RACY_NS = 2_000_000_000
"""How recent a file's modification time may be when a state is written (see the module's note)."""
KEPT_LIBRARIES = 8
"""States kept for this many rules libraries (``--library``) at most, the latest first."""


def answer(game: str, rule_id: str, document: str | None, version: str | None) -> tuple[RuleView, Messages] | None:
    """The view of ``rule_id`` and the translations of the sentences ``rule`` prints, by language; None when not kept.

    None also when the look-up must go through the index: something it depends on changed, or
    the book has no rule under that id as typed (normalised as the index normalises it).
    """
    try:
        state = _read_state()
        entry = state["libraries"].get(_library_key())
        if entry is None or not all(_stamp(path) == stamp for path, stamp in entry["stamps"]):
            return None
        game_id = entry["games"].get(game.strip().lower())  # as Catalog.game compares
        kept = entry["views"].get(entry["books"].get((game_id, document, version)))
        if kept is None:
            return None
        name, source, stamp = kept
        if _stamp(source) != stamp:
            return None
        with open(os.path.join(_folder(), name), "rb") as fh:
            views = marshal.load(fh)
        data = views.get(normalise_rule_id(rule_id))
        if data is None:
            return None
        view: RuleView = marshal.loads(data)
        messages: Messages = entry["messages"]
        return view, messages
    except (OSError, EOFError, ValueError, TypeError, KeyError, AttributeError):  # a damaged or foreign file
        return None


def remember(index: RulesIndex, game: str, document: str | None, version: str | None) -> None:
    """Keep the views of the book a look-up through ``index`` just read, and what resolves it (see the module's note).

    A cache that cannot be written is no error; nor is one left unwritten (:data:`RACY_NS`).
    """
    import time

    from judgekit.commands.lookup import RULE_MESSAGES
    from judgekit.i18n import LANGUAGES, catalog_path, translations
    from rules_index.catalog import user_library
    from rules_index.graph import BookCache, code_files

    books = index.books
    if not isinstance(books, BookCache):
        return  # an index built without its cache
    catalog = index.catalog
    bi = index.book(game, document, version)
    key = (bi.info.game, bi.info.document, bi.info.version)
    name = f"{books.cache_key(key)}.marshal"
    source = str(catalog.path(bi.info))

    paths = [str(path) for path in code_files()]
    paths.append(os.path.dirname(paths[0]))
    paths.extend(os.path.join(os.path.dirname(__file__), module) for module in ("lookup.py", "quick.py"))
    paths.extend(str(catalog_path(language)) for language in LANGUAGES)
    paths.append(str(user_library()))  # where a library may appear, or is (and may be the built-in one)
    for library in catalog.libraries:
        paths.append(str(library))
        for game_folder in sorted(library.iterdir()):
            if game_folder.is_dir():
                paths.extend((str(game_folder), str(game_folder / "manifest.toml")))
    stamps = [(path, _stamp(path)) for path in dict.fromkeys(paths)]
    source_stamp = _stamp(source)
    times = [stamp[1] for _path, stamp in [*stamps, (source, source_stamp)] if stamp is not None]
    if max(times, default=0) > time.time_ns() - RACY_NS:
        return

    games: dict[str, str] = {}
    resolved: dict[BookKey, BookKey] = {}
    for g in catalog.games:
        for spelling in (g.id, g.short.lower()):
            games[spelling] = catalog.game(spelling).id
        for doc_id in (None, *(d.id for d in g.documents)):
            doc = g.document(doc_id)
            for ver in (None, *(v.version for v in doc.versions)):
                info = doc.version(ver)
                resolved[(g.id, doc_id, ver)] = (info.game, info.document, info.version)
    messages = {
        language: {m: m if language == "en" else translations(language).gettext(m) for m in RULE_MESSAGES}
        for language in LANGUAGES
    }
    state = _read_state()
    library_key = _library_key()
    previous = state["libraries"].pop(library_key, None)
    views: dict[BookKey, tuple[str, str, Stamp]] = {}
    if previous is not None and previous["stamps"] == stamps:
        views.update((k, v) for k, v in previous["views"].items() if k != key and _stamp(v[1]) == v[2])
    views[key] = (name, source, source_stamp)
    entry = {"stamps": stamps, "games": games, "books": resolved, "views": views, "messages": messages}
    others = list(state["libraries"].items())[: KEPT_LIBRARIES - 1]
    state["libraries"] = {library_key: entry, **dict(others)}

    folder = _folder()
    try:
        os.makedirs(folder, exist_ok=True)
        if not _readable(os.path.join(folder, name)):
            _write(os.path.join(folder, name), marshal.dumps(_views_by_id(index, bi)))
        _write(os.path.join(folder, STATE), marshal.dumps(state))
        used = {STATE} | {kept[0] for e in state["libraries"].values() for kept in e["views"].values()}
        for old in os.listdir(folder):
            if old.endswith(".marshal") and old not in used:
                os.unlink(os.path.join(folder, old))
    except OSError:
        return


def _views_by_id(index: RulesIndex, bi: BookIndex) -> dict[str, bytes]:
    """Every rule's view of a book (marshalled) by its id, and by its id with ``/`` for ``∕`` where that finds it.

    Outline ids escape a ``/`` inside a heading as ``∕``; a judge types ``/``, which the index
    finds by comparing loosely (:func:`rules_index.graph.loose_rule_id`) when no other id
    compares the same. That spelling is kept too (the same bytes: marshal writes them once).
    """
    from collections import Counter

    from judgekit.commands.lookup import book_views
    from rules_index.graph import loose_rule_id

    data = {rule_id: marshal.dumps(view) for rule_id, view in book_views(index, bi).items()}
    loose = Counter(loose_rule_id(rule_id) for rule_id in bi.rules)
    for rule_id in bi.rules:
        typed = rule_id.replace("\u2215", "/")
        if typed != rule_id and typed not in bi.rules and loose[loose_rule_id(typed)] == 1:
            data[typed] = data[rule_id]
    return data


def _folder() -> str:
    """``<cache>/lookup`` (the cache folder as :func:`rules_index.graph.cache_dir` names it)."""
    env = os.environ.get("JUDGEKIT_CACHE")
    if env:
        base = env
    else:
        base = os.path.join(
            os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "judgekit"
        )
    return os.path.join(base, "lookup")


def _library_key() -> tuple[str, ...]:
    """What names the user's rules library (see :func:`rules_index.catalog.user_library`): a state is kept per key."""
    named = os.environ.get(LIBRARY_ENV, "")
    relative = bool(named) and not os.path.isabs(os.path.expanduser(named))
    return (named, os.environ.get("XDG_DATA_HOME", ""), os.environ.get("HOME", ""), os.getcwd() if relative else "")


def _stamp(path: str) -> Stamp:
    """Size, modification time and inode of ``path`` (None when there is nothing there)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns, st.st_ino)


def _read_state() -> dict[str, Any]:
    """The state file, or an empty state (none yet, damaged, another layout or Python)."""
    empty: dict[str, Any] = {"format": FORMAT, "python": sys.version, "libraries": {}}
    try:
        with open(os.path.join(_folder(), STATE), "rb") as fh:
            state = marshal.load(fh)
    except (OSError, EOFError, ValueError, TypeError):
        return empty
    if not isinstance(state, dict) or state.get("format") != FORMAT or state.get("python") != sys.version:
        return empty
    return state


def _readable(path: str) -> bool:
    """Whether ``path`` holds views marshal can read (a damaged file is written again)."""
    try:
        with open(path, "rb") as fh:
            return isinstance(marshal.load(fh), dict)
    except (OSError, EOFError, ValueError, TypeError):
        return False


def _write(path: str, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (beside it, then renamed)."""
    import tempfile

    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".lookup-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
