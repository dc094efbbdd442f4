"""Benchmark: the rule-by-rule differ at real scale, as ratios against a plain number-keyed diff.

Every case is timed in this process beside a *number-keyed diff* of the same two books (rules
paired by id, texts compared: what a naive differ does, and the floor any differ pays to read
both books), so the ratios hold on a faster or a busier machine. The books:

- **few changes**: the real Magic: The Gathering Comprehensive Rules 2020-04-17 → 2020-06-01
  (``tests/data/books``, about 1 MB each). Target: under 1 s.
- **full renumbering**: the same 3,000-node book with a rule inserted at the head of every
  chapter, so every numbered rule below shifts (``100.1a`` → ``101.1a``) and every reference
  follows. Target: under 5 s and 500 MB.
- **rewrite** (as M10 was): the full renumbering plus half of the rules reworded and one in
  twenty moved to another section. Same targets.
- **chain**: 100 editions, each the one before with a few realistic edits (rewordings,
  insertions and deletions that shift later siblings, moves); the rules index of every
  edition, then every rule's history from the 99 consecutive diffs. Target: index and
  histories under 60 s (wall time; the CPU time is printed beside it, since on a shared
  machine the wall time mostly says how busy the other jobs kept it). The editions
  are edited parsed books; the parse a library needs first is counted too, as 100 parses of
  1 MB texts (the real edition with a few words changed in each, so none is a copy). Then the
  histories again from the diff cache as a new process reads a library's (each edition held
  by its key, none read), and with one more edition (its index and key, the cached diffs,
  one diff of the two newest books), beside one parse and one diff.

    .venv/bin/python bench/diff.py [--editions 100] [--runs 3]

Exit 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the edition builders live with the tests

from rules_index.diff import DiffCache, HeldVersion, History, diff_books, history  # noqa: E402
from rules_index.diff.histories import book_fingerprint  # noqa: E402
from rules_index.graph import build_book_index  # noqa: E402
from rules_index.model import DocumentInfo, RuleBook, RuleKind  # noqa: E402
from rules_index.pipeline import parse_source  # noqa: E402
from tests.rules_index.editions import BookEditor  # noqa: E402

BOOKS = ROOT / "tests" / "data" / "books"
BODY = frozenset({RuleKind.SECTION, RuleKind.RULE})


def mtg(date: str) -> RuleBook:
    """A real edition, parsed by the pipeline."""
    path = BOOKS / f"mtg-cr-en-{date}.txt"
    info = DocumentInfo("mtg", "comprehensive", "comprehensive-rules", "MTG CR", date, date, path.name, "numbered")
    return parse_source(path.read_bytes(), info)


def edited_texts(path: Path, count: int, rng: random.Random) -> list[bytes]:
    """``count`` texts of the edition at ``path``, each with a word changed in three of its rule lines."""
    lines = path.read_bytes().split(b"\n")
    rules = [i for i, line in enumerate(lines) if line[:1].isdigit() and b" " in line.strip()]
    out = []
    for k in range(count):
        edited = list(lines)
        for i in rng.sample(rules, 3):
            edited[i] = edited[i].replace(b" the ", f" the e{k} ".encode(), 1)
        out.append(b"\n".join(edited))
    return out


def number_keyed(old: RuleBook, new: RuleBook) -> tuple[int, int, int]:
    """The plain diff: rules paired by id; (added, removed, changed) counts."""
    a = {r.id: (r.title, r.text, tuple(e.text for e in r.examples)) for r in old.rules}
    b = {r.id: (r.title, r.text, tuple(e.text for e in r.examples)) for r in new.rules}
    changed = sum(1 for k in a.keys() & b.keys() if a[k] != b[k])
    return len(b.keys() - a.keys()), len(a.keys() - b.keys()), changed


def best(runs: int, work: Callable[[], object]) -> float:
    """The best wall time of ``runs`` runs."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def cpu_seconds() -> float:
    """CPU time of this process and of its finished worker processes."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def timed(work: Callable[[], object]) -> tuple[float, float]:
    """Wall time and CPU time (this process and its workers) of one run of ``work``."""
    wall, cpu = time.perf_counter(), cpu_seconds()
    work()
    return time.perf_counter() - wall, cpu_seconds() - cpu


def peak_mb(work: Callable[[], object]) -> float:
    """Peak Python memory (MB) while ``work`` runs."""
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


def as_version(book: RuleBook, version: str) -> RuleBook:
    """``book`` presented as another version."""
    from dataclasses import replace

    return replace(book, info=replace(book.info, version=version, date=""))


def renumber_everything(book: RuleBook) -> BookEditor:
    """A new first rule in every chapter: every numbered rule below it shifts up one."""
    editor = BookEditor(book)
    heads = [r.id for r in book.rules if r.kind in BODY and r.depth == 1 and r.parent is not None]
    firsts: dict[str, str] = {}
    for rule in book.rules:
        if rule.id in heads and rule.parent not in firsts:
            firsts[rule.parent or ""] = rule.id
    for parent, first in firsts.items():
        editor = editor.insert_before(first, f"New general rule of chapter {parent}, printed first.")
    return editor


def rewrite(editor: BookEditor, seed: int, reworded: float, moved: float) -> BookEditor:
    """A share of the leaf rules reworded and a share moved to the end of another section."""
    rng = random.Random(seed)
    book = editor.book
    parents = {r.parent for r in book.rules}
    leaves = [r for r in book.rules if r.kind is RuleKind.RULE and r.id not in parents and r.text]
    texts = {}
    for rule in rng.sample(leaves, int(len(leaves) * reworded)):
        words = rule.text.split()
        if len(words) > 4:
            words[rng.randrange(len(words))] = rng.choice(["each", "that", "the", "any", "another"])
        texts[rule.id] = " ".join(words) + " This is a change from previous rules."
    editor = editor.reword_many(texts)
    for _ in range(int(len(leaves) * moved)):
        parents_now = {r.parent for r in editor.book.rules}
        sections = [r.id for r in editor.book.rules if r.kind in BODY and r.depth == 1 and r.id in parents_now]
        movable = [r for r in editor.book.rules if r.kind is RuleKind.RULE and r.depth == 2]
        rule = rng.choice(movable)
        target = rng.choice([s for s in sections if s != rule.parent])
        editor = editor.move(rule.id, target)
    return editor


def next_edition(book: RuleBook, rng: random.Random, version: str) -> RuleBook:
    """The next edition: two to six rewordings, an insertion or deletion, sometimes a move."""
    editor = BookEditor(book)
    rules = [r for r in book.rules if r.kind is RuleKind.RULE and r.text]
    for rule in rng.sample(rules, rng.randint(2, 6)):
        editor = editor.reword(rule.id, rule.text + rng.choice([" (See rule 100.1.)", " This is new.", " Ignore it."]))
    current = [r for r in editor.book.rules if r.kind is RuleKind.RULE and r.depth >= 2]
    choice = rng.random()
    target = rng.choice(current)
    if choice < 0.5:
        editor = editor.insert_before(target.id, f"A rule new in {version}: players may do this.")
    elif choice < 0.8 and not any(r.parent == target.id for r in editor.book.rules):
        editor = editor.delete(target.id)
    elif target.parent is not None:
        sections = [r.id for r in editor.book.rules if r.kind in BODY and r.depth == 1 and r.id != target.parent]
        section = rng.choice(sections)
        if any(r.parent == section for r in editor.book.rules) and not target.id.startswith(section):
            editor = editor.move(target.id, section)
    return as_version(editor.book, version)


def held(book: RuleBook, key: str) -> HeldVersion:
    """``book`` as a library holds it: by its key, read on demand."""
    return HeldVersion(book.info.version, key, lambda: book)


def report(name: str, seconds: float, baseline: float, target: float, extra: str = "") -> bool:
    ok = seconds <= target
    ratio = seconds / baseline if baseline > 0 else float("inf")
    verdict = "ok" if ok else "MISSED"
    against = f"×{ratio:8.1f} number-keyed ({baseline:.3f} s)"
    print(f"{name:<34} {seconds:7.2f} s  {against}  (target {target:g} s){extra}  {verdict}")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--editions", type=int, default=100)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    ok = True

    start = time.perf_counter()
    old, new = mtg("2020-04-17"), mtg("2020-06-01")
    size = (BOOKS / "mtg-cr-en-2020-04-17.txt").stat().st_size
    print(
        f"parsed two MTG editions ({size / 1e6:.2f} MB, {len(old.rules)} nodes) in {time.perf_counter() - start:.2f} s"
    )

    plain = best(args.runs, lambda: number_keyed(old, new))
    full = best(args.runs, lambda: diff_books(old, new))
    ok &= report("few changes (real pair)", full, plain, 1.0)

    renumbered = as_version(renumber_everything(old).book, "renumbered")
    moved = sum(1 for a, b in zip(old.rules, renumbered.rules, strict=False) if a.id != b.id)
    print(f"full renumbering: {moved} of {len(old.rules)} nodes have a new id")
    plain = best(args.runs, lambda: number_keyed(old, renumbered))
    seconds = best(args.runs, lambda: diff_books(old, renumbered))
    memory = peak_mb(lambda: diff_books(old, renumbered))
    ok &= report("full renumbering", seconds, plain, 5.0, f", peak {memory:.0f} MB") and memory < 500

    rewritten = as_version(rewrite(renumber_everything(old), 10, 0.5, 0.05).book, "rewritten")
    plain = best(args.runs, lambda: number_keyed(old, rewritten))
    seconds = best(1, lambda: diff_books(old, rewritten))
    memory = peak_mb(lambda: diff_books(old, rewritten))
    counts = diff_books(old, rewritten).counts()
    ok &= report("rewrite (M10-like)", seconds, plain, 5.0, f", peak {memory:.0f} MB") and memory < 500
    print(f"    {counts}")

    rng = random.Random(2020)
    start = time.perf_counter()
    chain = [old]
    for k in range(1, args.editions):
        chain.append(next_edition(chain[-1], rng, f"e{k:03d}"))
    print(f"made {len(chain)} editions in {time.perf_counter() - start:.1f} s")
    plain = sum(best(1, functools.partial(number_keyed, a, b)) for a, b in pairwise(chain))
    # A library reads each edition from its text first: parse as many 1 MB texts, each the real
    # edition with a few words changed in a few rules (so no parse is a cached copy of another).
    texts = edited_texts(BOOKS / "mtg-cr-en-2020-04-17.txt", len(chain), random.Random(7))
    info = DocumentInfo("mtg", "comprehensive", "comprehensive-rules", "MTG CR", "e", "e", "chain.txt", "numbered")
    parsed, parsed_cpu = timed(lambda: [parse_source(text, info) for text in texts])
    indexed, indexed_cpu = timed(lambda: [build_book_index(book) for book in chain])
    with tempfile.TemporaryDirectory() as folder:
        cache = DiffCache(Path(folder))
        found: list[History] = []
        cold, cold_cpu = timed(lambda: found.append(history(chain, cache)))
        histories = found[0]
        events = histories.of_version(chain[-1].info.version)
        cpu = f", CPU {parsed_cpu + indexed_cpu + cold_cpu:.1f} s"
        ok &= report(
            "chain: parse + index + histories",
            parsed + indexed + cold,
            plain,
            60.0,
            f" (parse {parsed:.1f} s, index {indexed:.1f} s, histories {cold:.1f} s{cpu})",
        )
        print(f"    {len(events)} rule histories, {sum(len(d.entries) for d in histories.diffs)} diff entries")
        # As a library holds them: each edition by its key (the book cache key of its file; here
        # its content's fingerprint), read only when a diff of it must be computed.
        keys = [book_fingerprint(book) for book in chain]
        warm = best(1, lambda: history([held(b, k) for b, k in zip(chain, keys, strict=True)], DiffCache(Path(folder))))
        report("chain: histories from the cache", warm, plain, 60.0)
        new = next_edition(chain[-1], rng, "e-next")
        longer = [*(held(b, k) for b, k in zip(chain, keys, strict=True)), held(new, book_fingerprint(new))]
        added = best(1, lambda: (build_book_index(new), book_fingerprint(new)))
        one_more = best(1, lambda: history(longer, DiffCache(Path(folder))))
        parse = best(1, lambda: mtg("2020-06-01"))
        one = best(1, lambda: diff_books(chain[-1], new))
        print(
            f"{'chain: one more edition':<34} {added + one_more:7.2f} s  (its index {added:.2f} s, histories "
            f"{one_more:.2f} s; one parse {parse:.2f} s + one diff {one:.2f} s = {parse + one:.2f} s)"
        )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
