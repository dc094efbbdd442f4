"""The interface in Japanese and English: gettext message catalogs read with Babel.

Message ids are the English strings; ``judgekit/locale/<lang>/LC_MESSAGES/judgekit.po`` holds
each language's translations (English's catalog is empty: an id is its own English). The site
renders every interface string in both languages and lets the reader switch (see
:mod:`judgekit.site.i18n`); the command line prints one, chosen by ``--lang`` or the locale
(:func:`cli_language`).

The catalogs are the ``.po`` files themselves, read at run time (no compiled ``.mo`` files
to keep in step). Message ids are taken from the templates and from calls of :func:`N_` and
:func:`gettext` in the code by :func:`extract_messages`; a test checks every id has a Japanese
translation with the same placeholders, and ``python -m judgekit.i18n`` adds new ids to the
catalogs (empty, to be translated) and drops ones no longer used.
"""

from __future__ import annotations

import functools
import hashlib
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from judgekit.language import LANG_ENV as LANG_ENV  # re-exported: chosen without the catalogs (judgekit.language)
from judgekit.language import cli_language as cli_language
from judgekit.language import parse_language as parse_language

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
"""Where the catalogs live."""
DOMAIN = "judgekit"
"""The gettext domain (the catalogs' file name)."""
LANGUAGES: tuple[Language, ...] = ("ja", "en")
"""The interface languages, Japanese first."""
Language = Literal["ja", "en"]


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it (for tables of strings)."""
    return message


@dataclass(frozen=True, slots=True)
class Translations:
    """One language's catalog: message id → translation (plural forms by count)."""

    language: Language
    """The catalog's language."""
    messages: dict[str, str]
    """Singular messages."""
    plurals: dict[str, tuple[str, ...]]
    """Plural messages by their singular id: the language's forms in order."""

    def gettext(self, message: str) -> str:
        """The translation of ``message``, or ``message`` itself where there is none."""
        return self.messages.get(message) or message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The translation of a message with a count (Japanese has one form)."""
        forms = self.plurals.get(singular)
        if forms and all(forms):
            return forms[0] if len(forms) == 1 else forms[0 if n == 1 else 1]
        return singular if n == 1 else plural


def catalog_path(language: str) -> Path:
    """The ``.po`` file of ``language``."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def translations(language: Language) -> Translations:
    """The catalog of ``language`` (read once a process).

    What Babel reads from a ``.po`` file is kept in the cache folder (``catalogs/``, keyed by the
    file's bytes), so a command in Japanese does not import Babel each time: a warm ``judgekit
    rule`` stays a quick look-up.
    """
    path = catalog_path(language)
    if not path.is_file():
        return Translations(language, {}, {})
    data = path.read_bytes()
    key = hashlib.sha256(data).hexdigest()[:32]
    cached = _cached_catalog(language, key)
    if cached is not None:
        return cached
    found = _read_catalog(language, data)
    _store_catalog(found, key)
    return found


def _read_catalog(language: Language, data: bytes) -> Translations:
    """A ``.po`` file's translations, read with Babel (fuzzy and untranslated entries left out)."""
    import io

    from babel.messages.pofile import read_po

    messages: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    for entry in read_po(io.BytesIO(data), locale=language, domain=DOMAIN):
        if not entry.id or entry.fuzzy:
            continue
        if isinstance(entry.id, tuple):
            strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            if all(strings):
                plurals[str(entry.id[0])] = tuple(str(s) for s in strings)
        elif entry.string:
            messages[str(entry.id)] = str(entry.string)
    return Translations(language, messages, plurals)


def _catalog_cache(language: Language) -> Path:
    from rules_index.graph import cache_dir

    return cache_dir() / "catalogs" / f"{DOMAIN}-{language}.json"


def _cached_catalog(language: Language, key: str) -> Translations | None:
    """The translations kept for the catalog whose bytes hash to ``key``, or None."""
    import json

    try:
        stored = json.loads(_catalog_cache(language).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(stored, dict) or stored.get("key") != key:
        return None
    plurals = {k: tuple(v) for k, v in stored["plurals"].items()}
    return Translations(language, dict(stored["messages"]), plurals)


def _store_catalog(found: Translations, key: str) -> None:
    """Keep ``found`` in the cache folder (atomically; a cache that cannot be written is no error)."""
    import json
    import tempfile

    path = _catalog_cache(found.language)
    text = json.dumps({"key": key, "messages": found.messages, "plurals": found.plurals}, ensure_ascii=False)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent, delete=False) as fh:
            fh.write(text)
        os.replace(fh.name, path)
    except OSError:
        pass


def gettext(message: str) -> str:
    """``message`` in the command line's language (see :func:`cli_language`).

    English is the message id itself, so its catalog (empty) is not read: an English look-up
    on the start-up fast path does not import Babel.
    """
    language = cli_language()
    return message if language == "en" else translations(language).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """A message with a count in the command line's language."""
    language = cli_language()
    if language == "en":
        return singular if n == 1 else plural
    return translations(language).ngettext(singular, plural, n)


# -- maintaining the catalogs ---------------------------------------------------------------

REPO = Path(__file__).resolve().parents[1]
"""The checkout (templates live in ``site/templates`` beside the packages)."""
SOURCES = (
    ("judgekit/**.py", "python"),
    ("rules_index/**.py", "python"),
    ("site/templates/**.html", "jinja2"),
)
"""Where message ids are taken from, and how."""
KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "N_": None,
    "ui": None,
    "attr": (2,),
    "from_message": None,
    "Finding": None,
}
"""Calls that mark messages (``from_message``: an error made from a message id, see
:meth:`rules_index.errors.JudgekitError.from_message`; ``Finding``: a scenario's failed expectation)."""
HELP_SOURCES = ("judgekit/cli.py", "judgekit/commands/*.py")
"""Where the command line's help texts are: each ``help="…"`` argument and each command's docstring
(a function decorated with ``guarded``) is a message id, as typer shows it (see
:mod:`judgekit.commands.help`)."""


def extract_messages(root: Path = REPO) -> Iterator[tuple[str | tuple[str, str], str]]:
    """Every message id in the code and templates under ``root`` with where it is (``file:line``)."""
    from babel.messages.extract import extract_from_dir

    method_map = [(pattern, method) for pattern, method in SOURCES]
    options = {"site/templates/**.html": {"extensions": "jinja2.ext.i18n", "trimmed": "true"}}
    for path in ("judgekit", "rules_index", "site"):
        for filename, lineno, message, _comments, _context in extract_from_dir(
            str(root / path),
            method_map=[(p.split("/", 1)[1], m) for p, m in method_map if p.startswith(path)],
            options_map={k.split("/", 1)[1]: v for k, v in options.items() if k.startswith(path)},
            keywords=KEYWORDS,
        ):
            where = f"{path}/{filename}:{lineno}"
            if isinstance(message, tuple):
                yield (str(message[0]), str(message[1])), where
            else:
                yield str(message), where
    yield from extract_help(root)


def extract_help(root: Path = REPO) -> Iterator[tuple[str, str]]:
    """The command line's help texts under ``root`` (see :data:`HELP_SOURCES`) with where they are."""
    import ast
    import inspect

    for pattern in HELP_SOURCES:
        for path in sorted(root.glob(pattern)):
            name = path.relative_to(root).as_posix()
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=name)
            for node in ast.walk(tree):
                if isinstance(node, ast.Call):
                    for keyword in node.keywords:
                        value = keyword.value
                        if keyword.arg == "help" and isinstance(value, ast.Constant) and isinstance(value.value, str):
                            yield inspect.cleandoc(value.value), f"{name}:{value.lineno}"
                elif isinstance(node, ast.FunctionDef) and any(
                    isinstance(d, ast.Name) and d.id == "guarded" for d in node.decorator_list
                ):
                    doc = ast.get_docstring(node)
                    if doc:
                        yield doc, f"{name}:{node.lineno}"


def update_catalogs(root: Path = REPO) -> list[Path]:
    """Bring every catalog in step with the sources: new ids added untranslated, unused ones dropped."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    template = Catalog(domain=DOMAIN, project="judgekit")
    for message, where in extract_messages(root):
        file, line = where.rsplit(":", 1)
        template.add(message, locations=[(file, int(line))])
    written = []
    for language in LANGUAGES:
        path = catalog_path(language)
        if path.is_file():
            with path.open("rb") as fp:
                catalog = read_po(fp, locale=language, domain=DOMAIN)
        else:
            catalog = Catalog(locale=language, domain=DOMAIN, project="judgekit")
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as fp:
            write_po(fp, catalog, width=100, omit_header=False, sort_output=False, include_lineno=False)
        written.append(path)
    return written


if __name__ == "__main__":  # pragma: no cover - a maintainer's command
    for written in update_catalogs():
        print(written)
