"""Long random-play campaigns: N plays of one game, plays per second, and every failure written out.

Stops early after ``--max-seconds`` (and says how many plays it made); prints a progress line every 1,000
plays. Each play is seeded (play ``i`` of a campaign uses seed ``--seed + i``), so a failure names the seed
that reproduces it; it is written as a scenario file under ``--out`` (``<game>-seed-<n>.toml``) with
its findings in the notes, ready to copy to ``scenarios/<game>/fuzz-<what>.toml``. The properties are
those of ``tests/fuzz/harness.py``. Exit 1 when a play failed.

    .venv/bin/python bench/fuzz.py --game divine-cross --plays 10000 [--seed 0] [--out build/fuzz] [--max-seconds S]
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.fuzz.games import GAMES  # noqa: E402
from tests.fuzz.harness import BoardRejected, RandomChooser, expect_of, play  # noqa: E402


class PlayTimeout(Exception):
    """A play ran longer than ``--timeout``: the engine loops without asking for an action."""


def _timed_out(signum: int, frame: object) -> None:
    raise PlayTimeout("the play ran past --timeout: the engine went on without asking for an action")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--plays", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0, help="the first play's seed")
    parser.add_argument("--max-actions", type=int, default=40, help="most actions in one play")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "fuzz", help="where failing plays go")
    parser.add_argument("--max-seconds", type=float, default=None, help="stop after this long")
    parser.add_argument("--timeout", type=int, default=20, help="seconds one play may take before it fails")
    args = parser.parse_args()
    if args.plays < 1:
        parser.error("--plays must be at least 1")
    fuzz = GAMES[args.game]
    signal.signal(signal.SIGALRM, _timed_out)
    played = boards_refused = failed = steps = 0
    ends: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    start = time.perf_counter()
    for seed in range(args.seed, args.seed + args.plays):
        if args.max_seconds is not None and time.perf_counter() - start > args.max_seconds:
            print(f"stopped after {args.max_seconds:.0f} s (--max-seconds)", file=sys.stderr)
            break
        if seed > args.seed and (seed - args.seed) % 1000 == 0:
            print(f"{seed - args.seed} plays, {failed} failed, {time.perf_counter() - start:.0f} s", file=sys.stderr)
        signal.alarm(args.timeout)
        try:
            p = play(fuzz, RandomChooser(seed), max_actions=args.max_actions, name=f"{args.game}-seed-{seed}")
        except BoardRejected:
            boards_refused += 1
            continue
        finally:
            signal.alarm(0)
        played += 1
        if p.trace is not None:
            ends[p.trace.outcome.end.value] += 1
            steps += len(p.trace.steps)
        if p.ok:
            continue
        failed += 1
        for finding in p.findings:
            kinds[finding.split(":")[0][:80]] += 1
        args.out.mkdir(parents=True, exist_ok=True)
        raw = dict(p.raw)
        raw["notes"] = "Random play found:\n\n" + "\n".join(f"- {f}" for f in p.findings)
        raw["expect"] = expect_of(p)
        p.raw = raw
        path = args.out / f"{args.game}-seed-{seed}.toml"
        path.write_text(p.toml(), encoding="utf-8")
        print(f"seed {seed}: {p.findings[0][:300]} -> {path}", file=sys.stderr)
    elapsed = time.perf_counter() - start
    rate = played / elapsed if elapsed else 0.0
    print(f"{args.game}: {played} plays ({boards_refused} boards refused) in {elapsed:.1f} s: {rate:.1f} plays/s")
    print(f"  {steps} trace steps; endings: " + ", ".join(f"{k} {v}" for k, v in sorted(ends.items())))
    print(f"  failures: {failed}" + "".join(f"\n    {n} × {k}" for k, n in kinds.most_common()))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
