"""Benchmark: `judgekit check` of every scenario across the cores, and of one 10,000-action scenario, with baselines.

1. `judgekit check scenarios` with one worker per core, against `--jobs 1` in the same run
   (target, issue 14: 3 s for the 328+ scenarios on an idle 2-core machine), every scenario run:
   the runs `check` keeps (`<cache>/runs`, judgekit/run_cache.py) are removed before each, the card
   readings (`<cache>/readings`, judgekit/cards/readings.py) kept from a first check. Then the same
   with no reading kept either (every printed text parsed), with every run kept (nothing changed),
   and with one scenario file changed.
2. A scenario of 10,000 actions (the first charge of a turn, then 9,999 charges 602.2 rejects),
   written to a temporary folder here, never kept in the repository: `judgekit check` against
   `judgekit run` of the same file (target: within 20 % of run's time, at most 150 MB).

    .venv/bin/python bench/check_all.py [--runs 3] [--actions 10000]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

from _measure import JUDGEKIT, PYTHON, ROOT, environment, machine, measure, ratio, scratch, show

SOURCE = ROOT / "scenarios" / "divine-cross" / "charge-once-per-turn.toml"


def big_scenario(folder: Path, actions: int) -> Path:
    """A Divine Cross scenario of ``actions`` charges in one turn: one allowed, every other rejected by 602.2."""
    text = SOURCE.read_text(encoding="utf-8")
    head = text[: text.index("[[play]]")]
    first = '[[play]]\ndo = "charge"\ncard = "mage"\nunit = "main"\n\n'
    again = '[[play]]\ndo = "charge"\ncard = "cat"\nunit = "standby1"\n\n'
    rejected = ", ".join(f'{{ play = {i}, rule = "602.2" }}' for i in range(1, actions))
    expect = f'[expect]\nrejected = [{rejected}]\ncites = ["602.1", "905.2", "904.1"]\n'
    path = folder / f"charges-{actions}.toml"
    path.write_text(head + first + again * (actions - 1) + expect, encoding="utf-8")
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--actions", type=int, default=10_000)
    args = parser.parse_args()
    ok = True
    with scratch() as name:
        folder = Path(name)
        env = environment(folder)
        scenarios = str(ROOT / "scenarios")
        subprocess.run([JUDGEKIT, "index"], check=True, capture_output=True, env=env)
        count = len(list(Path(scenarios).rglob("*.toml")))
        runs, readings = folder / "cache" / "runs", folder / "cache" / "readings"
        forget = [PYTHON, "-c", f"import shutil; shutil.rmtree({str(runs)!r}, ignore_errors=True)"]
        wipe = f"import shutil; [shutil.rmtree(p, ignore_errors=True) for p in ({str(runs)!r}, {str(readings)!r})]"
        subprocess.run([JUDGEKIT, "check", scenarios], check=True, capture_output=True, env=env)  # readings kept
        one = measure([JUDGEKIT, "check", scenarios, "--jobs", "1"], env, args.runs, before=forget)
        every = measure([JUDGEKIT, "check", scenarios], env, args.runs, before=forget)
        unread = measure([JUDGEKIT, "check", scenarios], env, args.runs, before=[PYTHON, "-c", wipe])
        show(f"baseline: check {count} scenarios --jobs 1", one)
        show(f"check {count} scenarios, a worker per core", every, one)
        show(f"check {count} scenarios, no card reading kept either", unread, one)
        ok &= every.median <= 3.0
        kept = measure([JUDGEKIT, "check", scenarios], env, args.runs)
        show(f"check {count} scenarios, every run kept", kept, one)
        copy = folder / "scenarios"
        shutil.copytree(scenarios, copy)
        edited = sorted(copy.rglob("*.toml"))[0]
        subprocess.run([JUDGEKIT, "check", str(copy)], check=True, capture_output=True, env=env)
        append = f"import pathlib; p = pathlib.Path({str(edited)!r}); p.write_text(p.read_text() + '\\n#')"
        touch = [PYTHON, "-c", append]
        changed = measure([JUDGEKIT, "check", str(copy)], env, args.runs, before=touch)
        show(f"check {count} scenarios, one file changed", changed, one)
        big = big_scenario(folder, args.actions)
        subprocess.run([JUDGEKIT, "check", str(big), "--update"], check=True, capture_output=True, env=env)
        golden = big.with_suffix(".trace.json")
        run = measure([JUDGEKIT, "run", str(big)], env, args.runs)
        check = measure([JUDGEKIT, "check", str(big)], env, args.runs, before=forget)
        show(f"baseline: run, {args.actions:,} actions", run)
        show(f"check, {args.actions:,} actions (golden {golden.stat().st_size / 1e6:.0f} MB)", check, run)
        print(f"{'':<52} peak memory {ratio(check.peak_kb, run.peak_kb)} of run's")
        ok &= check.median <= 1.2 * run.median and check.peak_kb <= 150 * 1024
    print(f"targets: all scenarios in 3 s; the big check within 20 % of run, at most 150 MB; {machine()}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
