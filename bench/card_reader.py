"""Benchmark: reading every card text of the scenarios of the four games with their card-text readers (issue 16).

Times, in this process, for each game, building the parser from the grammars (cold: no parser cache, as on the first
run; warm: loaded from the cache under $JUDGEKIT_CACHE, a temporary folder here) and reading all the
scenario card texts with it, N times, and prints median wall and CPU seconds, with the count of texts
read and not read. Exit 1 when loading the (warm) parser and reading them all misses the target
(issue 16: under 1 s; on a busy machine compare the CPU time).

    .venv/bin/python bench/card_reader.py [--runs 5] [--target 1.0]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from judgekit.cards import (
    code_of_joker,
    corpus_code_of_joker,
    corpus_dice_castle,
    dice_castle,
    divine_cross,
    fftcg,
    fftcg_corpus,
)
from judgekit.cards.corpus import card_texts, read
from judgekit.cards.errors import UnreadText

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
GAMES: tuple[tuple[str, Any, Callable[[Path], Any], Callable[[Any], Any]], ...] = (
    ("divine-cross", divine_cross.parser, card_texts, read),
    ("fftcg", fftcg.parser, fftcg_corpus.card_texts, fftcg_corpus.read),
    ("code-of-joker", code_of_joker.parser, corpus_code_of_joker.card_texts, corpus_code_of_joker.read),
    ("dice-castle", dice_castle.parser, corpus_dice_castle.card_texts, corpus_dice_castle.read),
)
"""Game id, its parser (cached), its scenario texts and its reader."""


def read_all(texts: list[Any], reader: Callable[[Any], Any]) -> tuple[int, int]:
    """Read every text; (read, not read)."""
    ok = unread = 0
    for item in texts:
        try:
            reader(item)
            ok += 1
        except UnreadText:
            unread += 1
    return ok, unread


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--target", type=float, default=1.0)
    args = parser.parse_args()
    worst = 0
    for game, parser, texts_of, reader in GAMES:
        texts = list(texts_of(SCENARIOS / game))
        with tempfile.TemporaryDirectory() as folder:
            os.environ["JUDGEKIT_CACHE"] = folder
            wall0, cpu0 = time.perf_counter(), time.process_time()
            parser()
            cold_wall, cold_cpu = time.perf_counter() - wall0, time.process_time() - cpu0
            parser.cache_clear()
            wall0, cpu0 = time.perf_counter(), time.process_time()
            parser()
            build_wall, build_cpu = time.perf_counter() - wall0, time.process_time() - cpu0

        walls: list[float] = []
        cpus: list[float] = []
        counts = (0, 0)
        for _ in range(args.runs):
            wall0, cpu0 = time.perf_counter(), time.process_time()
            counts = read_all(texts, reader)
            walls.append(time.perf_counter() - wall0)
            cpus.append(time.process_time() - cpu0)
        wall, cpu = statistics.median(walls), statistics.median(cpus)
        print(f"{game}: texts: {len(texts)} ({counts[0]} read, {counts[1]} not read)")
        print(f"  build the parser, cold (first run): {cold_wall:.3f} s wall, {cold_cpu:.3f} s CPU")
        print(f"  load the parser from its cache (once per process): {build_wall:.3f} s wall, {build_cpu:.3f} s CPU")
        print(f"  read all texts: {wall:.3f} s wall, {cpu:.3f} s CPU (median of {args.runs})")
        print(f"  per text: {1000 * wall / max(len(texts), 1):.1f} ms")
        total = build_wall + wall
        verdict = "ok" if total < args.target else "MISSED"
        print(f"  parser loaded and all read: {total:.3f} s, target {args.target:.2f} s: {verdict}")
        worst = max(worst, 0 if total < args.target else 1)
    return worst


if __name__ == "__main__":
    sys.exit(main())
