"""Where every page of the site lives, and file names that are safe on every system.

Rule ids are published text: numbered ids (``704.6c-1``) are safe as they are, outline ids
carry Japanese and ``/`` (``キーワード能力/不屈``). File names and anchors must survive a USB stick
formatted FAT, Windows, and macOS (which decomposes kana with dakuten in file names), so
every name the site writes is ASCII: an id that is already a safe ASCII name is kept; an
outline id becomes its heading path read in romaji (:func:`readable_name`:
``キーワード能力∕アイコン/不屈`` → ``kiiwaado-nouryoku-aikon_fukutsu``), and the hashed name it had
before (:func:`safe_name`) is kept as a redirect. The builder writes the id → file map to
``ids.json``.

Every link is relative: a page knows its own path from the site root and reaches any other
page through :func:`relative`, so the site works from ``file://`` and from any sub-path.
Links always name a file (``…/index.html``), because ``file://`` does not open folders.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import tempfile
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from markupsafe import escape

_SAFE = re.compile(r"[0-9A-Za-z][0-9A-Za-z._-]{0,79}")
"""An id that can be a file name as it is: ASCII letters, digits, ``.``, ``_``, ``-``."""

_UNSAFE_RUN = re.compile(r"[^0-9A-Za-z]+")
"""What a slug replaces with one ``-``."""

_WINDOWS_RESERVED = frozenset(
    ["con", "prn", "aux", "nul"] + [f"com{i}" for i in range(10)] + [f"lpt{i}" for i in range(10)]
)
"""Names Windows will not create, with or without an extension."""


def short_hash(text: str) -> str:
    """Eight hex digits of the SHA-1 of ``text``: stable across runs and machines."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:8]


@functools.lru_cache(maxsize=65536)
def safe_name(text: str) -> str:
    """A file-name stem (and HTML anchor) for ``text``, deterministic and ASCII.

    ``704.6c-1`` → ``704.6c-1``; ``キーワード能力/不屈`` → ``x-3f1a…``;
    ``CP (キャパシティポイント)/2`` → ``CP-2-9b0c…``.
    """
    if _SAFE.fullmatch(text) and not text.endswith(".") and text.split(".")[0].lower() not in _WINDOWS_RESERVED:
        return text
    slug = _UNSAFE_RUN.sub("-", unicodedata.normalize("NFKC", text)).strip("-")[:40].strip("-")
    return f"{slug or 'x'}-{short_hash(text)}"


def safe_names(ids: Iterable[str]) -> dict[str, str]:
    """:func:`safe_name` of each id, made unique even where case is ignored (in the given order).

    Two ids that differ only in case (``A`` and ``a``) would overwrite each other on a
    case-insensitive file system; the later one gets the hash suffix.
    """
    out: dict[str, str] = {}
    taken: set[str] = set()
    for rule_id in ids:
        name = safe_name(rule_id)
        if name.lower() in taken:
            name = f"{name}-{short_hash(rule_id)}"
        taken.add(name.lower())
        out[rule_id] = name
    return out


@functools.lru_cache(maxsize=16384)
def romaji_slug(text: str) -> str:
    """``text`` in lower-case ASCII for an address: Japanese read in Hepburn romaji (pykakasi),
    words joined by ``-`` (``キーワード能力∕アイコン`` → ``kiiwaado-nouryoku-aikon``)."""
    text = unicodedata.normalize("NFKC", text)
    if not text.isascii():
        text = _reading(text)
    return _UNSAFE_RUN.sub("-", text.replace("'", "")).strip("-").lower()


_READINGS: dict[str, str] = {}
"""Japanese text → pykakasi's Hepburn reading of it (its words joined by spaces): read in this process, or kept
from an earlier one (:func:`read_kept_readings`)."""
_NEW_READINGS: set[str] = set()
"""The texts of :data:`_READINGS` read in this process, not yet kept."""


def _reading(text: str) -> str:
    found = _READINGS.get(text)
    if found is None:
        found = _READINGS[text] = " ".join(str(item["hepburn"]) for item in _kakasi().convert(text))
        _NEW_READINGS.add(text)
    return found


def readings_file(cache: Path) -> Path:
    """Where the readings are kept in the cache folder ``cache``: named by pykakasi's version (its reading of a
    text is the same as long as its dictionaries are)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        named = version("pykakasi")
    except PackageNotFoundError:
        named = "unknown"
    return cache / "romaji" / f"pykakasi-{named}.json"


def read_kept_readings(path: Path) -> None:
    """Take the readings kept at ``path`` (none when it cannot be read): loading pykakasi's dictionaries takes
    longer than all of a build's outline names, which the same headings give again build after build."""
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    if isinstance(kept, dict):
        _READINGS.update((k, v) for k, v in kept.items() if isinstance(k, str) and isinstance(v, str))


def keep_readings(path: Path) -> None:
    """Keep every reading known at ``path`` when this process read new ones (written atomically; a failure only
    costs the next build reading them again)."""
    if not _NEW_READINGS:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".romaji-", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(dict(sorted(_READINGS.items())), fh, ensure_ascii=False, indent=0)
        os.replace(tmp, path)
    except OSError:
        return
    _NEW_READINGS.clear()


@functools.cache
def _kakasi() -> Any:
    import pykakasi

    return pykakasi.kakasi()  # type: ignore[no-untyped-call]


READABLE_MAX = 72
"""The longest readable name kept whole; a longer one is cut and ends in a short hash."""


def readable_name(rule_id: str) -> str:
    """A readable, stable file-name stem (and anchor) for a rule id, ASCII.

    A safe id is kept (``704.6c-1``); an outline id is its heading path in romaji, one part per
    heading, joined by ``_`` (``キーワード能力∕アイコン/不屈/2`` → ``kiiwaado-nouryoku-aikon_fukutsu_2``),
    so the address stays the same while the headings do. A name longer than
    :data:`READABLE_MAX` is cut and ends in a short hash of the id.
    """
    if (
        _SAFE.fullmatch(rule_id)
        and not rule_id.endswith(".")
        and rule_id.split(".")[0].lower() not in _WINDOWS_RESERVED
    ):
        return rule_id
    name = "_".join(romaji_slug(part) or "x" for part in rule_id.split("/"))
    if len(name) > READABLE_MAX or name.split("_")[0].split(".")[0] in _WINDOWS_RESERVED or not name[0].isalnum():
        name = f"{name[: READABLE_MAX - 9].rstrip('-_')}-{short_hash(rule_id)}".lstrip("-_")
    return name


def readable_names(ids: Iterable[str]) -> dict[str, str]:
    """:func:`readable_name` of each id, made unique even where case is ignored (in the given order)."""
    out: dict[str, str] = {}
    taken: set[str] = set()
    for rule_id in ids:
        name = readable_name(rule_id)
        if name.lower() in taken:
            name = f"{name}-{short_hash(rule_id)}"
        taken.add(name.lower())
        out[rule_id] = name
    return out


def redirect_page(target: str, lang: str = "ja", anchors: Mapping[str, str] | None = None) -> str:
    """A small HTML page that sends the reader on to ``target`` (a relative URL): an old address kept.

    ``lang`` is the language of the page's book. The old address's ``#anchor`` goes along, read
    through ``anchors`` (the anchor a rule had at the old address → its anchor at ``target``), so
    a link to a rule on an old section page lands on the same rule; that takes a script: without
    one, the ``refresh`` goes to ``target`` alone.
    """
    import json

    href = escape(target)
    table = json.dumps(dict(sorted((anchors or {}).items())), separators=(",", ":")).replace("<", "\\u003c")
    url = json.dumps(target).replace("<", "\\u003c")
    script = (
        f"<script>(function(){{var a={table},h=location.hash.slice(1);"
        f"location.replace({url}+(h?'#'+(a[h]||h):''));}})();</script>\n"
    )
    return (
        f'<!DOCTYPE html>\n<html lang="{escape(lang)}">\n<head>\n<meta charset="utf-8">\n{script}'
        f'<meta http-equiv="refresh" content="0; url={href}">\n<link rel="canonical" href="{href}">\n'
        f"<title>→ {href}</title>\n</head>\n<body>\n"
        f'<h1><a href="{href}">{href}</a></h1>\n</body>\n</html>\n'
    )


def relative(from_page: str, to_path: str) -> str:
    """The relative URL from the page at ``from_page`` to ``to_path`` (both from the site root).

    ``relative("divine-cross/comprehensive/1.0.16/s/700.html", "static/site.css")``
    → ``../../../../static/site.css``; to ``…/1.0.16/r/704.html`` → ``../r/704.html``. A fragment
    (``#…``) on ``to_path`` is kept; an empty ``to_path`` gives the way up to the root.
    """
    path, hash_mark, fragment = to_path.partition("#")
    if path == from_page and hash_mark:
        return f"#{fragment}"
    return f"{_from_folder(from_page.rpartition('/')[0], path)}{hash_mark}{fragment}"


@functools.lru_cache(maxsize=65536)
def _from_folder(folder: str, path: str) -> str:
    """The relative URL from a page in ``folder`` to the file ``path`` (both from the site root): the same for
    every page of the folder, so made once (pages link to the same stylesheet, games and rules over and over)."""
    here = folder.split("/") if folder else []
    there = path.split("/")
    common = 0
    while common < len(here) and common < len(there) - 1 and here[common] == there[common]:
        common += 1
    up = "../" * (len(here) - common)
    return f"{up}{'/'.join(there[common:])}"


@dataclass(frozen=True, slots=True)
class BookPaths:
    """The paths of one document version's pages, from the site root."""

    game: str
    """Game id."""
    document: str
    """Document id."""
    version: str
    """Version as published."""
    base: str
    """The book's folder: ``divine-cross/comprehensive/1.0.16``."""
    rule_names: dict[str, str]
    """Rule id → readable file stem (also the rule's anchor), see :func:`readable_name`."""
    old_names: dict[str, str] = field(default_factory=dict)
    """Rule id → the hashed stem it had before readable names (:func:`safe_name`), where it differs:
    those addresses are kept as redirects."""

    @classmethod
    def for_book(cls, game: str, document: str, version: str, rule_ids: Iterable[str]) -> BookPaths:
        """The paths of a book whose rules have ``rule_ids`` (in document order)."""
        base = f"{safe_name(game)}/{safe_name(document)}/{safe_name(version)}"
        ids = list(rule_ids)
        names = readable_names(ids)
        taken = {n.lower() for n in names.values()}
        old = {i: n for i, n in safe_names(ids).items() if n != names[i] and n.lower() not in taken}
        return cls(game, document, version, base, names, old)

    @property
    def toc(self) -> str:
        """The table of contents."""
        return f"{self.base}/index.html"

    @property
    def lint(self) -> str:
        """The lint report."""
        return f"{self.base}/lint.html"

    @property
    def whole(self) -> str:
        """The whole document on one page, every rule anchored (for reading through and Ctrl+F)."""
        return f"{self.base}/all.html"

    def anchor(self, rule_id: str) -> str:
        """The rule's anchor (``id`` attribute) on its section page."""
        return self.rule_names[rule_id]

    def rule_page(self, rule_id: str) -> str:
        """The rule's own page."""
        return f"{self.base}/r/{self.rule_names[rule_id]}.html"

    def section_page(self, section_id: str) -> str:
        """The section page whose root rule is ``section_id``."""
        return f"{self.base}/s/{self.rule_names[section_id]}.html"


@dataclass(frozen=True, slots=True)
class GamePaths:
    """The paths of one game's own pages, from the site root."""

    game: str
    """Game id."""

    @property
    def base(self) -> str:
        """The game's folder."""
        return safe_name(self.game)

    @property
    def home(self) -> str:
        """The game's page: documents, versions, and links to everything else."""
        return f"{self.base}/index.html"

    @property
    def glossary(self) -> str:
        """Every defined term of the game's documents."""
        return f"{self.base}/glossary.html"

    @property
    def coverage(self) -> str:
        """Which rules the engine cites and scenarios exercise."""
        return f"{self.base}/coverage.html"

    @property
    def history(self) -> str:
        """The publisher's changelog and version diffs."""
        return f"{self.base}/history.html"

    @property
    def scenarios(self) -> str:
        """The index of the game's scenarios."""
        return f"{self.base}/scenarios/index.html"

    def scenario(self, name: str) -> str:
        """One scenario's page."""
        return f"{self.base}/scenarios/{safe_name(name)}.html"

    def tag(self, tag: str) -> str:
        """The list of the game's scenarios with ``tag``."""
        return f"{self.base}/scenarios/tag/{readable_name(tag)}.html"


HOME = "index.html"
"""The home page."""
SEARCH = "search.html"
"""The search page."""
SEARCH_INDEX = "search-index.js"
"""The search index, as a script so that it loads from ``file://``."""
IDS = "ids.json"
"""The map of every rule id to its page."""
STATIC = "static"
"""CSS and JS, copied from ``site/static``."""
DIFF_CSS = f"{STATIC}/diff.css"
"""The diff pages' stylesheet, written from :data:`judgekit.render.diff_html.DIFF_CSS`."""
