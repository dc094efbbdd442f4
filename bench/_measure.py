"""What the benchmarks share: run a command as a user would, and time it (wall and CPU) and its memory.

Every figure is printed beside a baseline measured in the same run, since other work on the
machine moves absolute times. Commands run as separate processes with their own cache
folder and library, and with Python's bytecode cache on (in a temporary folder), as for
anyone who installed judgekit: an environment with PYTHONDONTWRITEBYTECODE would otherwise
compile every module of ours again on each start.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
JUDGEKIT = str(Path(sys.executable).with_name("judgekit"))
PYTHON = sys.executable


@dataclass(frozen=True, slots=True)
class Timing:
    """Figures of one command run several times."""

    wall: list[float]
    """Wall-clock seconds of each run."""
    cpu: list[float]
    """User + system CPU seconds of each run (the process and its children)."""
    peak_kb: int
    """The largest resident set of any run, in KiB."""

    @property
    def median(self) -> float:
        """Median wall-clock seconds."""
        return statistics.median(self.wall)

    @property
    def cpu_median(self) -> float:
        """Median CPU seconds."""
        return statistics.median(self.cpu)


def environment(folder: Path) -> dict[str, str]:
    """The environment of a measured command: its own cache and library under ``folder``, bytecode cached."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(
        JUDGEKIT_CACHE=str(folder / "cache"),
        JUDGEKIT_LIBRARY=str(folder / "library"),
        PYTHONPYCACHEPREFIX=str(folder / "pycache"),
        NO_COLOR="1",
    )
    return env


def measure(
    args: list[str], env: dict[str, str], runs: int, *, cwd: Path = ROOT, before: list[str] | None = None
) -> Timing:
    """Run ``args`` ``runs`` times (running ``before`` ahead of each, untimed); its figures."""
    walls, cpus, peak = [], [], 0
    for _ in range(runs):
        if before is not None:
            subprocess.run(before, env=env, cwd=cwd, check=True, capture_output=True)
        wall, cpu, rss = run_once(args, env, cwd)
        walls.append(wall)
        cpus.append(cpu)
        peak = max(peak, rss)
    return Timing(walls, cpus, peak)


def measure_call(call: Callable[[], object], runs: int) -> Timing:
    """Call ``call`` ``runs`` times in this process (for work measured without a process start); its figures.

    The peak is this process's largest resident set so far, which includes what ran before.
    """
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        call()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return Timing(walls, cpus, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


_PROBE = (
    "import resource, subprocess, sys, time\n"
    "start = time.perf_counter()\n"
    "done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)\n"
    "wall = time.perf_counter() - start\n"
    "use = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "print(done.returncode, wall, use.ru_utime + use.ru_stime, use.ru_maxrss)\n"
    "sys.stderr.write(done.stderr.decode(errors='replace'))\n"
)


def run_once(args: list[str], env: dict[str, str], cwd: Path = ROOT) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, peak RSS KiB) of one run of ``args``, measured by a small probe process."""
    probe = subprocess.run([PYTHON, "-c", _PROBE, *args], env=env, cwd=cwd, capture_output=True, text=True)
    code, wall, cpu, rss = probe.stdout.split()
    if int(code) not in (0, 1):
        raise SystemExit(f"{' '.join(args)}: exit {code}\n{probe.stderr}")
    return float(wall), float(cpu), int(rss)


def scratch() -> tempfile.TemporaryDirectory[str]:
    """A temporary folder for a benchmark's cache, library and bytecode."""
    return tempfile.TemporaryDirectory(prefix="judgekit-bench-")


def machine() -> str:
    """The machine the figures come from, and how busy it was."""
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return f"{os.cpu_count()} cores, load average {load} when done; Python {sys.version.split()[0]}, bytecode cached"


def ratio(value: float, baseline: float) -> str:
    """``value`` as a multiple of ``baseline``."""
    return f"{value / baseline:.2f}x" if baseline > 0 else "n/a"


def show(label: str, t: Timing, baseline: Timing | None = None) -> None:
    """One line: median wall and CPU, peak memory, and the ratio to ``baseline``."""
    extra = f"  {ratio(t.median, baseline.median)} of the baseline" if baseline is not None else ""
    print(
        f"{label:<52} median {t.median:6.3f} s wall {t.cpu_median:6.3f} s cpu  peak {t.peak_kb / 1024:6.0f} MB{extra}"
    )


__all__ = [
    "JUDGEKIT",
    "PYTHON",
    "ROOT",
    "Timing",
    "environment",
    "machine",
    "measure",
    "measure_call",
    "ratio",
    "scratch",
    "show",
]
