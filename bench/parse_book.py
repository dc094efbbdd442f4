"""How fast a real 1 MB-class rulebook parses in-process, against mightstone's parser of the same file.

The book is Magic: The Gathering's Comprehensive Rules (2020-04-17, 750 KB, ``tests/data/books``),
parsed through the whole pipeline (decode, numbering detected, parts, pages, icons). The baseline
is mightstone's ``ComprehensiveRules.parse`` on the same text in the same run, when mightstone is
installed (``pip install -e '.[bench]'``); the figure to watch is the ratio. Target: ≤ 1.0.

    .venv/bin/python bench/parse_book.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import io
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from rules_index.model import DocumentInfo
from rules_index.pipeline import parse_source

BOOK = Path(__file__).resolve().parents[1] / "tests" / "data" / "books" / "mtg-cr-en-2020-04-17.txt"


def best_of(repeat: int, run: Callable[[], object]) -> tuple[float, float]:
    """(best, median) seconds of ``repeat`` runs."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
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
    book = parse_source(data, info)
    ours = best_of(args.repeat, lambda: parse_source(data, info))
    print(f"judgekit: {len(book.rules)} nodes, best {ours[0]:.3f} s, median {ours[1]:.3f} s ({len(data) / 1e6:.2f} MB)")
    try:
        from mightstone.services.wotc.models import ComprehensiveRules  # type: ignore[import-not-found]
    except ImportError:
        print("mightstone: not installed (pip install -e '.[bench]'); no baseline this run")
        return
    text = data.decode("utf-8-sig")
    theirs = best_of(args.repeat, lambda: ComprehensiveRules.parse(io.StringIO(text)))
    print(f"mightstone: best {theirs[0]:.3f} s, median {theirs[1]:.3f} s")
    print(f"ratio judgekit / mightstone (best): {ours[0] / theirs[0]:.2f} (target ≤ 1.0)")


if __name__ == "__main__":
    main()
