"""The terminal rendering of a trace: one step a line with its cited ids; the board on request.

``explain`` looks each cited rule's text up (through a function the caller passes, so this
module never loads the rules index itself) and prints it under the step.
"""

from __future__ import annotations

from collections.abc import Callable

from judgekit.engine import BoardView, CardView, RuleRef, Trace, TraceStep, ZoneView
from judgekit.i18n import Language
from judgekit.render.sentences import render

RuleText = Callable[[RuleRef], str]
"""Looks up the text of a cited rule (empty when unknown)."""

Style = Callable[[str, str], str]
"""Styles a piece of text for the terminal: (text, role) → text; roles ``dim``, ``id``, ``stop``."""


def plain(text: str, role: str) -> str:
    """No styling (NO_COLOR, or not a terminal)."""
    return text


def where(step: TraceStep) -> str:
    """``T2 battle/damage``."""
    phase = f"{step.phase}/{step.step}" if step.step else step.phase
    return f"T{step.turn} {phase}"


def step_line(step: TraceStep, short: str, style: Style = plain, lang: Language = "en", game: str = "") -> str:
    """One step as one line: index, turn and phase, actor, sentence, cited ids."""
    ids = ", ".join(f"{short} {r.id}" for r in step.rules)
    cites = f"  {style('[' + ids + ']', 'id')}" if ids else ""
    marker = {"rejected": "✗ ", "stop": "■ ", "result": "★ "}.get(step.kind.value, "")
    text = f"{marker}{render(step.sentence, lang, game)}"
    if step.kind.value in ("rejected", "stop"):
        text = style(text, "stop")
    return f"{step.index:>4}  {style(where(step).ljust(18), 'dim')} {step.actor:<6} {text}{cites}"


def trace_text(
    trace: Trace,
    short: str,
    *,
    explain: RuleText | None = None,
    changes: bool = False,
    until: int | None = None,
    style: Style = plain,
    lang: Language = "en",
) -> str:
    """The trace as terminal text, sentences in ``lang``; with ``until`` it stops after that step and prints
    the board."""
    lines = [f"{trace.title}  ({trace.game} {trace.document} {trace.version}, scenario {trace.scenario})"]
    shown = [s for s in trace.steps if until is None or s.index <= until]
    for step in shown:
        lines.append(step_line(step, short, style, lang, trace.game))
        if changes:
            for c in step.changes:
                lines.append(style(f"{'':>6}· {c.describe()}", "dim"))
        if explain is not None:
            for ref in step.rules:
                text = explain(ref) or "(text not found)"
                lines.append(f"{'':>6}{style(short + ' ' + ref.id, 'id')}  {text}")
    if until is not None:
        if shown:
            lines.append("")
            lines.append(board_text(shown[-1].board, f"the board after step {shown[-1].index}"))
    else:
        o = trace.outcome
        ids = ", ".join(f"{short} {r.id}" for r in o.rules)
        lines.append(f"{'':>4}  {o.end.value}: {render(o.message, lang, trace.game)}" + (f"  [{ids}]" if ids else ""))
    return "\n".join(lines) + "\n"


def _card(c: CardView) -> str:
    nums = " ".join(f"{k} {v}" for k, v in c.numbers)
    marks = " ".join(f"{k}:{v}" for k, v in c.markers if k != "damage")
    text = f"{c.name} [{c.iid}]" + (" (face down)" if c.face_down and not c.role else "")
    if nums:
        text += f" {nums}"
    if marks:
        text += f" {{{marks}}}"
    energy = [a for a in c.attached if a.role == "energy"]
    assist = [a for a in c.attached if a.role == "assist"]
    if energy:
        text += f"; energy {len(energy)} ({', '.join(a.name for a in energy)})"
    if assist:
        text += f"; assist {assist[0].name} [{assist[0].iid}]"
    return text


def _zone(z: ZoneView) -> str:
    if not z.cards:
        return f"    {z.name:<9} {'-' if z.count == 0 else f'{z.count} card(s)'}"
    if z.name in ("main",) or z.name.startswith("standby") or any(c.numbers or c.markers for c in z.cards):
        return f"    {z.name:<9} " + "; ".join(_card(c) for c in z.cards)
    return f"    {z.name:<9} ({z.count}) " + ", ".join(f"{c.name}" + (f"[{c.role}]" if c.role else "") for c in z.cards)


def board_text(board: BoardView, heading: str) -> str:
    """The board as terminal text."""
    phase = f"{board.phase}/{board.step}" if board.step else board.phase
    lines = [f"{heading}: turn {board.turn}, {board.turn_player}'s turn, {phase}"]
    for p in board.players:
        counters = ", ".join(f"{k} {v}" for k, v in p.counters)
        lines.append(f"  {p.name} ({p.id})" + (f"  {counters}" if counters else ""))
        lines.extend(_zone(z) for z in p.zones)
    for z in board.shared:
        if z.count:
            lines.append(_zone(z))
    return "\n".join(lines)
