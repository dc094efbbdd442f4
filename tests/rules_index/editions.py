"""Synthetic editions of the published numbered rulebooks, made as a publisher makes them.

We hold one published version of each document, so the version tests make others from its
real text: each edit is a text-level change of the source lines (insert a rule, move a
block, renumber, reword, change a reference, split a rule in two, merge two, delete), and
the result is parsed with the real parser. Edits locate rules through the parsed book's
source spans, so they work on the text exactly as published, damage included.

Editions are immutable; every edit returns a new one:

    Edition.published("divine-cross").insert_before("704.6c", "704.6c. …").renumber(...)

:func:`write_sources` puts editions into a copy of ``rules_index/sources`` (file plus
manifest entry) for tests that drive the CLI.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from rules_index.catalog import SOURCES, load_catalog
from rules_index.model import DocumentInfo, Rule, RuleBook
from rules_index.normalize import join_lines
from rules_index.numbered import parse_numbered
from rules_index.refs import printed_ids, references_in

_LEADING = r"^(?P<lead>\s*(?:-\s+)?)"
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
_CHANGELOG_ENTRY = re.compile(r"^\d{4}年\d{2}月\d{2}日\s*Ver\.\s*(?P<version>[\d.]+)\s*$")
_UNSAFE_CONTINUATION = re.compile(r"^[\s\d０-９例\-※<(（「『・]")


@dataclass(frozen=True, slots=True)
class Edition:
    """The text of one (real or synthetic) version of a numbered document."""

    info: DocumentInfo
    """Which document and version it claims to be."""
    lines: tuple[str, ...]
    """The source text, line by line."""

    @staticmethod
    def published(game: str, document: str | None = None) -> Edition:
        """The newest published version of ``game``'s document, as held in ``rules_index/sources``."""
        catalog = load_catalog(SOURCES)
        info = catalog.game(game).document(document).latest
        return Edition(info, tuple(catalog.text(info).splitlines()))

    @property
    def text(self) -> str:
        """The whole source text."""
        return "\n".join(self.lines) + "\n"

    def book(self) -> RuleBook:
        """The edition parsed with the real parser."""
        return parse_numbered(self.text, self.info)

    def rule(self, rule_id: str) -> Rule:
        """A rule of the edition as parsed."""
        return self.book().by_id()[rule_id]

    # ----------------------------------------------------------------- version

    def as_version(self, version: str, date: str = "") -> Edition:
        """The same text presented as ``version``: manifest data and the title line's ``ver.``."""
        old = self.info.version
        stem = Path(self.info.path).stem.rsplit("-", 1)[0]
        info = replace(
            self.info,
            version=version,
            date=date or self.info.date,
            path=f"{self.info.game}/{stem}-{version}.txt",
        )
        lines = list(self.lines)
        for index, line in enumerate(lines):
            if f"ver.{old}" in line:
                lines[index] = line.replace(f"ver.{old}", f"ver.{version}")
                break
        return Edition(info, tuple(lines))

    # ----------------------------------------------------------------- rule edits

    def insert_before(self, rule_id: str, line: str) -> Edition:
        """A new numbered line (as it should be printed) just before ``rule_id``."""
        first, _ = self._block(rule_id, subtree=False)
        return self._with_lines(first, first, [line, ""])

    def insert_after(self, rule_id: str, line: str) -> Edition:
        """A new numbered line just after ``rule_id`` and everything under it."""
        _, last = self._block(rule_id, subtree=True)
        return self._with_lines(last + 1, last + 1, ["", line])

    def delete(self, rule_id: str) -> Edition:
        """``rule_id`` and everything under it removed."""
        first, last = self._block(rule_id, subtree=True)
        return self._with_lines(first, last + 1, [])

    def reword(self, rule_id: str, old: str, new: str) -> Edition:
        """``old`` replaced by ``new`` in the lines of ``rule_id`` (it must occur exactly once)."""
        first, last = self._block(rule_id, subtree=False)
        block = "\n".join(self.lines[first : last + 1])
        if block.count(old) != 1:
            raise AssertionError(f"{rule_id}: {old!r} occurs {block.count(old)} times")
        return self._with_lines(first, last + 1, block.replace(old, new).split("\n"))

    def move(self, rule_id: str, after: str) -> Edition:
        """``rule_id`` and everything under it cut and pasted after ``after`` (and everything under it)."""
        first, last = self._block(rule_id, subtree=True)
        block = list(self.lines[first : last + 1])
        cut = Edition(self.info, self.lines[:first] + self.lines[last + 1 :])
        _, end = cut._block(after, subtree=True)
        return cut._with_lines(end + 1, end + 1, ["", *block])

    def split(self, rule_id: str, at: str, number: str) -> Edition:
        """A one-line rule cut before ``at``; the rest becomes a new line printed as ``number``."""
        first, _ = self._block(rule_id, subtree=False)
        line = self.lines[first]
        index = line.find(at)
        if index <= 0:
            raise AssertionError(f"{rule_id}: {at!r} not on its line")
        lead = re.match(r"\s*(?:-\s+)?", line)
        bullet = lead.group(0) if lead else ""
        return self._with_lines(first, first + 1, [line[:index].rstrip(), "", f"{bullet}{number} {line[index:]}"])

    def merge(self, first_id: str, second_id: str) -> Edition:
        """The text of one-line rule ``second_id`` appended to ``first_id``'s line, its own line removed."""
        first, _ = self._block(first_id, subtree=False)
        second, second_last = self._block(second_id, subtree=False)
        if second != second_last:
            raise AssertionError(f"{second_id} takes more than one line")
        rest = re.sub(_LEADING + re.escape(second_id) + r"\.?\s*", "", self.lines[second], count=1)
        merged = join_lines(self.lines[first], rest)
        lines = list(self.lines)
        lines[first] = merged
        del lines[second]
        return Edition(self.info, tuple(lines))

    def renumber(self, roots: dict[str, str], *, references: bool = True) -> Edition:
        """Each root id and everything under it renumbered (``{"704.6c": "704.6d"}``), all at once.

        Descendants keep their suffix (``704.6c-1`` → ``704.6d-1``). With ``references`` the
        cross-references to renumbered rules are updated too, as a publisher would: dotted ids
        anywhere, bare numbers in parentheses.
        """
        mapping = self._expand(roots)
        lines = [self._renumber_line(line, mapping, references) for line in self.lines]
        return Edition(self.info, tuple(lines))

    def reflow(self) -> Edition:
        """Only whitespace and line breaks changed: long rule lines broken in two, spaces doubled."""
        out: list[str] = []
        in_body = False
        for line in self.lines:
            if re.match(_LEADING + r"\d+\.", line) and "\t" not in line:
                in_body = True
            if not in_body or "\t" in line or "<" in line or len(line) < 60:
                out.append(line)
                continue
            out.extend(_break_line(line.replace(" ", "  ") + "  "))
        return Edition(self.info, tuple(out))

    # ----------------------------------------------------------------- changelog

    def drop_changelog_entry(self, version: str) -> Edition:
        """The changelog entry of ``version`` (its dated line and its items) removed."""
        lines = list(self.lines)
        start = next(
            i for i, line in enumerate(lines) if (m := _CHANGELOG_ENTRY.match(line)) and m["version"] == version
        )
        end = start + 1
        while end < len(lines) and not _CHANGELOG_ENTRY.match(lines[end]):
            end += 1
        del lines[start:end]
        return Edition(self.info, tuple(lines))

    def add_changelog_entry(self, date: str, version: str, changes: list[str]) -> Edition:
        """A changelog entry added on top (``date`` as ``2026年06月01日``)."""
        heading = next(i for i, line in enumerate(self.lines) if line.strip().startswith("更新情報"))
        block = ["", f"{date} Ver. {version}", "", *(f"- {change}" for change in changes)]
        return self._with_lines(heading + 1, heading + 1, block)

    def replace_line(self, old: str, new: str) -> Edition:
        """The one line equal to ``old`` (stripped) replaced by ``new``."""
        found = [i for i, line in enumerate(self.lines) if line.strip() == old]
        if len(found) != 1:
            raise AssertionError(f"{old!r} is on {len(found)} lines")
        return self._with_lines(found[0], found[0] + 1, [new])

    # ----------------------------------------------------------------- helpers

    def _with_lines(self, start: int, stop: int, new: list[str]) -> Edition:
        """Lines ``start`` to ``stop`` (0-based, exclusive) replaced by ``new``."""
        return Edition(self.info, (*self.lines[:start], *new, *self.lines[stop:]))

    def _block(self, rule_id: str, *, subtree: bool) -> tuple[int, int]:
        """0-based first and last line of a rule (and, with ``subtree``, of everything under it)."""
        book = self.book()
        rules = book.by_id()
        if rule_id not in rules:
            raise AssertionError(f"no rule {rule_id} in this edition")
        ids = _subtree(book, rule_id) if subtree else {rule_id}
        spans = [rules[i].span for i in ids]
        return min(s.first_line for s in spans) - 1, max(s.last_line for s in spans) - 1

    def _expand(self, roots: dict[str, str]) -> dict[str, str]:
        book = self.book()
        mapping: dict[str, str] = {}
        for old_root, new_root in roots.items():
            for rule_id in _subtree(book, old_root):
                mapping[rule_id] = new_root + rule_id[len(old_root) :]
        return mapping

    @staticmethod
    def _renumber_line(line: str, mapping: dict[str, str], references: bool) -> str:
        head = re.match(_LEADING + r"(?P<number>\d+(?:\.\d+)*(?:[a-z](?:-\d+)?)?)(?=[.\s])", line)
        start = 0
        if head is not None and head["number"] in mapping:
            line = head["lead"] + mapping[head["number"]] + line[head.end() :]
            start = len(head["lead"]) + len(mapping[head["number"]])
        elif head is not None:
            start = head.end()
        if not references:
            return line
        body = _REFERENCE.sub(lambda m: _renumbered_reference(m, mapping), line[start:])
        return line[:start] + body


_REFERENCE = re.compile(
    r"(?P<open>\()?(?P<number>(?<![\d.])\d+(?:\.\d+)*(?:[a-z](?:-\d+)?)?)(?![\d]|\.\d)(?P<close>\))?"
)


def _renumbered_reference(match: re.Match[str], mapping: dict[str, str]) -> str:
    number = match["number"]
    dotted = "." in number or any(ch.isalpha() for ch in number)
    parenthesised = bool(match["open"] and match["close"])
    if number in mapping and (dotted or parenthesised):
        return match.group(0).replace(number, mapping[number], 1)
    return match.group(0)


def _subtree(book: RuleBook, root: str) -> set[str]:
    children: dict[str | None, list[str]] = {}
    for rule in book.rules:
        children.setdefault(rule.parent, []).append(rule.id)
    found = {root}
    stack = [root]
    while stack:
        for child in children.get(stack.pop(), []):
            found.add(child)
            stack.append(child)
    return found


def _break_line(line: str) -> list[str]:
    """``line`` broken in two between two Japanese characters near its middle, when it can be."""
    middle = len(line) // 2
    for offset in range(len(line) // 3):
        for index in (middle + offset, middle - offset):
            if 0 < index < len(line) - 1 and _CJK.match(line[index - 1]) and _CJK.match(line[index]):
                rest = line[index:]
                if not _UNSAFE_CONTINUATION.match(rest):
                    return [line[:index], rest]
    return [line]


def write_sources(root: Path, *editions: Edition, newest: bool = True) -> Path:
    """A copy of ``rules_index/sources`` under ``root`` holding ``editions`` as further versions.

    Each edition's file is written beside the published one and a version entry added to
    the manifest: after the published version when ``newest`` (it is the newest), else before
    it. Editions are listed in the order given. Returns the sources folder.
    """
    sources = root / "sources"
    shutil.copytree(SOURCES, sources)
    by_manifest: dict[str, list[Edition]] = {}
    for edition in editions:
        (sources / edition.info.path).write_text(edition.text, encoding="utf-8")
        by_manifest.setdefault(edition.info.game, []).append(edition)
    for game, held in by_manifest.items():
        manifest = sources / game / "manifest.toml"
        manifest.write_text(_with_versions(manifest.read_text(encoding="utf-8"), held, newest), encoding="utf-8")
    return sources


def _with_versions(manifest: str, editions: list[Edition], newest: bool) -> str:
    """The manifest text with a ``[[documents.versions]]`` table per edition beside the published one."""
    lines = manifest.splitlines()
    published = load_catalog(SOURCES).game(editions[0].info.game).document(editions[0].info.document).latest
    file_line = next(i for i, line in enumerate(lines) if line.strip() == f'file = "{Path(published.path).name}"')
    table = max(i for i in range(file_line) if lines[i].strip() == "[[documents.versions]]")
    blocks: list[str] = []
    for edition in editions:
        blocks += [
            "[[documents.versions]]",
            f'version = "{edition.info.version}"',
            f'date = "{edition.info.date}"',
            f'file = "{Path(edition.info.path).name}"',
            "",
        ]
    if newest:
        at = file_line + 1
        blocks = ["", *blocks[:-1]]
    else:
        at = table
    return "\n".join([*lines[:at], *blocks, *lines[at:]]) + "\n"


# --------------------------------------------------------------------------- editions at scale, on parsed books


_ID_TOKEN = re.compile(r"\d+(?:\.\d+)*(?:[a-z](?:-\d+)?)?")
"""Anything that may be a rule number: a text without one to rename is left alone unread."""


def _with_references(value: str, source: str, ids: frozenset[str], rename: Callable[[str], str]) -> str:
    """``value`` with the number of each cross-reference (as :mod:`rules_index.refs` finds them) renamed."""
    if not value or not any(rename(token) != token for token in _ID_TOKEN.findall(value)):
        return value
    refs, _ = references_in(value, source, ids)
    out: list[str] = []
    position = 0
    for ref in refs:
        at = value.find(ref.target, ref.start, ref.end)
        new = rename(ref.target)
        if at < position or at == -1 or new == ref.target:
            continue
        out.append(value[position:at])
        out.append(new)
        position = at + len(ref.target)
    out.append(value[position:])
    return "".join(out)


def scaled(book: RuleBook, copies: int) -> RuleBook:
    """``book`` repeated ``copies`` times as one bigger book of the same shape.

    Copy ``k`` adds ``k × 10ⁿ`` to the first number of every id (``704.6c`` → ``10704.6c``),
    its references follow, and each rule's text gets the copy's mark so that no two
    copies share a text (real rulebooks rarely repeat one).
    """
    firsts = [int(m.group(0)) for r in book.rules if (m := re.match(r"\d+", r.id))]
    step = 10 ** len(str(max(firsts)))
    ids = printed_ids(book)
    rules: list[Rule] = []
    for k in range(copies):

        def shift(rule_id: str, k: int = k) -> str:
            m = re.match(r"\d+", rule_id)
            return rule_id if m is None or k == 0 else str(int(m.group(0)) + k * step) + rule_id[m.end() :]

        def mark(value: str, k: int = k) -> str:
            return f"〔{k}〕{value}" if k and value else value

        for rule in book.rules:
            rules.append(
                replace(
                    rule,
                    id=shift(rule.id),
                    parent=shift(rule.parent) if rule.parent else None,
                    title=rule.title and (rule.title if k == 0 else f"{rule.title}〔{k}〕"),
                    text=mark(_with_references(rule.text, rule.id, ids, shift)),
                    order=len(rules),
                    examples=tuple(
                        replace(e, text=mark(_with_references(e.text, rule.id, ids, shift))) for e in rule.examples
                    ),
                )
            )
    return replace(book, rules=tuple(rules))


@dataclass(frozen=True, slots=True)
class BookEditor:
    """Publisher's edits made on a parsed book (fast, for editions at scale): each returns a new book.

    Numbers behave as printed: an inserted rule takes its place's number and the later
    siblings shift up one step (``116.2g`` → ``116.2h``, everything under them with them),
    a deleted or moved-away rule's later siblings shift down, and every cross-reference
    to a renumbered rule follows it, as a publisher updates them.
    """

    book: RuleBook
    """The book edited."""
    renamed: tuple[tuple[str, str], ...] = ()
    """Original id → current id of every rule the edits so far renumbered or moved (chained; a
    rule inserted by one edit and renumbered by a later one is not told apart from the rule
    whose number it took)."""

    def ids(self) -> list[str]:
        """Every id, in document order."""
        return [r.id for r in self.book.rules]

    def reword(self, rule_id: str, text: str) -> BookEditor:
        """``rule_id``'s text replaced by ``text``."""
        return self.reword_many({rule_id: text})

    def reword_many(self, texts: dict[str, str]) -> BookEditor:
        """Each rule's text replaced by its new text (``{id: text}``), all at once."""
        return self._with([replace(r, text=texts[r.id]) if r.id in texts else r for r in self.book.rules])

    def insert_before(self, rule_id: str, text: str) -> BookEditor:
        """A new rule with ``text`` in ``rule_id``'s place; it and its later siblings shift up."""
        rules = list(self.book.rules)
        by_id = self.book.by_id()
        target = by_id[rule_id]
        siblings = [r.id for r in rules if r.parent == target.parent]
        later = siblings[siblings.index(rule_id) :]
        mapping = self._shift_mapping(later, +1)
        at = next(k for k, r in enumerate(rules) if r.id == rule_id)
        new_rule = replace(target, text=text, title="", examples=(), figures=())
        rules.insert(at, new_rule)
        renamed = self._renamed(rules, mapping, printed_ids(self.book), skip=at)
        return self._with(renamed, mapping)

    def delete(self, rule_id: str) -> BookEditor:
        """``rule_id`` and everything under it removed; its later siblings shift down."""
        rules = list(self.book.rules)
        target = self.book.by_id()[rule_id]
        siblings = [r.id for r in rules if r.parent == target.parent]
        later = siblings[siblings.index(rule_id) :]
        gone = _subtree(self.book, rule_id)
        mapping = self._shift_mapping(later, -1)
        kept = [r for r in rules if r.id not in gone]
        mapping = {k: v for k, v in mapping.items() if k not in gone}
        return self._with(self._renamed(kept, mapping, printed_ids(self.book)), mapping)

    def move(self, rule_id: str, parent_id: str) -> BookEditor:
        """``rule_id`` (with everything under it) becomes the last child of ``parent_id``.

        Its later siblings shift down; it takes the number after the new parent's last child.
        """
        rules = list(self.book.rules)
        by_id = self.book.by_id()
        target = by_id[rule_id]
        moved = _subtree(self.book, rule_id)
        old_siblings = [r.id for r in rules if r.parent == target.parent]
        new_siblings = [r.id for r in rules if r.parent == parent_id and r.id not in moved]
        if not new_siblings:
            raise AssertionError(f"{parent_id} has no children to number after")
        new_id = _step_id(new_siblings[-1], new_siblings, +1)
        mapping = {i: new_id + i[len(rule_id) :] for i in moved if i.startswith(rule_id)}
        later = old_siblings[old_siblings.index(rule_id) + 1 :]
        mapping.update(self._shift_mapping([rule_id, *later], -1, skip_first=True))
        block = [r for r in rules if r.id in moved]
        rest = [r for r in rules if r.id not in moved]
        under = _subtree(self.book, parent_id)
        end = max(k for k, r in enumerate(rest) if r.id in under)
        block[0] = replace(block[0], parent=parent_id)
        reordered = [*rest[: end + 1], *block, *rest[end + 1 :]]
        return self._with(self._renamed(reordered, mapping, printed_ids(self.book)), mapping)

    # ----------------------------------------------------------------- helpers

    def _shift_mapping(self, siblings: list[str], delta: int, *, skip_first: bool = False) -> dict[str, str]:
        """Old id → new id of each sibling (and its subtree) shifted ``delta`` places along the siblings."""
        all_siblings = siblings
        children: dict[str | None, list[str]] = {}
        for rule in self.book.rules:
            children.setdefault(rule.parent, []).append(rule.id)
        mapping: dict[str, str] = {}
        for index, sibling in enumerate(all_siblings):
            if skip_first and index == 0:
                continue
            target = index + delta
            if 0 <= target < len(all_siblings):
                new = all_siblings[target]
            else:
                new = _step_id(all_siblings[-1], all_siblings, delta)
            stack = [sibling]
            while stack:
                rule_id = stack.pop()
                stack.extend(children.get(rule_id, ()))
                if rule_id.startswith(sibling):
                    mapping[rule_id] = new + rule_id[len(sibling) :]
        return mapping

    @staticmethod
    def _renamed(rules: list[Rule], mapping: dict[str, str], ids: frozenset[str], skip: int = -1) -> list[Rule]:
        """``rules`` with ids, parents and references renamed through ``mapping``."""

        def rename(rule_id: str) -> str:
            return mapping.get(rule_id, rule_id)

        if not mapping:
            return rules
        out = []
        for k, rule in enumerate(rules):
            new_id = rule.id if k == skip else mapping.get(rule.id, rule.id)
            parent = mapping.get(rule.parent, rule.parent) if rule.parent else None
            text = _with_references(rule.text, rule.id, ids, rename)
            examples = tuple(
                e if (t := _with_references(e.text, rule.id, ids, rename)) == e.text else replace(e, text=t)
                for e in rule.examples
            )
            if (new_id, parent, text, examples) == (rule.id, rule.parent, rule.text, rule.examples):
                out.append(rule)
            else:
                out.append(replace(rule, id=new_id, parent=parent, text=text, examples=examples))
        return out

    def _with(self, rules: list[Rule], mapping: dict[str, str] | None = None) -> BookEditor:
        ordered = tuple(r if r.order == k else replace(r, order=k) for k, r in enumerate(rules))
        ids = [r.id for r in ordered]
        if len(set(ids)) != len(ids):
            raise AssertionError("an edit made two rules with one id")
        mapping = mapping or {}
        earlier = {now for _, now in self.renamed}
        renamed = {old: mapping.get(now, now) for old, now in self.renamed}
        renamed.update((old, now) for old, now in mapping.items() if old not in earlier)
        return BookEditor(replace(self.book, rules=ordered), tuple(renamed.items()))


def _step_id(last: str, siblings: list[str], delta: int) -> str:
    """The id ``delta`` steps after ``last`` in its numbering (letters or numbers, the siblings' step)."""
    m = re.fullmatch(r"(?P<head>.*?)(?P<tail>[a-z]|\d+)", last)
    if m is None:
        raise AssertionError(f"cannot number after {last}")
    head, tail = m["head"], m["tail"]
    if tail.isalpha():
        return head + chr(ord(tail) + delta)
    step = 1
    if len(siblings) > 1:
        prev = re.fullmatch(r".*?(\d+)", siblings[-2])
        if prev is not None and int(tail) - int(prev.group(1)) > 1:
            step = int(tail) - int(prev.group(1))
    return head + str(int(tail) + delta * step)
