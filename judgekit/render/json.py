"""The JSON rendering of a trace: the canonical, byte-stable form (golden traces, ``--format json``).

The document is one JSON object; each step sits on its own line so that a diff of two traces
shows which steps changed. UTF-8, ``ensure_ascii=False``, keys in a fixed order.
"""

from __future__ import annotations

import json
from typing import Any

from judgekit.engine import Trace


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def trace_json(trace: Trace) -> str:
    """The trace as JSON text, one step a line, ending with a newline."""
    data = trace.to_json()
    steps = data.pop("steps")
    head = [f"  {_dump(k)}: {_dump(v)}," for k, v in data.items()]
    lines = ["{", *head, '  "steps": [']
    for i, step in enumerate(steps):
        lines.append("    " + _dump(step) + ("," if i < len(steps) - 1 else ""))
    lines += ["  ]", "}"]
    return "\n".join(lines) + "\n"
