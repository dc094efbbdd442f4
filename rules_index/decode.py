"""The first step of the parsing pipeline: the bytes of a rulebook as published → text and pages.

Rulebooks arrive in UTF-8 with or without a byte-order mark, in Shift_JIS (Japanese
publishers) or Windows-1252 (older English ones), with LF, CRLF or bare CR line ends, and —
when extracted from a PDF — with a form feed where each page starts. :func:`decode` gives
one text with ``\\n`` line ends and no form feeds, and the page of each line, so every later
step reads the same lines the no-loss check counts.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass

from rules_index.errors import ParseError

ENCODINGS = ("utf-8", "shift_jis", "cp1252")
"""The encodings a rulebook may be given in (names as ``--encoding`` and manifests take them)."""

_ALIASES = {"utf8": "utf-8", "utf-8-sig": "utf-8", "sjis": "shift_jis", "cp932": "shift_jis", "windows-1252": "cp1252"}
_JAPANESE_SHARE = 0.1
"""Share of hiragana among the non-ASCII characters above which a Shift_JIS reading is taken."""


@dataclass(frozen=True, slots=True)
class Decoded:
    """A rulebook's text ready for the parser."""

    text: str
    """The text with ``\\n`` line ends, no byte-order mark and no form feeds."""
    encoding: str
    """The encoding it was read in (one of :data:`ENCODINGS`)."""
    pages: tuple[int, ...] = ()
    """The page (from 1) of each line of ``text``; empty when the source has no page breaks."""


def decode(data: bytes, where: str, encoding: str = "") -> Decoded:
    """Decode a rulebook file. ``encoding`` forces one; otherwise it is detected.

    Detection: a UTF-8 byte-order mark or valid UTF-8 is UTF-8; otherwise Shift_JIS when that
    reading is Japanese text (hiragana make up a good share of it), else Windows-1252. Raises
    :class:`ParseError` naming the file when the bytes are not text in the given encoding.
    """
    if encoding:
        name = _canonical(encoding, where)
        try:
            text = data.decode("utf-8-sig" if name == "utf-8" else name)
        except UnicodeDecodeError as exc:
            raise ParseError(
                f"{where}: not valid {name} at byte {exc.start}; give the file's encoding with --encoding "
                f"({', '.join(ENCODINGS)})"
            ) from exc
        return _lines(text, name)
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise ParseError(f"{where}: the file is UTF-16; save it as UTF-8 and import it again")
    if b"\x00" in data[:4096]:
        raise ParseError(f"{where}: this is a binary file, not a rulebook's text (give a .txt or .pdf file)")
    try:
        return _lines(data.decode("utf-8-sig"), "utf-8")
    except UnicodeDecodeError:
        pass
    try:
        japanese = data.decode("shift_jis")
    except UnicodeDecodeError:
        japanese = None
    if japanese is not None and _looks_japanese(japanese):
        return _lines(japanese, "shift_jis")
    try:
        return _lines(data.decode("cp1252"), "cp1252")
    except UnicodeDecodeError as exc:
        if japanese is not None:
            return _lines(japanese, "shift_jis")
        raise ParseError(
            f"{where}: the text is not UTF-8, Shift_JIS or Windows-1252 (byte {exc.start}); "
            "convert it to UTF-8 and import it again"
        ) from exc


def _canonical(encoding: str, where: str) -> str:
    name = _ALIASES.get(encoding.strip().lower(), encoding.strip().lower())
    if name not in ENCODINGS:
        raise ParseError(f"{where}: unknown encoding {encoding!r}; expected one of {', '.join(ENCODINGS)}")
    return name


def _looks_japanese(text: str) -> bool:
    wide = [ch for ch in text if ord(ch) > 0x7F]
    hiragana = sum(1 for ch in wide if "\u3041" <= ch <= "\u309f")
    return bool(wide) and hiragana >= _JAPANESE_SHARE * len(wide)


def _lines(text: str, encoding: str) -> Decoded:
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    if "\f" not in text:
        return Decoded(text, encoding)
    pages: list[int] = []
    page = 1
    lines = text.split("\n")
    for index, line in enumerate(lines):
        page += line.count("\f")
        pages.append(page)
        lines[index] = line.replace("\f", "")
    return Decoded("\n".join(lines), encoding, tuple(pages))
