"""Benchmark: a warm `judgekit rule` look-up as a whole process, against a bare interpreter in the same run.

Runs the installed console script as a user would (its own cache, warmed first), N times per
look-up, and prints median wall and CPU time beside two baselines measured in the same run:
the venv's Python doing nothing (the floor of any command) and `judgekit --help` (a command
through typer). Exit 1 when a median misses the target (issue 14: 0.10 s on an idle 2-core
machine; on a busy one compare the ratios).

    .venv/bin/python bench/rule_lookup.py [--runs 10] [--target 0.10]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from _measure import JUDGEKIT, PYTHON, environment, machine, measure, ratio, scratch, show

LOOKUPS = [
    ["rule", "divine-cross", "704.6c-1"],
    ["rule", "fftcg", "15.1.1.9.5"],
    ["rule", "code-of-joker", "キーワード能力/アイコン/不屈"],
    ["rule", "fftcg", "12.4.5", "--format", "json"],
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--target", type=float, default=0.10)
    args = parser.parse_args()
    with scratch() as folder:
        env = environment(Path(folder))
        subprocess.run([JUDGEKIT, "index"], check=True, capture_output=True, env=env)  # warm the cache
        subprocess.run([JUDGEKIT, "--help"], check=True, capture_output=True, env=env)  # and the bytecode
        bare = measure([PYTHON, "-c", "pass"], env, args.runs)
        typer_help = measure([JUDGEKIT, "--help"], env, args.runs)
        show("baseline: python -c pass", bare)
        show("baseline: judgekit --help (through typer)", typer_help, bare)
        failed = False
        for lookup in LOOKUPS:
            t = measure([JUDGEKIT, *lookup], env, args.runs)
            show(f"judgekit {' '.join(lookup)}", t, bare)
            print(f"{'':<52} {ratio(t.median, typer_help.median)} of judgekit --help")
            failed |= t.median > args.target
    print(f"target: median under {args.target:.2f} s; {machine()}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
