"""The games and documents we hold, read from the manifests of the rules libraries.

A rules library is a folder with one folder per game: its rulebooks as published and a
``manifest.toml`` naming the game, its documents, their versions and which parser reads them.
judgekit ships one library (``rules_index/sources``, read-only); a user's own library is the
folder named by ``--library`` or ``$JUDGEKIT_LIBRARY`` (default ``~/.local/share/judgekit/library``,
under ``$XDG_DATA_HOME`` when set), where ``judgekit import`` writes. Every command sees both:
a game of the user's library whose id is a built-in game's adds editions or documents to it.
"""

from __future__ import annotations

import hashlib
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules_index.decode import Decoded, decode
from rules_index.errors import ManifestError, UnknownDocumentError, UnknownGameError
from rules_index.model import DocumentInfo, RuleBook

SOURCES = Path(__file__).resolve().parent / "sources"
"""The library judgekit ships: the four games' rulebooks and manifests."""

PARSER_NAMES = ("numbered", "outline")
"""The parsers a manifest may name: the keys of :data:`rules_index.pipeline.PARSERS` (a test keeps them in step;
the pipeline, whose patterns are costly to compile, is imported only when a book is parsed)."""

LIBRARY_ENV = "JUDGEKIT_LIBRARY"
"""The environment variable naming the user's rules library."""


def user_library() -> Path:
    """The user's rules library: ``$JUDGEKIT_LIBRARY``, else ``$XDG_DATA_HOME/judgekit/library``."""
    named = os.environ.get(LIBRARY_ENV)
    if named:
        return Path(named).expanduser()
    data_home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data_home) / "judgekit" / "library"


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
        raise UnknownDocumentError.from_message(
            "{document}: no version {version}; versions held: {held}",
            document=f"{self.versions[0].game} {self.id}",
            version=repr(version),
            held=held,
        )


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
        raise UnknownDocumentError.from_message(
            "{game}: no document {document}; documents: {held}", game=self.id, document=repr(document), held=held
        )


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every game we hold."""

    games: tuple[Game, ...]
    """Games in id order."""
    root: Path
    """The first library the catalog was read from (the built-in one unless a root was given)."""
    libraries: tuple[Path, ...] = ()
    """Every library read, the first one first."""

    def game(self, game: str) -> Game:
        """The game with this id (or short prefix, case-insensitive)."""
        wanted = game.strip().lower()
        for g in self.games:
            if wanted in (g.id, g.short.lower()):
                return g
        held = ", ".join(g.id for g in self.games)
        raise UnknownGameError.from_message("unknown game {game}; games: {held}", game=repr(game), held=held)

    def all_documents(self) -> list[DocumentInfo]:
        """Every version of every document, in catalog order."""
        return [info for g in self.games for d in g.documents for info in d.versions]

    def path(self, info: DocumentInfo) -> Path:
        """The file of a document version (the extracted text, for a PDF)."""
        return (Path(info.library) if info.library else self.root) / info.path

    def decoded(self, info: DocumentInfo) -> Decoded:
        """The source of a document version, decoded: text with ``\\n`` line ends, and pages."""
        return decode(self.path(info).read_bytes(), info.path, info.encoding)

    def text(self, info: DocumentInfo) -> str:
        """The source text of a document version (``\\n`` line ends, no byte-order mark)."""
        return self.decoded(info).text

    def fingerprint(self) -> str:
        """A hash of every library's place, manifests and source files: the cache key of the index."""
        digest = hashlib.sha256()
        for root in self.libraries or (self.root,):
            digest.update(str(root).encode())
            for path in sorted(root.glob("*/*")):
                if path.is_file():
                    digest.update(str(path.relative_to(root)).encode())
                    digest.update(path.read_bytes())
        return digest.hexdigest()


def load_catalog(root: Path | None = None, library: Path | None = None) -> Catalog:
    """Read every ``manifest.toml`` of the libraries.

    With ``root``, only that folder is read (a library on its own). Otherwise the built-in
    library and the user's (``library``, else :func:`user_library`), when it exists.
    """
    if root is not None:
        games = [_read_manifest(manifest, root, "") for manifest in sorted(root.glob("*/manifest.toml"))]
        return Catalog(games=tuple(sorted(games, key=lambda g: g.id)), root=root, libraries=(root,))
    builtin = SOURCES
    games_by_id = {g.id: g for g in (_read_manifest(m, builtin, "") for m in sorted(builtin.glob("*/manifest.toml")))}
    libraries = [builtin]
    user = library if library is not None else user_library()
    if user.is_dir() and user.resolve() != builtin.resolve():
        libraries.append(user)
        for manifest in sorted(user.glob("*/manifest.toml")):
            game = _read_manifest(manifest, user, str(user.resolve()))
            games_by_id[game.id] = merge_games(games_by_id[game.id], game) if game.id in games_by_id else game
    games = sorted(games_by_id.values(), key=lambda g: g.id)
    return Catalog(games=tuple(games), root=builtin, libraries=tuple(libraries))


def merge_games(base: Game, extra: Game) -> Game:
    """A built-in game with the documents and editions a user library adds to it.

    Editions of a document held by both are ordered by date when every one is dated (oldest
    first, so the newest is the default), otherwise the built-in ones first. The same version
    in both libraries is an error.
    """
    documents = list(base.documents)
    for doc in extra.documents:
        index = next((i for i, d in enumerate(documents) if d.id == doc.id), None)
        if index is None:
            documents.append(doc)
            continue
        held = documents[index]
        clash = {v.version for v in held.versions} & {v.version for v in doc.versions}
        if clash:
            where = Path(doc.versions[0].library) / extra.id / "manifest.toml"
            raise ManifestError(
                f"{where}: {extra.id} {doc.id} version {sorted(clash)[0]!r} is already held by another library"
            )
        versions = [*held.versions, *doc.versions]
        if all(v.date for v in versions):
            versions.sort(key=lambda v: v.date)
        documents[index] = Document(held.id, held.kind, held.title, tuple(versions), held.is_default)
    return Game(base.id, base.short, base.name_ja, base.name_en, tuple(documents))


def _read_manifest(path: Path, root: Path, library: str) -> Game:
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
        if parser not in PARSER_NAMES:
            raise ManifestError(
                f"{where}: {key}.parser is {parser!r}; expected one of {', '.join(sorted(PARSER_NAMES))}"
            )
        versions = []
        raw_versions = doc.get("versions")
        if not isinstance(raw_versions, list) or not raw_versions:
            raise ManifestError(f"{where}: {key}.versions must be a non-empty array of tables")
        for j, ver in enumerate(raw_versions):
            vkey = f"{key}.versions[{j}]"
            file = _str(ver, "file", where, vkey)
            if not (path.parent / file).is_file():
                raise ManifestError(f"{where}: {vkey}.file {file!r} does not exist")
            source = str(ver.get("source", ""))
            if source and not (path.parent / source).is_file():
                raise ManifestError(f"{where}: {vkey}.source {source!r} does not exist")
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
                    library=library,
                    encoding=str(ver.get("encoding", "")),
                    source=f"{path.parent.name}/{source}" if source else "",
                    sha256=str(ver.get("sha256", "")),
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


def parse_document(catalog: Catalog, info: DocumentInfo) -> RuleBook:
    """Parse one document version into a :class:`RuleBook` (pure: the file's bytes in, book out)."""
    from rules_index.pipeline import parse_decoded

    return parse_decoded(catalog.decoded(info), info)
