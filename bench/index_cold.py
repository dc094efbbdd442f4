"""Benchmark: `judgekit index` with an empty cache (the five shipped documents), against baselines in the same run.

Each timed run starts from an empty index cache (Python's bytecode stays cached, as after an
install). Baselines: the venv's Python doing nothing, and `judgekit index` with a warm cache
(the same process shape, without parsing). Target (issue 14): 0.5 s on an idle 2-core machine.

    .venv/bin/python bench/index_cold.py [--runs 5] [--target 0.5]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

from _measure import JUDGEKIT, PYTHON, environment, machine, measure, ratio, scratch, show


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--target", type=float, default=0.5)
    args = parser.parse_args()
    with scratch() as name:
        folder = Path(name)
        env = environment(folder)
        subprocess.run([JUDGEKIT, "index"], check=True, capture_output=True, env=env)  # bytecode and cache
        bare = measure([PYTHON, "-c", "pass"], env, args.runs)
        warm = measure([JUDGEKIT, "index"], env, args.runs)
        empty = [PYTHON, "-c", f"import shutil; shutil.rmtree({str(folder / 'cache')!r}, ignore_errors=True)"]
        cold = measure([JUDGEKIT, "index"], env, args.runs, before=empty)
        shutil.rmtree(folder / "cache", ignore_errors=True)
    show("baseline: python -c pass", bare)
    show("baseline: judgekit index, warm cache", warm, bare)
    show("judgekit index, empty cache", cold, bare)
    print(f"{'':<52} {ratio(cold.median, warm.median)} of the warm index")
    print(f"target: median under {args.target:.2f} s; {machine()}")
    return 0 if cold.median <= args.target else 1


if __name__ == "__main__":
    sys.exit(main())
