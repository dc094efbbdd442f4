"""The JSON rendering of a trace: the canonical, byte-stable form (golden traces, ``--format json``).

The document is one JSON object (``judgekit.trace/2``, see ``docs/scenario-format.md``); each step
sits on its own line so that a diff of two traces shows which steps changed: the first step with
the whole board, every later one with what it changed on the board. UTF-8, ``ensure_ascii=False``,
keys in a fixed order, no spaces after separators.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from judgekit.engine import Trace


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def trace_json(trace: Trace) -> str:
    """The trace as JSON text, one step a line, ending with a newline."""
    return "".join(trace_json_lines(trace))


def trace_json_lines(trace: Trace) -> Iterator[str]:
    """The lines of :func:`trace_json`, each with its newline, made one step at a time.

    A long trace is never held whole as plain data or text (``judgekit check`` compares it with
    its golden file line by line).
    """
    data = replace(trace, steps=()).to_json()
    data.pop("steps")
    yield "{\n"
    for k, v in data.items():
        yield f"  {_dump(k)}: {_dump(v)},\n"
    yield '  "steps": [\n'
    last = len(trace.steps) - 1
    home = trace.home
    for i, step in enumerate(trace.steps):
        previous = trace.steps[i - 1].board if i else None
        yield "    " + _dump(step.to_json(previous, home)) + (",\n" if i < last else "\n")
    yield "  ]\n"
    yield "}\n"
