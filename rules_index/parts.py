"""The parts publishers print around the numbered rules, recognised from their headings.

A comprehensive rulebook is more than its rules: a table of contents before them, and after the
last rule a glossary, appendices, a change log, credits. Each part is recognised by its heading
(``Glossary``, ``用語集``, ``付録 A：作品名一覧``, ``更新情報``, ``Credits``) so that the numbered
parser can read it as what it is instead of gluing it to the last rule. These are small pure
functions; the parser's rule chains call them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules_index.model import PartKind
from rules_index.normalize import nfkc

_GLOSSARY = re.compile(r"^(?:glossary|glossary of terms|用語集|用語解説|用語一覧)$", re.IGNORECASE)
_CREDITS = re.compile(r"^(?:credits|クレジット)$", re.IGNORECASE)
_INDEX = re.compile(r"^(?:index|索引|さくいん)$", re.IGNORECASE)
_CHANGELOG = re.compile(
    r"^(?:更新情報|更新履歴|改訂履歴|変更履歴|更新内容|更新項目|change\s*log|changes|revision history)\s*[:：]?$",
    re.IGNORECASE,
)
_APPENDIX = re.compile(
    r"^(?P<word>付録|付表|別表|appendix)\s*(?P<label>[A-Z0-9]{1,2})?\s*(?:[:：.．\-―—]\s*(?P<title>.*))?$",
    re.IGNORECASE,
)
_CHANGE_WORDS = re.compile(r"更新|改訂|変更|change|revision", re.IGNORECASE)
_CONTENTS = re.compile(r"^(?:目次|contents|table of contents)(?:\s+(?:ページ|page))?$", re.IGNORECASE)
_LEADER = re.compile(r"\s*(?:\.{3,}|…{2,}|・{3,}|‥{2,}|\.(?:\s\.){2,})[\s.…・‥]*(?:-?\s*\d+\s*-?)?\s*$")
_TRAILING_PAGE = re.compile(r"\s+-?\s*\d{1,3}\s*-?\s*$")
_WHITESPACE = re.compile(r"\s+")
_SPACE_BESIDE_WIDE = re.compile(r"(?<=[^\x00-\x7f]) | (?=[^\x00-\x7f])")


@dataclass(frozen=True, slots=True)
class PartHeading:
    """A line recognised as the heading of a part."""

    kind: PartKind
    """Which part it opens."""
    title: str
    """The heading as printed, stripped."""
    node_id: str
    """The id of the node holding the part (``Glossary``, ``付録A``, ``Credits``)."""


def part_heading(line: str) -> PartHeading | None:
    """The part ``line`` opens, when it is a whole-line part heading; None otherwise.

    An appendix whose title speaks of updates or changes (``付録 D：更新内容``) is the change log.
    """
    if len(line) > 80:
        return None
    text = nfkc(line).strip()
    if not text or len(text) > 60:
        return None
    printed = line.strip()
    if _GLOSSARY.match(text):
        return PartHeading(PartKind.GLOSSARY, printed, _node_id(text))
    if _CREDITS.match(text):
        return PartHeading(PartKind.CREDITS, printed, _node_id(text))
    if _INDEX.match(text):
        return PartHeading(PartKind.INDEX, printed, _node_id(text))
    if _CHANGELOG.match(text):
        return PartHeading(PartKind.CHANGELOG, printed, _node_id(text.rstrip(":：")))
    m = _APPENDIX.match(text)
    if m is not None and (m["label"] or m["title"] is not None):
        node_id = _node_id(f"{m['word']} {m['label'] or ''}")
        if m["title"] and _CHANGE_WORDS.search(m["title"]):
            return PartHeading(PartKind.CHANGELOG, printed, node_id)
        return PartHeading(PartKind.APPENDIX, printed, node_id)
    return None


def is_contents_heading(line: str) -> bool:
    """Whether ``line`` is the heading of a table of contents (``目次``, ``Contents``)."""
    return bool(_CONTENTS.match(nfkc(line).strip()))


def contents_entry_key(line: str) -> str:
    """The comparable form of a contents entry or heading: leaders and page number dropped, NFKC, no spaces.

    ``1. ゲームの概要 ........ 1`` and the body's ``1. ゲームの概要`` give the same key, so the
    body can be found where a heading repeats the first entry of the contents.
    """
    text = nfkc(line).strip()
    text = _LEADER.sub("", text)
    if "\t" in line:
        text = text.split("\t")[0] + "".join(text.split("\t")[1:2])
    return _WHITESPACE.sub("", text).lower()


def has_leader(line: str) -> bool:
    """Whether ``line`` ends in dot leaders (with or without a page number): a contents entry."""
    return bool(_LEADER.search(nfkc(line)))


def without_page_number(line: str) -> str:
    """``line`` without a trailing page number."""
    return _TRAILING_PAGE.sub("", line)


def _node_id(text: str) -> str:
    """The heading as an id: spaces kept between words of a Latin script, dropped beside Japanese."""
    single = _WHITESPACE.sub(" ", text.strip())
    return _SPACE_BESIDE_WIDE.sub("", single).replace("/", "∕")
