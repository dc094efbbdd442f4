"""How long ``judgekit import`` of a real 16-page PDF takes, as a judge runs it (a whole process).

The PDF is Love Live OCG 1.05 (Japanese, two columns, ``tests/data/books``). Each run imports it
into a fresh temporary library (text extracted with pypdfium2, parsed, report printed, files and
manifest written). The baseline in the same run is ``judgekit --help`` (starting the process);
the target is an import under 2 s.

    .venv/bin/python bench/import_pdf.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PDF = ROOT / "tests" / "data" / "books" / "lovelive-ocg-cr-ja-1.05.pdf"
JUDGEKIT = [sys.executable, "-m", "judgekit"]


def timed(args: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run([*JUDGEKIT, *args], check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    imports, starts = [], []
    for _ in range(args.repeat):
        with tempfile.TemporaryDirectory() as folder:
            env = {**os.environ, "JUDGEKIT_LIBRARY": f"{folder}/library", "JUDGEKIT_CACHE": f"{folder}/cache"}
            starts.append(timed(["--help"], env))
            imports.append(timed(["import", str(PDF), "--game", "lovelive", "--version", "1.05"], env))
    best, median = min(imports), statistics.median(imports)
    print(f"import of the 16-page PDF: best {best:.2f} s, median {median:.2f} s (target < 2 s)")
    print(f"baseline judgekit --help: best {min(starts):.2f} s; import / baseline: {best / min(starts):.1f}×")


if __name__ == "__main__":
    main()
