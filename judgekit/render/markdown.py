"""The Markdown rendering of a trace: a numbered list of steps with their cited rules."""

from __future__ import annotations

from judgekit.engine import Trace
from judgekit.render.text import RuleText, board_text, where


def trace_markdown(trace: Trace, short: str, *, explain: RuleText | None = None, until: int | None = None) -> str:
    """The trace as Markdown; ``explain`` quotes each cited rule under its step."""
    lines = [
        f"# {trace.title}",
        "",
        f"*{trace.game} {trace.document} {trace.version}, scenario `{trace.scenario}`*",
        "",
    ]
    for step in trace.steps:
        if until is not None and step.index > until:
            break
        ids = ", ".join(f"`{short} {r.id}`" for r in step.rules)
        lines.append(
            f"{step.index}. **{where(step)}** · {step.actor} · {_escape(step.sentence)}" + (f" — {ids}" if ids else "")
        )
        if explain is not None:
            for ref in step.rules:
                lines.append(f"    > **{short} {ref.id}** {_escape(explain(ref) or '(text not found)')}")
    lines.append("")
    if until is not None:
        last = [s for s in trace.steps if s.index <= until]
        if last:
            lines += ["```", board_text(last[-1].board, f"the board after step {last[-1].index}"), "```", ""]
    else:
        o = trace.outcome
        ids = ", ".join(f"`{short} {r.id}`" for r in o.rules)
        lines.append(f"**Outcome ({o.end.value}):** {_escape(o.message)}" + (f" — {ids}" if ids else ""))
        lines.append("")
    return "\n".join(lines)


def _escape(text: str) -> str:
    for ch in ("\\", "*", "_", "`", "<", ">", "[", "]"):
        text = text.replace(ch, "\\" + ch)
    return text
