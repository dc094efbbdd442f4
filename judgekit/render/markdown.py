"""The Markdown rendering of a trace: a numbered list of steps with their cited rules."""

from __future__ import annotations

import re

from judgekit.engine import Trace
from judgekit.i18n import Language
from judgekit.render.sentences import render
from judgekit.render.text import END_WORDS, RuleText, actor_words, board_text, where, words


def trace_markdown(
    trace: Trace, short: str, *, explain: RuleText | None = None, until: int | None = None, lang: Language = "en"
) -> str:
    """The trace as Markdown (sentences in ``lang``); ``explain`` quotes each cited rule under its step."""
    _ = words(lang)
    book = _escape(f"{trace.game} {trace.document} {trace.version}")
    lines = [
        f"# {_escape(trace.title)}",
        "",
        "*" + _escape(_("{book}, scenario {name}")).format(book=book, name=_code(trace.scenario)) + "*",
        "",
    ]
    for step in trace.steps:
        if until is not None and step.index > until:
            break
        ids = ", ".join(f"`{short} {r.id}`" for r in step.rules)
        sentence = _escape(render(step.sentence, lang, trace.game))
        actor = _escape(actor_words(step.actor, lang))
        head = f"{step.index}. **{_escape(where(step, lang, trace.game))}** · {actor} · {sentence}"
        lines.append(head + (f" — {ids}" if ids else ""))
        if explain is not None:
            for ref in step.rules:
                lines.append(f"    > **{short} {ref.id}** {_escape(explain(ref) or _('(text not found)'))}")
    lines.append("")
    if until is not None:
        last = [s for s in trace.steps if s.index <= until]
        if last:
            heading = _("the board after step {n}").format(n=last[-1].index)
            board = board_text(last[-1].board, heading, lang, trace.game)
            fence = "`" * max(3, 1 + max((len(run) for run in re.findall(r"`+", board)), default=0))
            lines += [fence, board, fence, ""]
    else:
        o = trace.outcome
        ids = ", ".join(f"`{short} {r.id}`" for r in o.rules)
        message = _escape(render(o.message, lang, trace.game))
        outcome = _("Outcome ({end}):").format(end=_(END_WORDS.get(o.end.value, o.end.value)))
        lines.append(f"**{_escape(outcome)}** {message}" + (f" — {ids}" if ids else ""))
        lines.append("")
    return "\n".join(lines)


_SPECIAL = re.compile(r"[\\`*_\[\]<>#|&~]")
"""Characters Markdown may read as inline markup (emphasis, code, links, HTML, entities, GFM strikethrough and
table cells) or, in a heading, as its closing ``#``; each is written with a backslash (CommonMark 2.4)."""


def _escape(text: str) -> str:
    """``text`` as literal inline Markdown: markup characters backslash-escaped, line breaks as spaces."""
    return _SPECIAL.sub(lambda m: "\\" + m.group(), " ".join(text.splitlines()))


def _code(text: str) -> str:
    """``text`` as an inline code span, fenced with more backticks than it holds in a row."""
    text = " ".join(text.splitlines())
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"
