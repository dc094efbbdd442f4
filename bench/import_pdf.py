"""Benchmark: ``judgekit import`` of a real 16-page PDF as a whole process, against baselines in the same run.

The PDF is Love Live OCG 1.05 (Japanese, two columns, ``tests/data/books``). Each timed run
imports it into an empty library with an empty cache (text extracted with pypdfium2, parsed, report printed, files
and manifest written). Baselines: the venv's Python doing nothing, and ``judgekit --help`` (a
command through typer). Exit 1 when the median misses the target (2 s).

    .venv/bin/python bench/import_pdf.py [--runs 5] [--target 2.0]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from _measure import JUDGEKIT, PYTHON, ROOT, environment, machine, measure, ratio, scratch, show

PDF = ROOT / "tests" / "data" / "books" / "lovelive-ocg-cr-ja-1.05.pdf"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--target", type=float, default=2.0)
    args = parser.parse_args()
    with scratch() as name:
        folder = Path(name)
        env = environment(folder)
        subprocess.run([JUDGEKIT, "--help"], check=True, capture_output=True, env=env)  # the bytecode
        bare = measure([PYTHON, "-c", "pass"], env, args.runs)
        typer_help = measure([JUDGEKIT, "--help"], env, args.runs)
        gone = [str(folder / "library"), str(folder / "cache")]
        empty = [PYTHON, "-c", f"import shutil\nfor f in {gone!r}: shutil.rmtree(f, ignore_errors=True)"]
        command = [JUDGEKIT, "import", str(PDF), "--game", "lovelive", "--version", "1.05"]
        imported = measure(command, env, args.runs, before=empty)
    show("baseline: python -c pass", bare)
    show("baseline: judgekit --help (through typer)", typer_help, bare)
    show("judgekit import, 16-page PDF, empty library+cache", imported, bare)
    print(f"{'':<52} {ratio(imported.median, typer_help.median)} of judgekit --help")
    print(f"target: median under {args.target:.2f} s; {machine()}")
    return 0 if imported.median <= args.target else 1


if __name__ == "__main__":
    sys.exit(main())
