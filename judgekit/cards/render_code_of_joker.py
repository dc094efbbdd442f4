"""What the Code of Joker reader read, for a judge to confirm: the keys of a ``[cards.KEY]`` table as
TOML ready to paste, and the same in plain words in Japanese or English (catalog ``engine-coj``, ids
``coj.read.*``). The Japanese follows the rules page's and the cards' own words (対戦相手, 行動権を消費する,
消滅させる, 捨札, トリガーゾーン, 第1効果, フィールド効果); colours are the trace's terms (``coj.color.*``)."""

from __future__ import annotations

from typing import Any

from judgekit.cards.render import Words, toml_value
from judgekit.i18n import Language
from judgekit.message import Message, msg
from judgekit.render.sentences import render

Data = dict[str, Any]

_GAME = "code-of-joker"

_WHO: dict[str, Message] = {
    "own": msg("coj.read.who.own"),
    "opponent": msg("coj.read.who.opponent"),
    "both": msg("coj.read.who.both"),
}
"""A player as the one who does something."""

_WHOSE: dict[str, Message] = {
    "own": msg("coj.read.whose.own"),
    "opponent": msg("coj.read.whose.opponent"),
    "any": msg("coj.read.whose.any"),
}
"""A player's, as a possessive."""

_SIDE: dict[str, Message] = {
    "own": msg("coj.read.side.own"),
    "opponent": msg("coj.read.side.opponent"),
    "any": msg("coj.read.side.any"),
}
"""Whose units a choice looks at."""

_OF: dict[str, Message] = {
    "self": msg("coj.read.of.self"),
    "own": msg("coj.read.of.own"),
    "other_own": msg("coj.read.of.other_own"),
    "opponent": msg("coj.read.of.opponent"),
    "any": msg("coj.read.of.any"),
}
"""Whose unit a timing is about."""

_REF: dict[str, Message] = {
    "self": msg("coj.read.ref.self"),
    "subject": msg("coj.read.ref.subject"),
    "attacker": msg("coj.read.ref.attacker"),
    "blocker": msg("coj.read.ref.blocker"),
}
"""A unit an effect names without choosing it."""

_COUNTED: dict[str, Message] = {
    "life": msg("coj.read.counted.life"),
    "units": msg("coj.read.counted.units"),
    "hand": msg("coj.read.counted.hand"),
    "cp": msg("coj.read.counted.cp"),
    "trigger": msg("coj.read.counted.trigger"),
    "discard": msg("coj.read.counted.discard"),
    "deck": msg("coj.read.counted.deck"),
}
"""What a condition counts."""

_COLOR: dict[str, Message] = {
    "red": msg("coj.color.red"),
    "blue": msg("coj.color.blue"),
    "yellow": msg("coj.color.yellow"),
    "green": msg("coj.color.green"),
    "purple": msg("coj.color.purple"),
    "colorless": msg("coj.color.colorless"),
}
"""The colours (属性), in the trace's terms."""

_TYPE: dict[str, Message] = {
    "unit": msg("coj.read.type.unit"),
    "evolution": msg("coj.read.type.evolution"),
    "trigger": msg("coj.read.type.trigger"),
    "intercept": msg("coj.read.type.intercept"),
    "joker": msg("coj.read.type.joker"),
}
"""The kinds of card."""


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def card_toml(reading: Data, language: Language = "en") -> str:
    """The keys of a ``[cards.KEY]`` table for what was read."""
    lines: list[str] = []
    if reading.get("abilities"):
        lines.append("# " + render(msg("coj.read.not_printed"), language, _GAME))
    for key in ("keywords", "dimension", "on", "of"):
        if key in reading:
            lines.append(f"{key} = {toml_value(reading[key])}")
    for key in ("abilities", "field", "effects"):
        if key not in reading:
            continue
        items = reading[key]
        if len(items) == 1:
            lines.append(f"{key} = [{toml_value(items[0])}]")
        else:
            lines.append(f"{key} = [")
            lines.extend(f"  {toml_value(item)}," for item in items)
            lines.append("]")
    return "\n".join(lines)


class _Words(Words):
    """Renders the pieces of a reading in one language."""

    game = _GAME

    def units(self, target: Any) -> str:
        """A ``target`` in plain words."""
        if isinstance(target, str):
            return self.word(_REF, target)
        adjectives = []
        if target.get("acted"):
            adjectives.append(self.r(msg("coj.read.sel.acted")))
        elif target.get("acted") is False:
            adjectives.append(self.r(msg("coj.read.sel.unacted")))
        if target.get("color"):
            adjectives.append(self.r(msg("coj.read.sel.color", color=self.word(_COLOR, target["color"]))))
        many = target.get("all") or target.get("count", 1) != 1
        adjectives.append(self.r(msg("coj.read.sel.unit", n=2 if many else 1)))
        noun = ("" if self.ja else " ").join(adjectives)
        if target.get("other"):
            noun = self.r(msg("coj.read.sel.other", noun=noun))
        limits = []
        if "max_bp" in target:
            limits.append(self.r(msg("coj.read.sel.max_bp", n=target["max_bp"])))
        if "max_cost" in target:
            limits.append(self.r(msg("coj.read.sel.max_cost", n=target["max_cost"])))
        if "min_bp" in target:
            limits.append(self.r(msg("coj.read.sel.min_bp", n=target["min_bp"])))
        if "min_cost" in target:
            limits.append(self.r(msg("coj.read.sel.min_cost", n=target["min_cost"])))
        side = target.get("side", "opponent")
        if target.get("all"):
            if side == "any":
                head = self.r(msg("coj.read.sel.all_any", noun=noun))
            else:
                head = self.r(msg("coj.read.sel.all", whose=self.word(_WHOSE, side), noun=noun))
        else:
            args = {"count": target.get("count", 1), "noun": noun, "side": self.word(_SIDE, side)}
            up_to = target.get("up_to")
            head = self.r(msg("coj.read.sel.chosen_up_to", **args) if up_to else msg("coj.read.sel.chosen", **args))
        if not limits:
            return head
        return self.r(msg("coj.read.sel.with", head=head, limits=("、" if self.ja else ", ").join(limits)))

    def condition(self, cond: Data) -> str:
        """A condition in plain words."""
        what = self.word(_COUNTED, cond["count"])
        if cond.get("color"):
            what = self.r(msg("coj.read.colored", color=self.word(_COLOR, cond["color"]), what=what))
        least, most = cond.get("at_least"), cond.get("at_most")
        if least is not None and most is not None:
            bounds = self.r(msg("coj.read.bound.between", low=least, high=most))
        elif least is not None:
            bounds = self.r(msg("coj.read.bound.at_least", n=least))
        else:
            bounds = self.r(msg("coj.read.bound.at_most", n=most))
        return self.r(
            msg("coj.read.cond", whose=self.word(_WHOSE, cond.get("player", "own")), what=what, bounds=bounds)
        )

    def effect(self, op: Data) -> str:
        """One instruction in plain words."""
        kind = op["op"]
        target = self.units(op["target"]) if "target" in op else ""
        player = op.get("player", "own")
        if kind == "bp":
            if op.get("base"):
                return self.r(msg("coj.read.bp_base", target=target, by=_signed(op["amount"])))
            return self.r(msg("coj.read.bp", target=target, by=_signed(op["amount"])))
        if kind == "damage":
            return self.r(msg("coj.read.damage", target=target, amount=op["amount"]))
        if kind == "destroy":
            return self.r(msg("coj.read.destroy", target=target))
        if kind == "delete":
            return self.r(msg("coj.read.delete", target=target))
        if kind == "bounce":
            return self.r(msg("coj.read.bounce", target=target))
        if kind == "consume":
            return self.r(msg("coj.read.consume", target=target))
        if kind == "recover":
            return self.r(msg("coj.read.recover", target=target))
        if kind == "release":
            return self.r(msg("coj.read.release", target=target))
        if kind == "level":
            if op["by"] >= 0:
                return self.r(msg("coj.read.level_up", target=target, n=op["by"]))
            return self.r(msg("coj.read.level_down", target=target, n=-op["by"]))
        if kind == "grant":
            keyword = op["keyword"] + (f"/コスト{op['dimension']}" if op.get("dimension") is not None else "")
            if op.get("until") == "game":
                return self.r(msg("coj.read.grant_game", target=target, keyword=keyword))
            return self.r(msg("coj.read.grant", target=target, keyword=keyword))
        if kind == "cp":
            return self.r(msg("coj.read.cp", whose=self.word(_WHOSE, op["player"]), by=_signed(op["by"])))
        if kind == "life":
            amount = op.get("amount", 1)
            if player == "own":
                return self.r(msg("coj.read.life_own", amount=amount))
            return self.r(msg("coj.read.life", who=self.word(_WHO, player), amount=amount))
        if kind == "draw":
            if player == "own":
                return self.r(msg("coj.read.draw", n=op.get("count", 1)))
            return self.r(msg("coj.read.draw_by", who=self.word(_WHO, player), n=op.get("count", 1)))
        if kind == "discard":
            if player == "own":
                return self.r(msg("coj.read.discard", n=op.get("count", 1)))
            return self.r(msg("coj.read.discard_by", who=self.word(_WHO, player), n=op.get("count", 1)))
        if kind == "break_set":
            whose = self.word(_WHOSE, op.get("player", "opponent"))
            return self.r(msg("coj.read.break_set", whose=whose, n=op.get("count", 1)))
        if kind == "delete_discard":
            whose = self.word(_WHOSE, op.get("player", "opponent"))
            return self.r(msg("coj.read.delete_discard", whose=whose, n=op.get("count", 1)))
        if kind == "salvage":
            n = op.get("count", 1)
            if op.get("type"):
                what = self.word(_TYPE, op["type"])
                if op.get("random"):
                    return self.r(msg("coj.read.salvage_type_random", type=what, n=n))
                return self.r(msg("coj.read.salvage_type", type=what, n=n))
            return self.r(msg("coj.read.salvage_random", n=n) if op.get("random") else msg("coj.read.salvage", n=n))
        if kind == "if_done":
            return self.r(msg("coj.read.if_done", do=self.effects(op["do"]), then=self.effects(op["then"])))
        if kind == "if":
            return self.r(msg("coj.read.if", condition=self.condition(op["condition"]), then=self.effects(op["then"])))
        return toml_value(op)

    def effects(self, ops: list[Data]) -> str:
        """Several instructions in order."""
        out = ""
        for op in ops:
            said = self.effect(op)
            out = said if not out else self.r(msg("coj.read.then", first=out, then=said))
        return out

    def timing(self, on: str, of: str) -> str:
        """When an effect fires, in plain words."""
        if on in ("turn_start", "turn_end"):
            whose = self.word(_WHOSE, {"self": "own", "other_own": "own"}.get(of, of))
            if on == "turn_start":
                return self.r(msg("coj.read.on.turn_start", whose=whose))
            return self.r(msg("coj.read.on.turn_end", whose=whose))
        unit = self.word(_OF, of)
        timings = {
            "enter": msg("coj.read.on.enter", unit=unit),
            "attack": msg("coj.read.on.attack", unit=unit),
            "block": msg("coj.read.on.block", unit=unit),
            "battle": msg("coj.read.on.battle", unit=unit),
            "destroyed": msg("coj.read.on.destroyed", unit=unit),
            "battle_end": msg("coj.read.on.battle_end", unit=unit),
            "oc": msg("coj.read.on.oc", unit=unit),
            "player_attack": msg("coj.read.on.player_attack", unit=unit),
        }
        return self.r(timings[on]) if on in timings else on

    def field(self, field: Data) -> str:
        """A field effect in plain words."""
        adjectives = []
        if field.get("color"):
            adjectives.append(self.r(msg("coj.read.sel.color", color=self.word(_COLOR, field["color"]))))
        adjectives.append(self.r(msg("coj.read.sel.unit", n=2)))
        noun = ("" if self.ja else " ").join(adjectives)
        if field.get("other"):
            noun = self.r(msg("coj.read.sel.other", noun=noun))
        has = [self.r(msg("coj.read.field_bp", by=_signed(field["bp"])))] if field.get("bp") else []
        has += [f"【{k}】" for k in field.get("keywords", [])]
        joined = has[0] if has else ""
        for more in has[1:]:
            joined = self.r(msg("coj.read.and", a=joined, b=more))
        whose = self.word(_WHOSE, field.get("side", "own"))
        return self.r(msg("coj.read.field", whose=whose, noun=noun, has=joined))

    def card(self, reading: Data) -> list[str]:
        """What was read, one sentence per part (keywords, each effect, each field effect, a card's effect)."""
        end = "。" if self.ja else "."
        out: list[str] = []
        if reading.get("keywords"):
            marks = "".join(f"【{k}】" for k in reading["keywords"])
            if reading.get("dimension") is not None:
                out.append(self.r(msg("coj.read.keywords_dimension", marks=marks, cost=reading["dimension"])) + end)
            else:
                out.append(self.r(msg("coj.read.keywords", marks=marks)) + end)
        for n, ab in enumerate(reading.get("abilities", []), start=1):
            when = self.timing(ab["on"], ab.get("of", "self"))
            out.append(self.r(msg("coj.read.ability", n=n, when=when, body=self.effects(ab["effects"]))) + end)
        for field in reading.get("field", []):
            out.append(self.field(field) + end)
        if "effects" in reading:
            body = self.effects(reading["effects"])
            if reading.get("on"):
                when = self.timing(reading["on"], reading.get("of", "own"))
                out.append(self.r(msg("coj.read.effect_when", when=when, body=body)) + end)
            else:
                out.append(self.r(msg("coj.read.effect", body=body)) + end)
        return out


def card_sentences(reading: Data, language: Language = "en") -> list[str]:
    """What was read, one sentence per part (keywords, each effect, each field effect, a card's effect)."""
    return _Words(language).card(reading)
