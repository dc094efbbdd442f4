"""Reading a scenario file safely: bytes → text → TOML data, and the checks on what it names.

Everything here turns a bad file into a :class:`~judgekit.errors.ScenarioError` naming the file
and the key, never a Python exception:

- the bytes must be UTF-8 (a UTF-8 byte-order mark is accepted and dropped);
- the TOML must parse, and may not nest arrays or inline tables deeper than the parser can go;
- no string or key may hold a control character (other than tab and newline) or a bidirectional
  formatting character, which would pass raw into a terminal or the site;
- the ``rulebook`` and ``document`` the scenario is ruled under must be held in the library, and
  be the edition the game's engine implements;
- every rule id an expectation names must exist in that edition.
"""

from __future__ import annotations

import codecs
import contextlib
import re
import tomllib
import unicodedata
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from judgekit.errors import ScenarioError
from judgekit.i18n import cli_language
from judgekit.i18n import gettext as _

if TYPE_CHECKING:
    from judgekit.engine import Rulebook
    from rules_index.catalog import Catalog
    from rules_index.graph import RulesIndex

GOLDEN_SUFFIX = ".trace.json"
"""A scenario's golden trace is ``<name>.trace.json`` beside ``<name>.toml``."""

SCENARIOS_DIR = Path(__file__).resolve().parent.parent / "scenarios"
"""The hand-written scenarios, one folder per game."""

Problems = list[tuple[str, str]]
"""Problems of a scenario file: (key, what was expected) pairs."""

FORBIDDEN_CHARACTERS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""Characters a scenario string may not hold: C0 and C1 controls other than tab and newline (a NUL,
an escape sequence, a carriage return that overwrites a terminal line), and the bidirectional
formatting characters (marks, embeddings, overrides, isolates) that make text display in another
order than it is read."""

_CONTROL_NAMES = {0x00: "NUL", 0x0D: "CARRIAGE RETURN", 0x1B: "ESCAPE", 0x7F: "DELETE"}


def read_scenario_data(path: Path, where: str) -> dict[str, Any]:
    """The TOML data of the scenario file ``path`` (``where`` names it in messages), its strings checked."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        expected = _("a readable TOML file ({reason})").format(reason=exc.strerror)
        raise ScenarioError([("(file)", expected)], where) from exc
    text = decode(raw, where)
    data = parse_toml(text, where)
    if "\\" not in text and FORBIDDEN_CHARACTERS.search(text) is None:
        return data  # a string can hold such a character only as written or by an escape: no need to walk it
    problems = list(bad_characters(data))
    if problems:
        raise ScenarioError(problems, where)
    return data


def decode(raw: bytes, where: str) -> str:
    """``raw`` as UTF-8 text without a leading byte-order mark; a ScenarioError saying where it is not UTF-8."""
    if raw.startswith(codecs.BOM_UTF8):
        raw = raw[len(codecs.BOM_UTF8) :]
    elif raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        expected = _("UTF-8 text; it starts with a UTF-16 byte-order mark: save it as UTF-8")
        raise ScenarioError([("(file)", expected)], where)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        bad = raw[exc.start : exc.end].hex(" ").upper()
        expected = _(
            "UTF-8 text; line {line}, byte {column}: {bad} is not UTF-8 ({reason}); save the file as UTF-8"
        ).format(line=line, column=column, bad=bad, reason=exc.reason)
        raise ScenarioError([("(file)", expected)], where) from None


def parse_toml(text: str, where: str) -> dict[str, Any]:
    """The TOML document ``text``; a ScenarioError for a syntax error or nesting too deep to parse."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError([("(toml)", toml_problem(exc))], where) from exc
    except RecursionError:
        # tomllib parses nested arrays and inline tables recursively; a file nesting them hundreds
        # deep exhausts the stack. No scenario needs more than a few levels.
        expected = _("TOML whose arrays and inline tables nest a few levels deep; they nest too deeply to read")
        raise ScenarioError([("(toml)", expected)], where) from None


_TOML_WHERE = re.compile(r"^(?P<what>.*) \(at line (?P<line>\d+), column (?P<column>\d+)\)$", re.DOTALL)


def toml_problem(exc: tomllib.TOMLDecodeError) -> str:
    """A TOML syntax error as a problem: where it is (line, column) in the command line's language, then
    what tomllib says."""
    found = _TOML_WHERE.match(str(exc))
    if found is None or cli_language() == "en":  # English keeps tomllib's own words
        return _("valid TOML: {reason}").format(reason=exc)
    return _("valid TOML; line {line}, column {column}: {reason}").format(
        line=found["line"], column=found["column"], reason=found["what"]
    )


def bad_characters(data: Any, key: str = "") -> Iterator[tuple[str, str]]:
    """Each string or table key under ``data`` holding a forbidden character, as (key, problem)."""
    stack: list[tuple[str, Any]] = [(key, data)]
    while stack:
        at, value = stack.pop()
        if isinstance(value, str):
            problem = character_problem(value)
            if problem:
                yield (at or "(file)", problem)
        elif isinstance(value, dict):
            items: list[tuple[str, Any]] = []
            for k, v in value.items():
                problem = character_problem(k)
                name = shown(k) if problem else k
                path = f"{at}.{name}" if at else name
                if problem:
                    yield (path, f"a key without such characters; {problem}")
                items.append((path, v))
            stack.extend(reversed(items))
        elif isinstance(value, list):
            stack.extend(reversed([(f"{at}[{i}]", v) for i, v in enumerate(value)]))


def character_problem(text: str) -> str:
    """What is wrong with ``text``'s characters, or empty: the first forbidden one, named, and where."""
    found = FORBIDDEN_CHARACTERS.search(text)
    if found is None:
        return ""
    ch = found.group()
    count = len(FORBIDDEN_CHARACTERS.findall(text))
    more = f" (and {count - 1} more)" if count > 1 else ""
    return (
        f"text without control or bidirectional-formatting characters; found {character_name(ch)}"
        f" at character {found.start() + 1}{more}"
    )


def character_name(ch: str) -> str:
    """``U+202E RIGHT-TO-LEFT OVERRIDE``, ``U+0000 NUL``."""
    name = _CONTROL_NAMES.get(ord(ch)) or unicodedata.name(ch, "CONTROL CHARACTER")
    return f"U+{ord(ch):04X} {name}"


def shown(text: str) -> str:
    """``text`` with forbidden characters written as ``\\uXXXX``, safe to print in a message."""
    return FORBIDDEN_CHARACTERS.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


# --- the rulebook pin ----------------------------------------------------------------------------


def pin_problems(catalog: Catalog, game: str, document: str, version: str, pinned: Rulebook) -> Problems:
    """Problems of a scenario ruled under ``document`` ``version`` of ``game``, for an engine pinned to ``pinned``.

    An unknown document or version lists the held ones; a held edition other than the one the
    engine implements is refused, naming the edition it implements (the run would otherwise cite
    another edition's rules than the one the scenario says).
    """
    from rules_index.errors import UnknownGameError

    try:
        held = catalog.game(game)
    except UnknownGameError:
        return [("game", f"a game held in the rules library; {game!r} has an engine but no rulebook")]
    docs = {d.id: d for d in held.documents}
    doc = docs.get(document)
    if doc is None:
        return [("document", f"a document of {held.short} held in the library ({', '.join(docs)}); found {document!r}")]
    versions = [info.version for info in doc.versions]
    if version not in versions:
        return [
            (
                "rulebook",
                f"a version of {held.short} {doc.id} held in the library ({', '.join(versions)}); found {version!r}",
            )
        ]
    if (document, version) != (pinned.document, pinned.version):
        key = "rulebook" if document == pinned.document else "document"
        expected = (
            f"the edition the {held.short} engine implements ({pinned.short} {pinned.document} {pinned.version});"
            f" {held.short} {document} {version} is held, but a run would cite the engine's edition instead"
        )
        if key == "rulebook":
            expected += f" (`judgekit migrate {game} {version} {pinned.version}` maps the scenario's citations)"
        return [(key, expected)]
    return []


def document_problems(catalog: Catalog, game: str, documents: Sequence[tuple[str, str]]) -> Problems:
    """(key, document id) pairs naming a document ``game`` does not hold."""
    from rules_index.errors import UnknownGameError

    try:
        held = catalog.game(game)
    except UnknownGameError:  # pin_problems says so
        return []
    ids = [d.id for d in held.documents]
    return [
        (key, f"a document of {held.short} held in the library ({', '.join(ids)}); found {doc!r}")
        for key, doc in documents
        if doc not in ids
    ]


# --- rule ids ------------------------------------------------------------------------------------

_CATALOG: dict[object, Catalog] = {}
"""The catalog this process last read, under the state of the manifests it was read from."""

_INDEX: dict[int, tuple[Catalog, RulesIndex]] = {}
"""The rules index this process last loaded, under the id of the catalog it was loaded for."""


def library_catalog() -> Catalog:
    """The catalog of the rules libraries, read again only when a manifest is added, removed or changed.

    Loading scenarios one after another (``check``, the site) would otherwise read and parse every
    manifest again for each file.
    """
    if _PINNED:
        return _PINNED[-1]
    from rules_index import catalog as catalogs

    roots = (catalogs.SOURCES, catalogs.user_library())
    try:
        stats = tuple(
            (str(m), st.st_mtime_ns, st.st_size)
            for root in roots
            for m in sorted(root.glob("*/manifest.toml"))
            for st in (m.stat(),)
        )
    except OSError:  # a manifest came or went while looking: read the catalog afresh
        return catalogs.load_catalog()
    key = (roots, stats)
    if key not in _CATALOG:
        _CATALOG.clear()
        _CATALOG[key] = catalogs.load_catalog()
    return _CATALOG[key]


_PINNED: list[Catalog] = []
"""The catalogs pinned by :func:`catalog_pinned`, innermost last."""


@contextlib.contextmanager
def catalog_pinned() -> Iterator[Catalog]:
    """Within the block, :func:`library_catalog` is the catalog read on entering it, without looking at the
    manifests again: a command checking many scenario files reads its libraries once (looking again cost
    two globs and a stat of every manifest per file, about a twentieth of a check)."""
    _PINNED.append(library_catalog())
    try:
        yield _PINNED[-1]
    finally:
        _PINNED.pop()


def rules_index(catalog: Catalog | None = None) -> RulesIndex:
    """The rules index of ``catalog`` (default: :func:`library_catalog`), loaded once for the same catalog."""
    from rules_index.graph import load_index

    catalog = catalog or library_catalog()
    held = _INDEX.get(id(catalog))
    if held is not None and held[0] is catalog:
        return held[1]
    index = load_index(catalog)
    _INDEX.clear()
    _INDEX[id(catalog)] = (catalog, index)
    return index


def rule_id_problems(catalog: Catalog, pinned: Rulebook, ids: Sequence[tuple[str, str]]) -> Problems:
    """(key, rule id) pairs naming no rule of ``pinned``, with the nearest ids."""
    from rules_index.errors import UnknownRuleError

    if not ids:
        return []
    index = rules_index(catalog)
    out: Problems = []
    for key, rule_id in ids:
        try:
            index.rule(pinned.game, rule_id, document=pinned.document, version=pinned.version)
        except UnknownRuleError as exc:
            near = f"; nearest: {', '.join(exc.suggestions)}" if exc.suggestions else ""
            book = f"{pinned.short} {pinned.document} {pinned.version}"
            out.append((key, f"the id of a rule of {book}; no such rule {rule_id!r}{near}"))
    return out


def expectation_ids(model: Any) -> list[tuple[str, str]]:
    """Every rule id a scenario model's expectations and differences name, with its key."""
    expect = model.expect
    out: list[tuple[str, str]] = []
    for name in ("cites", "not_cited", "decided_by"):
        out += [(f"expect.{name}[{i}]", rid) for i, rid in enumerate(getattr(expect, name))]
    out += [(f"expect.rejected[{i}].rule", r.rule) for i, r in enumerate(expect.rejected)]
    for i, diff in enumerate(getattr(model, "differs", ())):  # the rules that govern instead: the scenario's own
        out += [(f"differs[{i}].rules[{j}]", rid) for j, rid in enumerate(diff.rules)]
    return out


def iter_scenario_files(paths: Sequence[str | Path]) -> list[Path]:
    """The scenario files named by ``paths`` (files, or folders searched recursively), sorted."""
    found: list[Path] = []
    for raw in paths or [SCENARIOS_DIR]:
        p = Path(raw)
        if p.is_dir():
            found.extend(sorted(p.rglob("*.toml")))
        else:
            found.append(p)
    return found
