"""Benchmark: wall time of a warm `judgekit rule` look-up (target: under 0.3 s on the 2-core machine).

Runs the installed console script as a user would, once to warm the cache, then N times,
and prints the median and the worst. Exit 1 when the median misses the target.

    .venv/bin/python bench/rule_lookup.py [--runs 15] [--target 0.3]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

LOOKUPS = [
    ["rule", "divine-cross", "704.6c-1"],
    ["rule", "fftcg", "15.1.1.9.5"],
    ["rule", "code-of-joker", "キーワード能力/アイコン/不屈"],
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--target", type=float, default=0.3)
    args = parser.parse_args()
    exe = shutil.which("judgekit", path=str(Path(sys.executable).parent)) or "judgekit"
    subprocess.run([exe, "index"], check=True, capture_output=True)  # warm the cache
    failed = False
    for lookup in LOOKUPS:
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            proc = subprocess.run([exe, *lookup], capture_output=True)
            times.append(time.perf_counter() - start)
            if proc.returncode != 0:
                print(f"{' '.join(lookup)}: exit {proc.returncode}: {proc.stderr.decode()}", file=sys.stderr)
                return 2
        median = statistics.median(times)
        ok = median < args.target
        failed |= not ok
        print(f"{' '.join(lookup):<45} median {median:.3f} s  worst {max(times):.3f} s  {'ok' if ok else 'SLOW'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
