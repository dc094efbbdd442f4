"""The games and documents we hold, read from the manifests under ``rules_index/sources``.

Each game has a folder with its rulebooks as published and a ``manifest.toml`` naming the
game, its documents, their versions and which parser reads them.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules_index.errors import ManifestError, UnknownDocumentError, UnknownGameError
from rules_index.model import DocumentInfo, RuleBook

SOURCES = Path(__file__).resolve().parent / "sources"
"""Where the rulebooks and manifests live."""


@dataclass(frozen=True, slots=True)
class Document:
    """A document of a game and every version of it we hold, oldest first."""

    id: str
    """Document id within the game (``comprehensive``)."""
    kind: str
    """comprehensive-rules, beginner-sheet, rules-page, detailed-rules."""
    title: str
    """The document's title."""
    versions: tuple[DocumentInfo, ...]
    """Every version we hold, in the manifest's order (oldest first)."""
    is_default: bool
    """Whether this is the game's default document."""

    @property
    def latest(self) -> DocumentInfo:
        """The newest version (the last one in the manifest)."""
        return self.versions[-1]

    def version(self, version: str | None) -> DocumentInfo:
        """The named version, or the newest when ``version`` is None."""
        if version is None:
            return self.latest
        for info in self.versions:
            if info.version == version:
                return info
        held = ", ".join(info.version for info in self.versions)
        raise UnknownDocumentError(f"{self.versions[0].game} {self.id}: no version {version!r}; versions held: {held}")


@dataclass(frozen=True, slots=True)
class Game:
    """A game: its id, names and documents."""

    id: str
    """Game id (``divine-cross``)."""
    short: str
    """Prefix used when printing rule ids (``DC`` in ``DC 704.6c-1``)."""
    name_ja: str
    """Display name in Japanese."""
    name_en: str
    """Display name in English."""
    documents: tuple[Document, ...]
    """The game's documents in manifest order."""

    @property
    def default_document(self) -> Document:
        """The document used when none is named (the comprehensive rules where there is one)."""
        for doc in self.documents:
            if doc.is_default:
                return doc
        return self.documents[0]

    def document(self, document: str | None) -> Document:
        """The named document, or the default one when ``document`` is None."""
        if document is None:
            return self.default_document
        for doc in self.documents:
            if doc.id == document:
                return doc
        held = ", ".join(doc.id for doc in self.documents)
        raise UnknownDocumentError(f"{self.id}: no document {document!r}; documents: {held}")


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every game we hold."""

    games: tuple[Game, ...]
    """Games in id order."""
    root: Path
    """The sources folder the catalog was read from."""

    def game(self, game: str) -> Game:
        """The game with this id (or short prefix, case-insensitive)."""
        wanted = game.strip().lower()
        for g in self.games:
            if wanted in (g.id, g.short.lower()):
                return g
        held = ", ".join(g.id for g in self.games)
        raise UnknownGameError(f"unknown game {game!r}; games: {held}")

    def all_documents(self) -> list[DocumentInfo]:
        """Every version of every document, in catalog order."""
        return [info for g in self.games for d in g.documents for info in d.versions]

    def text(self, info: DocumentInfo) -> str:
        """The source text of a document version."""
        return (self.root / info.path).read_text(encoding="utf-8")

    def fingerprint(self) -> str:
        """A hash of every manifest and source file: the cache key of the index."""
        digest = hashlib.sha256()
        for path in sorted(self.root.glob("*/*")):
            if path.is_file():
                digest.update(str(path.relative_to(self.root)).encode())
                digest.update(path.read_bytes())
        return digest.hexdigest()


def load_catalog(root: Path | None = None) -> Catalog:
    """Read every ``manifest.toml`` under ``root`` (default: the packaged sources)."""
    root = root or SOURCES
    games = []
    for manifest in sorted(root.glob("*/manifest.toml")):
        games.append(_read_manifest(manifest, root))
    return Catalog(games=tuple(sorted(games, key=lambda g: g.id)), root=root)


def _read_manifest(path: Path, root: Path) -> Game:
    where = str(path.relative_to(root.parent) if root.parent in path.parents else path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ManifestError(f"{where}: not valid TOML: {exc}") from exc
    game_id = _str(data, "id", where)
    names = data.get("names")
    if not isinstance(names, dict):
        raise ManifestError(f"{where}: key 'names' must be a table with 'ja' and 'en'")
    documents = []
    raw_docs = data.get("documents")
    if not isinstance(raw_docs, list) or not raw_docs:
        raise ManifestError(f"{where}: key 'documents' must be a non-empty array of tables")
    for i, doc in enumerate(raw_docs):
        key = f"documents[{i}]"
        doc_id = _str(doc, "id", where, key)
        parser = _str(doc, "parser", where, key)
        if parser not in PARSERS:
            raise ManifestError(f"{where}: {key}.parser is {parser!r}; expected one of {', '.join(sorted(PARSERS))}")
        versions = []
        raw_versions = doc.get("versions")
        if not isinstance(raw_versions, list) or not raw_versions:
            raise ManifestError(f"{where}: {key}.versions must be a non-empty array of tables")
        for j, ver in enumerate(raw_versions):
            vkey = f"{key}.versions[{j}]"
            file = _str(ver, "file", where, vkey)
            if not (path.parent / file).is_file():
                raise ManifestError(f"{where}: {vkey}.file {file!r} does not exist")
            versions.append(
                DocumentInfo(
                    game=game_id,
                    document=doc_id,
                    kind=_str(doc, "kind", where, key),
                    title=_str(doc, "title", where, key),
                    version=_str(ver, "version", where, vkey),
                    date=str(ver.get("date", "")),
                    path=f"{path.parent.name}/{file}",
                    parser=parser,
                    numbering=str(doc.get("numbering", "")),
                    is_default=bool(doc.get("default", False)),
                    effective=str(ver.get("effective", "")),
                    note=str(doc.get("note", "")),
                )
            )
        documents.append(
            Document(
                id=doc_id,
                kind=_str(doc, "kind", where, key),
                title=_str(doc, "title", where, key),
                versions=tuple(versions),
                is_default=bool(doc.get("default", False)),
            )
        )
    return Game(
        id=game_id,
        short=_str(data, "short", where),
        name_ja=str(names.get("ja", "")),
        name_en=str(names.get("en", "")),
        documents=tuple(documents),
    )


def _str(table: Any, key: str, where: str, prefix: str = "") -> str:
    if not isinstance(table, dict) or not isinstance(table.get(key), str) or not table[key]:
        name = f"{prefix}.{key}" if prefix else key
        raise ManifestError(f"{where}: key {name!r} must be a non-empty string")
    return str(table[key])


def _parse_numbered(text: str, info: DocumentInfo) -> RuleBook:
    from rules_index.numbered import parse_numbered

    return parse_numbered(text, info)


def _parse_outline(text: str, info: DocumentInfo) -> RuleBook:
    from rules_index.outline import parse_outline

    return parse_outline(text, info)


PARSERS: dict[str, Callable[[str, DocumentInfo], RuleBook]] = {
    "numbered": _parse_numbered,
    "outline": _parse_outline,
}
"""Parser name (as written in manifests) → parse function."""


def parse_document(catalog: Catalog, info: DocumentInfo) -> RuleBook:
    """Parse one document version into a :class:`RuleBook` (pure: text in, book out)."""
    return PARSERS[info.parser](catalog.text(info), info)
