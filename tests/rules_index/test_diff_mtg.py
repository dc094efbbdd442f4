"""The differ on a real pair of editions: Magic: The Gathering Comprehensive Rules 2020-04-17 → 2020-06-01.

Ground truth, read from the two files (``tests/data/books``, byte-identical to the published
text) line by line: companion became a special action, so

- a new 116.2g was inserted (the companion special action);
- the old 116.2g (planar die) and 116.2h (conspiracy) became 116.2h and 116.2i, same text;
- 702.105c and 901.9 changed only in their cross-reference (``116.2h`` → ``116.2i``,
  ``116.2g`` → ``116.2h``), following the renumbering;
- 702.138a and 702.138c were reworded;
- outside the rules: the glossary's Companion entry was redefined, and the effective date
  printed in the credits changed.

Nothing else changed (the front matter's effective date is not a node).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path

from rules_index.diff import BookDiff, ReferenceStatus, Relocation, TermChangeKind, Wording, diff_books, history
from rules_index.model import DocumentInfo, RuleBook, RuleKind
from rules_index.pipeline import parse_source
from tests.rules_index.editions import BookEditor

BOOKS = Path(__file__).resolve().parents[1] / "data" / "books"


@cache
def mtg(date: str) -> RuleBook:
    """One edition, parsed by the pipeline as an imported book is."""
    path = BOOKS / f"mtg-cr-en-{date}.txt"
    info = DocumentInfo(
        game="mtg",
        document="comprehensive",
        kind="comprehensive-rules",
        title="Magic: The Gathering Comprehensive Rules",
        version=date,
        date=date,
        path=path.name,
        parser="numbered",
    )
    return parse_source(path.read_bytes(), info)


@cache
def mtg_diff() -> BookDiff:
    return diff_books(mtg("2020-04-17"), mtg("2020-06-01"))


def test_each_rule_change_is_classified_exactly_and_nothing_else_is_reported() -> None:
    diff = mtg_diff()
    assert {(e.kind.value, e.old_ids, e.new_ids) for e in diff.entries} == {
        ("added", (), ("116.2g",)),
        ("renumbered", ("116.2g",), ("116.2h",)),
        ("renumbered", ("116.2h",), ("116.2i",)),
        ("reference-only", ("702.105c",), ("702.105c",)),
        ("reference-only", ("901.9",), ("901.9",)),
        ("changed", ("702.138a",), ("702.138a",)),
        ("changed", ("702.138c",), ("702.138c",)),
    }
    assert [e.label for e in diff.entries] == [
        "+ 116.2g",
        "116.2g → 116.2h",
        "116.2h → 116.2i",
        "702.105c",
        "702.138a",
        "702.138c",
        "901.9",
    ]
    assert diff.stale_references == ()


def test_the_renumberings_are_in_place_and_the_references_follow_them() -> None:
    diff = mtg_diff()
    by_old = {e.old_id: e for e in diff.entries if e.old_id}
    for old_id in ("116.2g", "116.2h"):
        entry = by_old[old_id]
        assert entry.relocation is Relocation.RENUMBERED and entry.wording is Wording.SAME
        assert entry.old_parent == entry.new_parent == "116.2"
    follows = {
        "702.105c": ("116.2h", "116.2i"),
        "901.9": ("116.2g", "116.2h"),
    }
    for rule_id, (before, after) in follows.items():
        entry = by_old[rule_id]
        assert entry.relocation is Relocation.NONE and entry.wording is Wording.REFERENCES
        assert [(r.old_target, r.new_target, r.status) for r in entry.references] == [
            (before, after, ReferenceStatus.FOLLOWED)
        ]
    reworded = by_old["702.138c"]
    assert "play the card with companion" in reworded.old_text
    assert "take the special action" in reworded.new_text


def test_every_unchanged_rule_keeps_its_id() -> None:
    diff = mtg_diff()
    moved = {old: new for old, new in diff.mapping if old != new}
    assert moved == {"116.2g": "116.2h", "116.2h": "116.2i"}
    body = [r.id for r in mtg("2020-04-17").rules if r.kind not in (RuleKind.PART, RuleKind.ENTRY)]
    assert len(body) > 2500
    assert set(body) <= {old for old, _ in diff.mapping}


def test_the_glossary_reports_only_the_redefined_companion() -> None:
    diff = mtg_diff()
    assert [(t.kind, t.name) for t in diff.terms] == [(TermChangeKind.REDEFINED, "Companion")]
    assert {(e.kind.value, e.label) for e in diff.parts} == {
        ("changed", "Glossary/Companion"),
        ("changed", "Credits"),
    }


def test_a_rule_history_across_the_two_editions() -> None:
    chain = history([mtg("2020-04-17"), mtg("2020-06-01")])
    planar = chain.events("2020-06-01", "116.2h")
    assert [(e.version, e.kind.value, e.ids, e.previous_ids) for e in planar] == [
        ("2020-04-17", "held", ("116.2g",), ()),
        ("2020-06-01", "renumbered", ("116.2h",), ("116.2g",)),
    ]
    companion = chain.events("2020-06-01", "116.2g")
    assert [(e.version, e.kind.value) for e in companion] == [("2020-06-01", "created")]


# --------------------------------------------------------------------------- edits at the scale of a real book


Entry = tuple[str, tuple[str, ...], tuple[str, ...]]


def what_the_editor_did(
    old: RuleBook,
    editor: BookEditor,
    *,
    added: frozenset[str] = frozenset(),
    moved: frozenset[str] = frozenset(),
    removed: frozenset[str] = frozenset(),
    reworded: frozenset[str] = frozenset(),
) -> set[Entry]:
    """The entries a diff must report, from what the editor did: each old rule it reworded,
    renumbered or moved, each rule whose text changed because a reference followed its target
    (ids as in ``old``)."""
    renamed = dict(editor.renamed)
    now = editor.book.by_id()
    found: set[Entry] = {("added", (), (i,)) for i in added} | {("removed", (i,), ()) for i in removed}
    for rule in old.rules:
        if rule.id in removed:
            continue
        new_id = renamed.get(rule.id, rule.id)
        new = now[new_id]
        if rule.id in reworded:
            found.add(("changed", (rule.id,), (new_id,)))
        elif (rule.text, [e.text for e in rule.examples]) != (new.text, [e.text for e in new.examples]):
            found.add(("reference-only", (rule.id,), (new_id,)))
        elif rule.id in moved:
            found.add(("moved", (rule.id,), (new_id,)))
        elif new_id != rule.id:
            found.add(("renumbered", (rule.id,), (new_id,)))
    return found


def entries(diff: BookDiff) -> set[Entry]:
    return {(e.kind.value, e.old_ids, e.new_ids) for e in (*diff.entries, *diff.parts)}


def test_a_rule_inserted_at_the_head_of_a_chapter_renumbers_the_whole_chapter() -> None:
    old = mtg("2020-04-17")
    editor = BookEditor(old).insert_before("100", "These rules describe the game's concepts, first of all.")
    shifted = dict(editor.renamed)
    assert shifted["100.1a"] == "101.1a" and shifted["122.3"] == "123.3" and len(shifted) > 300
    diff = diff_books(old, replace(editor.book, info=replace(old.info, version="next")))
    expected = what_the_editor_did(old, editor, added=frozenset({"100"}))
    assert sum(1 for kind, _, _ in expected if kind == "reference-only") > 20  # references elsewhere followed
    assert entries(diff) == expected
    assert diff.stale_references == ()


def test_a_rule_moved_to_another_section_with_its_subrules() -> None:
    old = mtg("2020-04-17")
    editor = BookEditor(old).move("107.3", "102")
    subtree = frozenset(r.id for r in old.rules if r.id == "107.3" or r.id.startswith("107.3"))
    assert dict(editor.renamed)["107.3a"] == "102.5a"
    diff = diff_books(old, replace(editor.book, info=replace(old.info, version="next")))
    assert entries(diff) == what_the_editor_did(old, editor, moved=subtree)
    root = next(e for e in diff.entries if e.old_ids == ("107.3",))
    assert (root.old_parent, root.new_parent, root.moved_with) == ("107", "102", None)
    assert next(e for e in diff.entries if e.old_ids == ("107.3a",)).moved_with == "107.3"


def test_a_deleted_rule_whose_reference_was_left_behind_is_a_stale_reference() -> None:
    """116.2g deleted: 116.2h becomes 116.2g; 702.105c's reference follows, 901.9 still names 116.2g."""
    old = mtg("2020-04-17")
    editor = BookEditor(old).delete("116.2g")
    diff = diff_books(old, replace(editor.book, info=replace(old.info, version="next")))
    assert entries(diff) == what_the_editor_did(old, editor, removed=frozenset({"116.2g"}))
    assert ("reference-only", ("702.105c",), ("702.105c",)) in entries(diff)
    assert [(s.rule_id, s.target, s.now) for s in diff.stale_references] == [("901.9", "116.2g", "")]


def under(book: RuleBook, root: str) -> set[str]:
    """``root`` and every rule under it."""
    children: dict[str | None, list[str]] = {}
    for rule in book.rules:
        children.setdefault(rule.parent, []).append(rule.id)
    found, stack = {root}, [root]
    while stack:
        for child in children.get(stack.pop(), []):
            found.add(child)
            stack.append(child)
    return found


def test_a_rewrite_renumbering_every_chapter_rewording_and_moving_rules_is_classified_exactly() -> None:
    """As M10 was, in small: every chapter gets a new first rule (every rule below renumbered),
    120 rules are reworded (a word changed, a sentence added), and 12 rules with their
    subrules are moved to other sections; each entry is checked against what the editor did."""
    import random

    old = mtg("2020-04-17")
    rng = random.Random(2009)
    editor = BookEditor(old)
    heads = {}
    for rule in old.rules:
        if rule.kind is RuleKind.SECTION and rule.depth == 1 and rule.parent not in heads:
            heads[rule.parent] = rule.id
    for first in heads.values():
        editor = editor.insert_before(first, f"A new first rule of the chapter of {first}: players read it first.")
    added = frozenset(heads.values())
    parents = {r.parent for r in old.rules}
    leaves = [r for r in old.rules if r.kind is RuleKind.RULE and r.id not in parents and len(r.text.split()) > 8]
    chosen = rng.sample(leaves, 120)
    current = dict(editor.renamed)
    texts = {}
    for rule in chosen:
        words = rule.text.split()
        words[rng.randrange(1, len(words) - 1)] = rng.choice(["each", "that", "another", "any"])
        texts[current.get(rule.id, rule.id)] = " ".join(words) + " This is a change from previous rules."
    editor = editor.reword_many(texts)
    moved: set[str] = set()
    sections = [r.id for r in old.rules if r.kind is RuleKind.SECTION and r.depth == 1 and r.id in parents]
    candidates = [r for r in old.rules if r.kind is RuleKind.RULE and r.depth == 2 and r not in chosen]
    for rule in rng.sample(candidates, 12):
        now = dict(editor.renamed)
        subtree = under(old, rule.id)
        if subtree & moved:
            continue
        target = now.get(rng.choice([s for s in sections if s != rule.parent]), "")
        if not target:
            continue
        editor = editor.move(now.get(rule.id, rule.id), target)
        moved |= subtree
    assert len(moved) >= 12 and moved.isdisjoint(r.id for r in chosen)
    diff = diff_books(old, replace(editor.book, info=replace(old.info, version="rewrite")))
    expected = what_the_editor_did(
        old, editor, added=added, moved=frozenset(moved), reworded=frozenset(r.id for r in chosen)
    )
    assert entries(diff) == expected
