"""The terminal rendering of a trace: one step a line with its cited ids; the board on request.

``explain`` looks each cited rule's text up (through a function the caller passes, so this
module never loads the rules index itself) and prints it under the step.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from judgekit.engine import BoardView, CardView, RuleRef, Trace, TraceStep, ZoneView
from judgekit.i18n import N_, Language, translations
from judgekit.render.changes import change_text
from judgekit.render.sentences import part_name, render

RuleText = Callable[[RuleRef], str]
"""Looks up the text of a cited rule (empty when unknown)."""

Style = Callable[[str, str], str]
"""Styles a piece of text for the terminal: (text, role) → text; roles ``dim``, ``id``, ``stop``."""


END_WORDS = {
    "game_over": N_("game over"),
    "script_end": N_("end of the script"),
    "decision_needed": N_("decision needed"),
    "ambiguity": N_("the rules do not settle this"),
    "bad_script": N_("bad script"),
}
"""How a run's ending is named in the text and Markdown traces (the JSON trace keeps the value)."""


def words(lang: Language) -> Callable[[str], str]:
    """The interface's words in ``lang``: an English message id → its text."""
    if lang == "en":
        return str
    return translations(lang).gettext


def plain(text: str, role: str) -> str:
    """No styling (NO_COLOR, or not a terminal)."""
    return text


def where(step: TraceStep, lang: Language = "en", game: str = "") -> str:
    """``T2 battle/damage``; in Japanese the step (or the phase) as the rulebook names it (``T2 ダメージステップ``)."""
    return f"T{step.turn} {part_words(step.phase, step.step, lang, game)}"


def part_words(phase: str, step: str, lang: Language = "en", game: str = "") -> str:
    """Where the game is: ``battle/damage`` (the engine's keys) in English; in another language the step's
    name, or the phase's when there is no step, from the game's catalog (a step names its phase)."""
    if lang == "en" or not game:
        return f"{phase}/{step}" if step else phase
    return part_name(game, "step", step, lang) if step else part_name(game, "phase", phase, lang)


ACTORS = {"rules": N_("the rules"), "chance": N_("chance")}
"""A step's actor that is not a player → its name (message ids)."""


def actor_words(actor: str, lang: Language = "en") -> str:
    """Who acted: a player's id as it is; the rules or chance named in ``lang`` (``rules`` in English, as kept)."""
    if lang == "en" or actor not in ACTORS:
        return actor
    return words(lang)(ACTORS[actor])


def width(text: str) -> int:
    """How many terminal columns ``text`` takes (a wide character, as in Japanese, takes two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def padded(text: str, columns: int) -> str:
    """``text`` padded with spaces to ``columns`` terminal columns."""
    return text + " " * max(0, columns - width(text))


def step_line(
    step: TraceStep, short: str, style: Style = plain, lang: Language = "en", game: str = "", column: int = 18
) -> str:
    """One step as one line: index, turn and phase, actor, sentence, cited ids (``column``: the turn and
    phase's width)."""
    ids = ", ".join(f"{short} {r.id}" for r in step.rules)
    cites = f"  {style('[' + ids + ']', 'id')}" if ids else ""
    marker = {"rejected": "✗ ", "stop": "■ ", "result": "★ "}.get(step.kind.value, "")
    text = f"{marker}{render(step.sentence, lang, game)}"
    if step.kind.value in ("rejected", "stop"):
        text = style(text, "stop")
    actor = padded(actor_words(step.actor, lang), 6)
    return f"{step.index:>4}  {style(padded(where(step, lang, game), column), 'dim')} {actor} {text}{cites}"


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
    _ = words(lang)
    book = f"{trace.game} {trace.document} {trace.version}"
    lines = [_("{title}  ({book}, scenario {name})").format(title=trace.title, book=book, name=trace.scenario)]
    shown = [s for s in trace.steps if until is None or s.index <= until]
    column = max([18, *(width(where(s, lang, trace.game)) for s in shown)])
    for step in shown:
        lines.append(step_line(step, short, style, lang, trace.game, column))
        if changes:
            for c in step.changes:
                lines.append(style(f"{'':>6}· {change_text(c, lang, trace.game, step.board)}", "dim"))
        if explain is not None:
            for ref in step.rules:
                text = explain(ref) or _("(text not found)")
                lines.append(f"{'':>6}{style(short + ' ' + ref.id, 'id')}  {text}")
    if until is not None:
        if shown:
            lines.append("")
            heading = _("the board after step {n}").format(n=shown[-1].index)
            lines.append(board_text(shown[-1].board, heading, lang, trace.game))
    else:
        o = trace.outcome
        ids = ", ".join(f"{short} {r.id}" for r in o.rules)
        end = _(END_WORDS.get(o.end.value, o.end.value))
        lines.append(f"{'':>4}  {end}: {render(o.message, lang, trace.game)}" + (f"  [{ids}]" if ids else ""))
    return "\n".join(lines) + "\n"


COUNTER_WORDS = {
    "cp": "CP",
    "lp": "LP",
    "gauge": "joker gauge",
    "crystals": "crystals",
    "walls": "walls",
    "winning_ticket": "winning ticket",
}
"""A player's counters on the board → their names (message ids, as the site's board names them)."""

NUMBER_WORDS = {"hp": "HP", "damage": "damage", "power": "power", "bp": "BP", "lv": "level", "attack": "attack"}
"""A card's numbers on the board → their names (message ids, as the site's board names them)."""


def _card(c: CardView, _: Callable[[str], str]) -> str:
    nums = " ".join(f"{_(NUMBER_WORDS[k]) if k in NUMBER_WORDS else k} {v}" for k, v in c.numbers)
    marks = " ".join(f"{k}:{v}" for k, v in c.markers if k != "damage")
    text = f"{c.name} [{c.iid}]" + (" " + _("(face down)") if c.face_down and not c.role else "")
    if nums:
        text += f" {nums}"
    if marks:
        text += f" {{{marks}}}"
    energy = [a for a in c.attached if a.role == "energy"]
    assist = [a for a in c.attached if a.role == "assist"]
    if energy:
        label = _("energy")
        text += f"; {label} {len(energy)} ({', '.join(a.name for a in energy)})"
    if assist:
        label = _("assist")
        text += f"; {label} {assist[0].name} [{assist[0].iid}]"
    return text


def _zone(z: ZoneView, _: Callable[[str], str], column: int = 9, named: bool = False) -> str:
    name = padded(z.label if named and z.label else z.name, column)
    if not z.cards:
        count = "-" if z.count == 0 else _("{n} card(s)").format(n=z.count)
        return f"    {name} {count}"
    if z.name in ("main",) or z.name.startswith("standby") or any(c.numbers or c.markers for c in z.cards):
        return f"    {name} " + "; ".join(_card(c, _) for c in z.cards)
    return f"    {name} ({z.count}) " + ", ".join(f"{c.name}" + (f"[{c.role}]" if c.role else "") for c in z.cards)


def board_text(board: BoardView, heading: str, lang: Language = "en", game: str = "") -> str:
    """The board as terminal text (its frame words in ``lang``; in Japanese each zone by the rulebook's name
    for it, and the phase or step by the game's)."""
    _ = words(lang)
    phase = part_words(board.phase, board.step, lang, game)
    turn = _("turn {n}, {player}'s turn, {phase}").format(n=board.turn, player=board.turn_player, phase=phase)
    lines = [f"{heading}: {turn}"]
    named = lang != "en"
    zones = [z for p in board.players for z in p.zones] + list(board.shared)
    column = max([9, *(width(z.label or z.name) for z in zones)]) if named else 9
    for p in board.players:
        counters = ", ".join(f"{_(COUNTER_WORDS.get(k.lower(), k))} {v}" for k, v in p.counters)
        lines.append(f"  {p.name} ({p.id})" + (f"  {counters}" if counters else ""))
        lines.extend(_zone(z, _, column, named) for z in p.zones)
    for z in board.shared:
        if z.count:
            lines.append(_zone(z, _, column, named))
    return "\n".join(lines)
