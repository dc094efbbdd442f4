"""Bringing a rulebook into a user's rules library: ``judgekit import``.

:func:`plan_import` reads and parses the file without writing anything (a PDF's text is
extracted first); :func:`write_import` then copies the file as published into the library,
keeps a PDF's extracted text beside it, and writes or extends the game's manifest. Nothing is
written when the file cannot be read as a rulebook, and a failed write removes what it wrote.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules_index.catalog import SOURCES, load_catalog
from rules_index.decode import Decoded, decode
from rules_index.errors import JudgekitError, LibraryError, ManifestError, ParseError
from rules_index.model import DocumentInfo, LintKind, PartKind, RuleBook, RuleKind, Severity
from rules_index.pdf import extract_text, is_pdf
from rules_index.pipeline import parse_decoded, require_rules

_GAME_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
_DOCUMENT_ID = _GAME_ID
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_UNSAFE_IN_NAME = re.compile(r"[^A-Za-z0-9._-]+")


@dataclass(frozen=True, slots=True)
class StoredFile:
    """A file the import writes into the library."""

    name: str
    """Its name inside the game's folder."""
    data: bytes
    """Its bytes (the published file unedited, or the extracted text)."""


@dataclass(frozen=True, slots=True)
class ImportPlan:
    """What an import will write, with the book it parsed."""

    library: Path
    """The user's library."""
    game: str
    """Game id."""
    new_game: bool
    """Whether the game is new (no library holds it yet)."""
    book: RuleBook
    """The parsed book."""
    decoded: Decoded
    """The text as parsed."""
    files: tuple[StoredFile, ...]
    """Files to write into ``library/game/``."""
    manifest: dict[str, Any]
    """The game's manifest in the user's library after the import."""
    from_pdf: bool = False
    """Whether the text was extracted from a PDF."""
    pages: int = 0
    """Pages of the PDF (0 for text)."""
    warnings: tuple[str, ...] = field(default=())
    """What the reader should know before relying on the import."""


def plan_import(
    file: Path,
    *,
    game: str,
    version: str,
    library: Path,
    document: str | None = None,
    date: str = "",
    encoding: str = "",
    name: str = "",
    short: str = "",
    title: str = "",
) -> ImportPlan:
    """Read, decode (or extract) and parse ``file`` as an edition of ``game``; write nothing.

    Raises :class:`LibraryError` (or :class:`ParseError`) with a message saying what is wrong
    and what to do: a bad id, date or version, an edition already held, a file that is no
    rulebook, a PDF without text.
    """
    _check_args(game, version, document, date)
    if library.resolve() == SOURCES.resolve() or SOURCES.resolve() in library.resolve().parents:
        raise LibraryError.from_message(
            "{library}: this is the library judgekit ships; choose a library of your own (--library)", library=library
        )
    if not file.is_file():
        raise LibraryError.from_message("{file}: no such file", file=file)
    data = file.read_bytes()
    catalog = load_catalog(library=library)
    held = next((g for g in catalog.games if g.id == game), None)
    if held is None:
        for other in catalog.games:
            if game == other.short.lower() or (short and short.lower() in (other.short.lower(), other.id)):
                raise LibraryError(
                    f"--game {game!r}{f' / --short {short!r}' if short else ''} would be confused with "
                    f"{other.id} ({other.short}); choose another id or short name"
                )
    doc_id = document or (held.default_document.id if held else "comprehensive")
    if held is not None:
        existing = next((d for d in held.documents if d.id == doc_id), None)
        if existing is not None and any(v.version == version for v in existing.versions):
            versions = ", ".join(v.version for v in existing.versions)
            raise LibraryError.from_message(
                "{document} version {version} is already held (versions: {versions})",
                document=f"{game} {doc_id}",
                version=repr(version),
                versions=versions,
            )
    stem = _UNSAFE_IN_NAME.sub("-", f"{doc_id}-{version}").strip("-")
    from_pdf = is_pdf(data)
    pages = 0
    files: tuple[StoredFile, ...]
    if from_pdf:
        text = extract_text(file)
        pages = text.count("\f") + 1
        text_name = f"{stem}.txt"
        files = (StoredFile(f"{stem}.pdf", data), StoredFile(text_name, text.encode("utf-8")))
        decoded = decode(files[1].data, f"{game}/{text_name}")
        source_name = f"{stem}.pdf"
    else:
        suffix = file.suffix.lower() if file.suffix.lower() in (".txt", ".text", ".md") else ".txt"
        text_name = f"{stem}{suffix}"
        files = (StoredFile(text_name, data),)
        decoded = decode(data, str(file), encoding)
        source_name = ""
    kind = held.document(doc_id).kind if held is not None and _has_document(held, doc_id) else "comprehensive-rules"
    info = DocumentInfo(
        game=game,
        document=doc_id,
        kind=kind,
        title=title or (held.document(doc_id).title if held is not None and _has_document(held, doc_id) else ""),
        version=version,
        date=date,
        path=f"{game}/{text_name}",
        parser="numbered",
        numbering="",
        library=str(library.resolve()),
        encoding="" if decoded.encoding == "utf-8" else decoded.encoding,
        source=f"{game}/{source_name}" if source_name else "",
        sha256=hashlib.sha256(data).hexdigest(),
    )
    try:
        book = parse_decoded(decoded, info)
    except ParseError as exc:
        raise ParseError(f"{file}: {str(exc).split(': ', 1)[-1]}") from exc
    require_rules(book, str(file))
    manifest = _manifest_after(library, game, held is not None, info, book, name, short, source_name, text_name)
    warnings = tuple(
        issue.message for issue in book.lint if issue.severity is Severity.WARNING and issue.kind is LintKind.UNPLACED
    )
    return ImportPlan(library, game, held is None, book, decoded, files, manifest, from_pdf, pages, warnings)


def write_import(plan: ImportPlan) -> list[Path]:
    """Write the plan's files and manifest into the library; the paths written.

    Files are written beside their final names and renamed into place; when anything fails
    everything written so far is removed, so the library is never left half-changed.
    """
    folder = plan.library / plan.game
    written: list[Path] = []
    created = not folder.exists()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for stored in plan.files:
            target = folder / stored.name
            if target.exists():
                if target.read_bytes() == stored.data:
                    continue
                raise LibraryError.from_message(
                    "{file}: a different file of that name is already in the library", file=target
                )
            _atomic_write(target, stored.data)
            written.append(target)
        manifest = folder / "manifest.toml"
        previous = manifest.read_bytes() if manifest.exists() else None
        _atomic_write(manifest, dump_manifest(plan.manifest).encode("utf-8"))
        # Read it back as the catalog will: a manifest we cannot read must not stay.
        try:
            load_catalog(library=plan.library)
        except JudgekitError:
            if previous is None:
                manifest.unlink()
            else:
                _atomic_write(manifest, previous)
            raise
        written.append(manifest)
    except OSError as exc:
        _remove(written, folder if created else None)
        raise LibraryError.from_message(
            "{folder}: cannot write the library ({reason})", folder=folder, reason=exc.strerror or exc
        ) from exc
    except JudgekitError:
        _remove(written, folder if created else None)
        raise
    return written


def dump_manifest(manifest: dict[str, Any]) -> str:
    """A manifest as TOML: top-level keys, ``[names]``, then ``[[documents]]`` with ``[[documents.versions]]``."""
    lines = ["# Written by `judgekit import`: the rulebooks of this folder as published.", ""]
    for key in ("id", "short"):
        if key in manifest:
            lines.append(f"{key} = {_toml_value(manifest[key])}")
    if "names" in manifest:
        lines += ["", "[names]"]
        lines += [f"{key} = {_toml_value(value)}" for key, value in manifest["names"].items()]
    for doc in manifest["documents"]:
        lines += ["", "[[documents]]"]
        lines += [f"{key} = {_toml_value(value)}" for key, value in doc.items() if key != "versions"]
        for version in doc["versions"]:
            lines += ["", "[[documents.versions]]"]
            lines += [f"{key} = {_toml_value(value)}" for key, value in version.items()]
    return "\n".join(lines) + "\n"


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        # A JSON string is a TOML basic string for everything we write (escapes included).
        return json.dumps(value, ensure_ascii=False)
    raise TypeError(f"cannot write {value!r} in a manifest")


def _manifest_after(
    library: Path,
    game: str,
    held_elsewhere: bool,
    info: DocumentInfo,
    book: RuleBook,
    name: str,
    short: str,
    source_name: str,
    text_name: str,
) -> dict[str, Any]:
    path = library / game / "manifest.toml"
    manifest: dict[str, Any]
    if path.exists():
        try:
            manifest = tomllib.loads(path.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise ManifestError(f"{path}: not a readable manifest ({exc}); fix or remove it first") from exc
    elif held_elsewhere:
        # A built-in game: this library only adds editions (the catalog merges them).
        manifest = {"id": game, "short": game.upper(), "names": {"ja": "", "en": ""}, "documents": []}
    else:
        display = name or book.heading or game
        manifest = {
            "id": game,
            "short": short or _short_name(game),
            "names": {"ja": display, "en": display},
            "documents": [],
        }
    documents = manifest.setdefault("documents", [])
    doc = next((d for d in documents if d.get("id") == info.document), None)
    if doc is None:
        doc = {
            "id": info.document,
            "kind": info.kind,
            "title": info.title or book.heading or info.document,
            "parser": "numbered",
            "default": not documents,
            "versions": [],
        }
        documents.append(doc)
    version: dict[str, Any] = {"version": info.version, "date": info.date, "file": text_name}
    if source_name:
        version["source"] = source_name
    if info.encoding:
        version["encoding"] = info.encoding
    version["sha256"] = info.sha256
    doc["versions"].append(version)
    return manifest


def _short_name(game: str) -> str:
    parts = [part for part in game.split("-") if part]
    return "".join(part[0] for part in parts).upper() if len(parts) > 1 else game.upper()[:8]


def _has_document(game: Any, document: str) -> bool:
    return any(d.id == document for d in game.documents)


def _check_args(game: str, version: str, document: str | None, date: str) -> None:
    problems = []
    if not _GAME_ID.match(game):
        problems.append(f"--game {game!r}: expected a lower-case id of letters, digits and '-' (like 'mtg')")
    if document is not None and not _DOCUMENT_ID.match(document):
        problems.append(f"--document {document!r}: expected a lower-case id of letters, digits and '-'")
    if not version.strip() or "/" in version or "\\" in version or len(version) > 40:
        problems.append(f"--version {version!r}: expected the version as printed (like '1.05' or '2020-06-01')")
    if date and not _DATE.match(date):
        problems.append(f"--date {date!r}: expected YYYY-MM-DD")
    if problems:
        raise LibraryError("; ".join(problems))


def _atomic_write(target: Path, data: bytes) -> None:
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def _remove(paths: list[Path], folder: Path | None) -> None:
    for path in paths:
        path.unlink(missing_ok=True)
    if folder is not None and folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()


# --------------------------------------------------------------------------- the parse report


@dataclass(frozen=True, slots=True)
class ParseReport:
    """What a parse found, for a person deciding whether to rely on it."""

    rules: int
    """Numbered rules and sections."""
    scheme: str
    """The numbering scheme detected."""
    parts: tuple[tuple[str, str, int, int], ...]
    """(kind, title, first line, last line) of every part."""
    examples: int
    """Examples attached to rules."""
    glossary_entries: int
    """Entries of the glossary."""
    terms: int
    """Defined terms (glossary and rule text)."""
    appendices: int
    """Appendix parts."""
    changelog: tuple[str, ...]
    """Versions of the publisher's change log."""
    unplaced: tuple[str, ...]
    """Lines not placed in any node, with why."""
    dropped: tuple[tuple[str, int], ...]
    """Lines dropped on purpose: (reason, how many lines)."""
    warnings: tuple[str, ...]
    """Lint warnings (gaps, duplicates, orphans), as sentences."""
    icons: int
    """Icon glyphs marked in rule texts."""
    pages: int
    """Pages of the PDF the text came from (0 for text)."""


def parse_report(book: RuleBook, pages: int = 0) -> ParseReport:
    """The report of one parsed book."""
    from rules_index.terms import find_terms

    dropped: dict[str, int] = {}
    for span, reason in zip(book.dropped, book.drop_reasons or ("dropped",) * len(book.dropped), strict=False):
        dropped[reason] = dropped.get(reason, 0) + span.last_line - span.first_line + 1
    glossaries = {p.rule_id for p in book.parts if p.kind is PartKind.GLOSSARY}
    return ParseReport(
        rules=sum(1 for r in book.rules if r.kind in (RuleKind.RULE, RuleKind.SECTION)),
        scheme=book.scheme,
        parts=tuple((p.kind.value, p.title, p.span.first_line, p.span.last_line) for p in book.parts),
        examples=sum(len(r.examples) for r in book.rules),
        glossary_entries=sum(1 for r in book.rules if r.kind is RuleKind.ENTRY and r.parent in glossaries),
        terms=len(find_terms(book)),
        appendices=sum(1 for p in book.parts if p.kind is PartKind.APPENDIX),
        changelog=tuple(entry.version for entry in book.changelog),
        unplaced=tuple(i.message for i in book.lint if i.kind is LintKind.UNPLACED),
        dropped=tuple(dropped.items()),
        warnings=tuple(
            f"{i.span}: {i.message}" if i.span else i.message
            for i in book.lint
            if i.severity is Severity.WARNING and i.kind is not LintKind.UNPLACED
        ),
        icons=sum(len(r.icons) for r in book.rules),
        pages=pages,
    )
