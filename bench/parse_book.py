"""Benchmark: a real 1 MB-class rulebook parsed in-process, against mightstone's parser of the same file.

The book is Magic: The Gathering's Comprehensive Rules (2020-04-17, 750 KB, ``tests/data/books``),
parsed through the whole pipeline (decode, numbering detected, parts, pages, icons). The baseline
is mightstone's ``ComprehensiveRules.parse`` on the same text in the same run, when mightstone is
installed (``pip install -e '.[bench]'``); the figure to watch is the ratio. Exit 1 when it is
over the target (1.0).

    .venv/bin/python bench/parse_book.py [--runs 5] [--target 1.0]
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from _measure import machine, measure_call, show

from rules_index.model import DocumentInfo
from rules_index.pipeline import parse_source

BOOK = Path(__file__).resolve().parents[1] / "tests" / "data" / "books" / "mtg-cr-en-2020-04-17.txt"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--target", type=float, default=1.0)
    args = parser.parse_args()
    data = BOOK.read_bytes()
    info = DocumentInfo(
        game="mtg",
        document="comprehensive",
        kind="comprehensive-rules",
        title="",
        version="2020-04-17",
        date="",
        path=BOOK.name,
        parser="numbered",
    )
    book = parse_source(data, info)  # the patterns compiled, as in any process after its first book
    label = f"judgekit: parse {len(data) / 1e6:.2f} MB, {len(book.rules)} nodes"
    try:
        from mightstone.services.wotc.models import ComprehensiveRules  # type: ignore[import-not-found]
    except ImportError:
        show(label, measure_call(lambda: parse_source(data, info), args.runs))
        print("mightstone is not installed (pip install -e '.[bench]'): no baseline this run")
        print(f"target: {args.target:.2f}x of mightstone; {machine()}")
        return 1
    text = data.decode("utf-8-sig")
    theirs = measure_call(lambda: ComprehensiveRules.parse(io.StringIO(text)), args.runs)
    ours = measure_call(lambda: parse_source(data, info), args.runs)
    show("baseline: mightstone ComprehensiveRules.parse", theirs)
    show(label, ours, theirs)
    print(f"target: {args.target:.2f}x of mightstone (in-process, no start-up); {machine()}")
    return 0 if ours.median <= args.target * theirs.median else 1


if __name__ == "__main__":
    sys.exit(main())
